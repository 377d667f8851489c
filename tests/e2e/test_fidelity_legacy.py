"""Legacy conditional parameters, ReturnValuesOnConditionCheckFailure,
DescribeLimits and DescribeEndpoints through boto3, checking error type,
HTTP status and DynamoDB's message. Requests boto3 would refuse go through a
client with parameter validation off."""

import unittest

import boto3
from botocore.config import Config

from dynamini_harness import ClientError, ServerTestCase

TABLE = "legacy_t"


class LegacyParameters(ServerTestCase):
    inbox = False

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.raw_client = boto3.session.Session().client(
            "dynamodb", endpoint_url=cls.server.url, region_name="us-east-1",
            aws_access_key_id="x", aws_secret_access_key="x",
            config=Config(parameter_validation=False, retries={"max_attempts": 1}))
        cls.ddb.create_table(
            TableName=TABLE,
            AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"},
                                  {"AttributeName": "sk", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"},
                       {"AttributeName": "sk", "KeyType": "RANGE"}],
            BillingMode="PAY_PER_REQUEST")
        for sk, n in (("a1", "5"), ("a2", "7"), ("b1", "9")):
            cls.ddb.put_item(TableName=TABLE, Item={"pk": {"S": "p"}, "sk": {"S": sk}, "n": {"N": n}})

    def assertApiError(self, call, code, message):
        with self.assertRaises(ClientError) as ctx:
            call()
        err = ctx.exception.response
        self.assertEqual(err["Error"]["Code"], code)
        self.assertEqual(err["ResponseMetadata"]["HTTPStatusCode"], 400)
        self.assertEqual(err["Error"]["Message"], message)
        return ctx.exception

    def test_expected_exists_false_fails_on_existing_item(self):
        self.assertApiError(
            lambda: self.ddb.put_item(TableName=TABLE, Item={"pk": {"S": "p"}, "sk": {"S": "a1"}},
                                      Expected={"pk": {"Exists": False}}),
            "ConditionalCheckFailedException", "The conditional request failed")

    def test_expected_comparison_allows_write(self):
        self.ddb.put_item(TableName=TABLE, Item={"pk": {"S": "p"}, "sk": {"S": "c1"}, "n": {"N": "1"}},
                          Expected={"n": {"ComparisonOperator": "NULL"}})
        self.ddb.update_item(TableName=TABLE, Key={"pk": {"S": "p"}, "sk": {"S": "c1"}},
                             Expected={"n": {"ComparisonOperator": "EQ", "AttributeValueList": [{"N": "1"}]}},
                             AttributeUpdates={"n": {"Action": "ADD", "Value": {"N": "4"}}})
        item = self.ddb.get_item(TableName=TABLE, Key={"pk": {"S": "p"}, "sk": {"S": "c1"}})["Item"]
        self.assertEqual(item["n"], {"N": "5"})

    def test_expected_exists_with_operator_is_refused(self):
        self.assertApiError(
            lambda: self.ddb.delete_item(TableName=TABLE, Key={"pk": {"S": "p"}, "sk": {"S": "a1"}},
                                         Expected={"n": {"Exists": True, "ComparisonOperator": "NULL"}}),
            "ValidationException",
            # Enveloped on DeleteItem (paritysuite/dynamodb-conformance
            # tests/tier3/error-messages/deleteItem.test.ts, 2026-10-09).
            "1 validation error detected: "
            "One or more parameter values were invalid: Exists and ComparisonOperator cannot be "
            "used together for Attribute: n")

    def test_mixing_expected_and_condition_expression_is_refused(self):
        self.assertApiError(
            lambda: self.ddb.put_item(TableName=TABLE, Item={"pk": {"S": "p"}, "sk": {"S": "a1"}},
                                      Expected={"n": {"Exists": False}},
                                      ConditionExpression="attribute_not_exists(pk)"),
            "ValidationException",
            # PutItem sends the request-validation family under the constraint prefix
            # (nubo-db/dynoxide pull request 152, captured from DynamoDB).
            "1 validation error detected: "
            "Can not use both expression and non-expression parameters in the same request: "
            "Non-expression parameters: {Expected} Expression parameters: {ConditionExpression}")

    def test_unknown_comparison_operator_is_a_shape_error(self):
        self.assertApiError(
            lambda: self.raw_client.scan(TableName=TABLE, ScanFilter={"n": {"ComparisonOperator": "XX"}}),
            "ValidationException",
            "1 validation error detected: Value 'XX' at 'scanFilter.n.member.comparisonOperator' "
            "failed to satisfy constraint: Member must satisfy enum value set: [IN, NULL, BETWEEN, "
            "LT, NOT_CONTAINS, EQ, GT, NOT_NULL, NE, LE, BEGINS_WITH, GE, CONTAINS]")

    def test_attribute_updates_add_of_string_is_refused(self):
        self.assertApiError(
            lambda: self.ddb.update_item(TableName=TABLE, Key={"pk": {"S": "p"}, "sk": {"S": "a1"}},
                                         AttributeUpdates={"s": {"Action": "ADD", "Value": {"S": "x"}}}),
            "ValidationException",
            "One or more parameter values were invalid: ADD action is not supported for the type S")

    def test_attribute_updates_returns_updated_new(self):
        out = self.ddb.update_item(TableName=TABLE, Key={"pk": {"S": "p"}, "sk": {"S": "d1"}},
                                   AttributeUpdates={"tags": {"Action": "ADD", "Value": {"SS": ["a", "b"]}},
                                                     "x": {"Value": {"S": "v"}}},
                                   ReturnValues="UPDATED_NEW")
        self.assertEqual(out["Attributes"], {"tags": {"SS": ["a", "b"]}, "x": {"S": "v"}})

    def test_query_key_conditions_and_query_filter(self):
        out = self.ddb.query(
            TableName=TABLE,
            KeyConditions={"pk": {"ComparisonOperator": "EQ", "AttributeValueList": [{"S": "p"}]},
                           "sk": {"ComparisonOperator": "BEGINS_WITH", "AttributeValueList": [{"S": "a"}]}},
            QueryFilter={"n": {"ComparisonOperator": "GT", "AttributeValueList": [{"N": "6"}]}})
        self.assertEqual([i["sk"]["S"] for i in out["Items"]], ["a2"])
        self.assertEqual(out["ScannedCount"], 2)

    def test_query_key_conditions_non_indexable_is_refused(self):
        self.assertApiError(
            lambda: self.ddb.query(TableName=TABLE, KeyConditions={
                "pk": {"ComparisonOperator": "CONTAINS", "AttributeValueList": [{"S": "p"}]}}),
            "ValidationException", "Attempted conditional constraint is not an indexable operation")

    def test_query_filter_with_key_condition_expression_is_refused(self):
        self.assertApiError(
            lambda: self.ddb.query(TableName=TABLE, KeyConditionExpression="pk = :p",
                                   ExpressionAttributeValues={":p": {"S": "p"}},
                                   QueryFilter={"n": {"ComparisonOperator": "NOT_NULL"}}),
            "ValidationException",
            "Can not use both expression and non-expression parameters in the same request: "
            "Non-expression parameters: {QueryFilter} Expression parameters: {KeyConditionExpression}")

    def test_filter_expression_on_sort_key_is_refused(self):
        self.assertApiError(
            lambda: self.ddb.query(TableName=TABLE, KeyConditionExpression="pk = :p",
                                   FilterExpression="sk > :a",
                                   ExpressionAttributeValues={":p": {"S": "p"}, ":a": {"S": "a"}}),
            "ValidationException",
            "Filter Expression can only contain non-primary key attributes: Primary key attribute: sk")

    def test_scan_filter_with_conditional_operator_or(self):
        out = self.ddb.scan(TableName=TABLE, ConditionalOperator="OR", ScanFilter={
            "n": {"ComparisonOperator": "BETWEEN", "AttributeValueList": [{"N": "6"}, {"N": "8"}]},
            "sk": {"ComparisonOperator": "EQ", "AttributeValueList": [{"S": "b1"}]}})
        self.assertEqual(sorted(i["sk"]["S"] for i in out["Items"]), ["a2", "b1"])

    def test_conditional_operator_with_one_condition_is_refused(self):
        self.assertApiError(
            lambda: self.ddb.scan(TableName=TABLE, ConditionalOperator="AND",
                                  ScanFilter={"n": {"ComparisonOperator": "NOT_NULL"}}),
            "ValidationException",
            "ConditionalOperator can only be used when Filter or Expected has two or more elements")

    # Debian's botocore predates ReturnValuesOnConditionCheckFailure (its
    # serializer drops the member), so these two go over raw HTTP.
    def test_return_values_on_condition_check_failure_returns_item(self):
        status, body = self.server.raw_json("PutItem", {
            "TableName": TABLE, "Item": {"pk": {"S": "p"}, "sk": {"S": "b1"}},
            "ConditionExpression": "attribute_not_exists(pk)",
            "ReturnValuesOnConditionCheckFailure": "ALL_OLD"})
        self.assertEqual(status, 400)
        self.assertTrue(body["__type"].endswith("#ConditionalCheckFailedException"), body)
        self.assertEqual(body["message"], "The conditional request failed")
        self.assertEqual(body["Item"], {"pk": {"S": "p"}, "sk": {"S": "b1"}, "n": {"N": "9"}})

    def test_return_values_on_condition_check_failure_enum(self):
        status, body = self.server.raw_json("DeleteItem", {
            "TableName": TABLE, "Key": {"pk": {"S": "p"}, "sk": {"S": "b1"}},
            "ReturnValuesOnConditionCheckFailure": "ALL_NEW"})
        self.assertEqual(status, 400)
        self.assertTrue(body["__type"].endswith("#ValidationException"), body)
        self.assertEqual(
            body["message"],
            "1 validation error detected: Value 'ALL_NEW' at 'returnValuesOnConditionCheckFailure' "
            "failed to satisfy constraint: Member must satisfy enum value set: [ALL_OLD, NONE]")

    def test_ne_and_not_contains_hold_for_a_missing_attribute(self):
        # dynalite db/index.js compare(): NE fails only on an equal value of the
        # same type, NOT_CONTAINS only when the value is found.
        everything = self.ddb.scan(TableName=TABLE)["Count"]
        for op in ("NE", "NOT_CONTAINS"):
            count = self.ddb.scan(TableName=TABLE, ScanFilter={
                "missing": {"ComparisonOperator": op, "AttributeValueList": [{"S": "x"}]}})["Count"]
            self.assertEqual(count, everything, op)

    def test_contains_on_a_binary_attribute_searches_its_bytes(self):
        # API reference Condition: for Binary, "a subsequence of the target".
        self.ddb.put_item(TableName=TABLE, Item={"pk": {"S": "bin"}, "sk": {"S": "1"},
                                                 "b": {"B": bytes([0, 1, 2, 3])}})
        def count(op, needle):
            return self.ddb.query(TableName=TABLE, KeyConditions={
                "pk": {"ComparisonOperator": "EQ", "AttributeValueList": [{"S": "bin"}]}},
                QueryFilter={"b": {"ComparisonOperator": op, "AttributeValueList": [{"B": needle}]}})["Count"]
        self.assertEqual(count("CONTAINS", bytes([1, 2])), 1)
        self.assertEqual(count("CONTAINS", bytes([2, 1])), 0)
        self.assertEqual(count("NOT_CONTAINS", bytes([1, 2])), 0)

    def test_get_operations_ignore_expression_attribute_values(self):
        # Not in GetItem's, BatchGetItem's or TransactGetItems' API shape, so
        # ignored like any unknown member (boto3 cannot send it: raw requests).
        key = {"pk": {"S": "p"}, "sk": {"S": "a1"}}
        values = {":v": {"S": "x"}}
        status, body = self.server.raw_json("GetItem", {
            "TableName": TABLE, "Key": key, "ExpressionAttributeValues": values})
        self.assertEqual((status, body["Item"]["n"]), (200, {"N": "5"}))
        status, body = self.server.raw_json("BatchGetItem", {"RequestItems": {
            TABLE: {"Keys": [key], "ExpressionAttributeValues": values}}})
        self.assertEqual((status, len(body["Responses"][TABLE])), (200, 1))
        status, body = self.server.raw_json("TransactGetItems", {"TransactItems": [
            {"Get": {"TableName": TABLE, "Key": key, "ExpressionAttributeValues": values}}]})
        self.assertEqual((status, body["Responses"][0]["Item"]["n"]), (200, {"N": "5"}))

    def test_describe_limits(self):
        out = self.ddb.describe_limits()
        self.assertEqual(out["AccountMaxReadCapacityUnits"], 80000)
        self.assertEqual(out["TableMaxWriteCapacityUnits"], 40000)

    def test_describe_endpoints(self):
        out = self.ddb.describe_endpoints()
        self.assertEqual(out["Endpoints"], [{"Address": "dynamodb.us-east-1.amazonaws.com",
                                              "CachePeriodInMinutes": 1440}])


if __name__ == "__main__":
    unittest.main()
