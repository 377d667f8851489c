"""Bad input gets a typed 400 and the server keeps serving afterwards.

Inputs an SDK would refuse to send go over raw HTTP (http.client)."""

import binascii
import json
import re
import unittest

from dynamini_harness import ClientError, ServerTestCase

# SDKs take the code after the last '#'; real DynamoDB uses several prefixes
# (com.amazon.coral.service#, com.amazon.coral.validate#,
# com.amazonaws.dynamodb.v20120810#), so only the shape is pinned down.
TYPE_PATTERN = re.compile(r"^com\.amazon(aws)?\.[A-Za-z0-9.]+#(\w+)$")


class BadInput(ServerTestCase):
    inbox = False

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.ddb.create_table(
            TableName="bad_input",
            AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
            BillingMode="PAY_PER_REQUEST")

    def assertRawError(self, status, headers, body, code):
        self.assertEqual(status, 400, body)
        doc = json.loads(body)
        match = TYPE_PATTERN.match(doc.get("__type", ""))
        self.assertIsNotNone(match, doc)
        self.assertEqual(match.group(2), code, doc)
        self.assertIn("application/x-amz-json-1.0",
                      headers.get("content-type", ""))
        return doc

    # ---- raw HTTP ----------------------------------------------------------

    def test_malformed_json_is_serialization_exception_400(self):
        status, headers, body = self.server.raw(
            b'{"TableName": "t", "Item": {', target="DynamoDB_20120810.PutItem")
        self.assertRawError(status, headers, body, "SerializationException")
        self.assertServerStillServes()

    def test_binary_garbage_body_is_serialization_exception_400(self):
        status, headers, body = self.server.raw(
            bytes(range(256)), target="DynamoDB_20120810.GetItem")
        self.assertRawError(status, headers, body, "SerializationException")
        self.assertServerStillServes()

    def test_json_member_of_the_wrong_type_is_serialization_exception_400(self):
        status, headers, body = self.server.raw(
            json.dumps({"TableName": 5, "Key": {"pk": {"S": "a"}}}),
            target="DynamoDB_20120810.GetItem")
        self.assertRawError(status, headers, body, "SerializationException")
        self.assertServerStillServes()

    def test_unknown_operation_is_unknown_operation_exception_400(self):
        status, headers, body = self.server.raw(
            "{}", target="DynamoDB_20120810.FrobnicateTable")
        self.assertRawError(status, headers, body, "UnknownOperationException")
        self.assertServerStillServes()

    def test_error_and_success_bodies_carry_a_matching_crc32_and_request_id(self):
        for target, body in (("DynamoDB_20120810.ListTables", "{}"),
                             ("DynamoDB_20120810.DescribeTable",
                              '{"TableName":"missing"}')):
            status, headers, data = self.server.raw(body, target=target)
            self.assertIn("x-amz-crc32", headers, target)
            self.assertEqual(int(headers["x-amz-crc32"]),
                             binascii.crc32(data) & 0xFFFFFFFF, target)
            self.assertTrue(headers.get("x-amzn-requestid"), target)

    # ---- through boto3 ----------------------------------------------------

    def test_unknown_table_is_resource_not_found_400(self):
        with self.assertRaises(ClientError) as ctx:
            self.ddb.get_item(TableName="does-not-exist",
                              Key={"pk": {"S": "a"}})
        self.assertClientError(ctx, "ResourceNotFoundException",
                               message_contains="Requested resource not found")
        self.assertServerStillServes()

    def test_put_item_key_of_the_wrong_type_is_validation_exception(self):
        with self.assertRaises(ClientError) as ctx:
            self.ddb.put_item(TableName="bad_input", Item={"pk": {"N": "1"}})
        self.assertClientError(ctx, "ValidationException")
        self.assertServerStillServes()

    def test_get_item_key_missing_the_hash_attribute_is_validation_exception(self):
        with self.assertRaises(ClientError) as ctx:
            self.ddb.get_item(TableName="bad_input", Key={"other": {"S": "a"}})
        self.assertClientError(ctx, "ValidationException")
        self.assertServerStillServes()

    def test_number_that_is_not_a_number_is_validation_exception(self):
        with self.assertRaises(ClientError) as ctx:
            self.ddb.put_item(TableName="bad_input", Item={"pk": {"S": "n"},
                                                   "v": {"N": "twelve"}})
        self.assertClientError(ctx, "ValidationException")
        self.assertNotIn("Item", self.ddb.get_item(TableName="bad_input",
                                                   Key={"pk": {"S": "n"}}))

    def test_empty_string_set_is_validation_exception(self):
        with self.assertRaises(ClientError) as ctx:
            self.ddb.put_item(TableName="bad_input", Item={"pk": {"S": "e"},
                                                   "ss": {"SS": []}})
        self.assertClientError(ctx, "ValidationException")
        self.assertServerStillServes()

    def test_invalid_expression_syntax_is_validation_exception(self):
        with self.assertRaises(ClientError) as ctx:
            self.ddb.update_item(TableName="bad_input", Key={"pk": {"S": "x"}},
                                 UpdateExpression="SET = = :v",
                                 ExpressionAttributeValues={":v": {"S": "v"}})
        self.assertClientError(ctx, "ValidationException")
        self.assertServerStillServes()

    def test_item_over_400_kb_is_rejected_with_item_size_message(self):
        with self.assertRaises(ClientError) as ctx:
            self.ddb.put_item(TableName="bad_input", Item={
                "pk": {"S": "big"}, "blob": {"S": "x" * (400 * 1024 + 1)}})
        self.assertClientError(
            ctx, "ValidationException",
            message_contains="Item size has exceeded the maximum allowed size")
        self.assertNotIn("Item", self.ddb.get_item(TableName="bad_input",
                                                   Key={"pk": {"S": "big"}}))
        self.assertServerStillServes()

    def test_item_just_under_400_kb_is_accepted(self):
        blob = "y" * (400 * 1024 - 100)
        self.ddb.put_item(TableName="bad_input", Item={"pk": {"S": "almost"},
                                               "b": {"S": blob}})
        got = self.ddb.get_item(TableName="bad_input", Key={"pk": {"S": "almost"}})
        self.assertEqual(len(got["Item"]["b"]["S"]), len(blob))

    def test_update_growing_an_item_past_400_kb_is_rejected(self):
        self.ddb.put_item(TableName="bad_input", Item={"pk": {"S": "grow"},
                                               "a": {"S": "a" * 300000}})
        with self.assertRaises(ClientError) as ctx:
            self.ddb.update_item(TableName="bad_input", Key={"pk": {"S": "grow"}},
                                 UpdateExpression="SET b = :b",
                                 ExpressionAttributeValues={
                                     ":b": {"S": "b" * 200000}})
        self.assertClientError(ctx, "ValidationException")
        item = self.ddb.get_item(TableName="bad_input", Key={"pk": {"S": "grow"}})["Item"]
        self.assertNotIn("b", item)


if __name__ == "__main__":
    unittest.main()
