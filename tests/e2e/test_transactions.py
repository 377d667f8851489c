"""TransactWriteItems and TransactGetItems through boto3 and the AWS CLI."""

import json
import unittest
import uuid

from dynamini_harness import ClientError, ServerTestCase


class TransactionsTest(ServerTestCase):

    def setUp(self):
        self.table = self.create_table()
        self.ddb.put_item(TableName=self.table,
                          Item={"pk": {"S": "a"}, "sk": {"S": "1"}, "n": {"N": "1"}})

    def test_write_transaction_applies_every_action(self):
        self.ddb.transact_write_items(TransactItems=[
            {"Put": {"TableName": self.table, "Item": {"pk": {"S": "a"}, "sk": {"S": "2"}}}},
            {"Update": {"TableName": self.table, "Key": {"pk": {"S": "a"}, "sk": {"S": "1"}},
                        "UpdateExpression": "SET n = n + :one",
                        "ExpressionAttributeValues": {":one": {"N": "1"}}}},
        ])
        got = self.ddb.get_item(TableName=self.table, Key={"pk": {"S": "a"}, "sk": {"S": "1"}})
        self.assertEqual(got["Item"]["n"], {"N": "2"})
        self.assertIn("Item", self.ddb.get_item(
            TableName=self.table, Key={"pk": {"S": "a"}, "sk": {"S": "2"}}))

    def test_cancellation_reasons_reach_boto3_and_nothing_is_written(self):
        with self.assertRaises(ClientError) as ctx:
            self.ddb.transact_write_items(TransactItems=[
                {"Put": {"TableName": self.table, "Item": {"pk": {"S": "a"}, "sk": {"S": "3"}}}},
                {"ConditionCheck": {"TableName": self.table,
                                    "Key": {"pk": {"S": "a"}, "sk": {"S": "1"}},
                                    "ConditionExpression": "n = :two",
                                    "ExpressionAttributeValues": {":two": {"N": "2"}},
                                    "ReturnValuesOnConditionCheckFailure": "ALL_OLD"}},
            ])
        self.assertClientError(ctx, "TransactionCanceledException")
        self.assertEqual(
            ctx.exception.response["Error"]["Message"],
            "Transaction cancelled, please refer cancellation reasons for specific reasons "
            "[None, ConditionalCheckFailed]")
        reasons = ctx.exception.response["CancellationReasons"]
        self.assertEqual(reasons[0], {"Code": "None"})
        self.assertEqual(reasons[1]["Code"], "ConditionalCheckFailed")
        self.assertEqual(reasons[1]["Item"]["n"], {"N": "1"})
        self.assertNotIn("Item", self.ddb.get_item(
            TableName=self.table, Key={"pk": {"S": "a"}, "sk": {"S": "3"}}))

    def test_client_request_token_makes_a_retry_idempotent(self):
        token = str(uuid.uuid4())
        request = dict(ClientRequestToken=token, TransactItems=[
            {"Update": {"TableName": self.table, "Key": {"pk": {"S": "a"}, "sk": {"S": "1"}},
                        "UpdateExpression": "ADD n :one",
                        "ExpressionAttributeValues": {":one": {"N": "1"}}}}])
        self.ddb.transact_write_items(**request)
        self.ddb.transact_write_items(**request)
        got = self.ddb.get_item(TableName=self.table, Key={"pk": {"S": "a"}, "sk": {"S": "1"}})
        self.assertEqual(got["Item"]["n"], {"N": "2"})
        request["TransactItems"][0]["Update"]["ExpressionAttributeValues"][":one"] = {"N": "5"}
        with self.assertRaises(ClientError) as ctx:
            self.ddb.transact_write_items(**request)
        self.assertClientError(ctx, "IdempotentParameterMismatchException")

    def test_two_actions_on_one_item_are_a_validation_error(self):
        key = {"pk": {"S": "a"}, "sk": {"S": "1"}}
        with self.assertRaises(ClientError) as ctx:
            self.ddb.transact_write_items(TransactItems=[
                {"Delete": {"TableName": self.table, "Key": key}},
                {"ConditionCheck": {"TableName": self.table, "Key": key,
                                    "ConditionExpression": "attribute_exists(pk)"}}])
        self.assertClientError(
            ctx, "ValidationException",
            message_contains="Transaction request cannot include multiple operations on one item")

    def test_get_transaction_answers_in_order(self):
        out = self.ddb.transact_get_items(
            TransactItems=[
                {"Get": {"TableName": self.table, "Key": {"pk": {"S": "a"}, "sk": {"S": "9"}}}},
                {"Get": {"TableName": self.table, "Key": {"pk": {"S": "a"}, "sk": {"S": "1"}},
                         "ProjectionExpression": "n"}}],
            ReturnConsumedCapacity="TOTAL")
        self.assertEqual(out["Responses"], [{}, {"Item": {"n": {"N": "1"}}}])
        self.assertEqual(out["ConsumedCapacity"][0]["CapacityUnits"], 4.0)

    def test_aws_cli_transact_write_items(self):
        items = [{"Put": {"TableName": self.table,
                          "Item": {"pk": {"S": "cli"}, "sk": {"S": "1"}}}}]
        self.server.aws("transact-write-items", "--transact-items", json.dumps(items))
        got = self.ddb.get_item(TableName=self.table, Key={"pk": {"S": "cli"}, "sk": {"S": "1"}})
        self.assertIn("Item", got)


if __name__ == "__main__":
    unittest.main()
