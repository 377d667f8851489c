"""Behaviours recorded against DynamoDB, through boto3 and the AWS CLI (each
test cites its recording); their error messages are in the validation
catalogue."""

import json
import unittest

from dynamini_harness import ServerTestCase

TABLE = "parity_behaviours"


class ParityBehaviours(ServerTestCase):

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.ddb.create_table(
            TableName=TABLE, BillingMode="PAY_PER_REQUEST",
            AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}])

    # paritysuite/dynamodb-conformance tests/tier1/updateItem/basic.test.ts
    # (eu-west-2, 2026-10-09): ['', 'a'] after ADD of '' to {'a'}.
    def test_sets_come_back_in_dynamodb_order_through_the_aws_cli(self):
        self.server.aws("put-item", "--table-name", TABLE, "--item", json.dumps(
            {"pk": {"S": "cli-sets"}, "tags": {"SS": ["b", "a"]}, "ns": {"NS": ["10", "-2", "3"]}}))
        self.server.aws("update-item", "--table-name", TABLE,
                        "--key", json.dumps({"pk": {"S": "cli-sets"}}),
                        "--update-expression", "ADD tags :v",
                        "--expression-attribute-values", json.dumps({":v": {"SS": [""]}}))
        got = self.server.aws("get-item", "--table-name", TABLE,
                              "--key", json.dumps({"pk": {"S": "cli-sets"}}))
        self.assertEqual(got["Item"]["tags"]["SS"], ["", "a", "b"])
        self.assertEqual(got["Item"]["ns"]["NS"], ["-2", "3", "10"])

    def test_sets_come_back_in_dynamodb_order_through_boto3(self):
        self.ddb.put_item(TableName=TABLE, Item={
            "pk": {"S": "boto-sets"}, "bs": {"BS": [b"\xff", b"\x00", b"\x00\x01"]},
            "ns": {"NS": ["0.3", "0.25", "-10"]}})
        item = self.ddb.get_item(TableName=TABLE, Key={"pk": {"S": "boto-sets"}})["Item"]
        self.assertEqual(item["bs"]["BS"], [b"\x00", b"\x00\x01", b"\xff"])
        self.assertEqual(item["ns"]["NS"], ["-10", "0.25", "0.3"])


if __name__ == "__main__":
    unittest.main()
