"""BatchGetItem and BatchWriteItem through boto3."""

import unittest

from dynamini_harness import ClientError, ServerTestCase


def key(pk, sk="0"):
    return {"pk": {"S": pk}, "sk": {"S": sk}}


class Batch(ServerTestCase):
    inbox = False

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        for name in ("batch_a", "batch_b"):
            cls.ddb.create_table(
                TableName=name,
                AttributeDefinitions=[
                    {"AttributeName": "pk", "AttributeType": "S"},
                    {"AttributeName": "sk", "AttributeType": "S"}],
                KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"},
                           {"AttributeName": "sk", "KeyType": "RANGE"}],
                BillingMode="PAY_PER_REQUEST")

    def get(self, table, pk):
        return self.ddb.get_item(TableName=table, Key=key(pk)).get("Item")

    def test_batch_write_item_puts_and_deletes_across_tables_in_one_call(self):
        self.ddb.put_item(TableName="batch_a",
                          Item={**key("w-doomed"), "v": {"S": "old"}})
        out = self.ddb.batch_write_item(RequestItems={
            "batch_a": [
                {"PutRequest": {"Item": {**key("w-1"), "v": {"N": "1"}}}},
                {"PutRequest": {"Item": {**key("w-2"), "v": {"N": "2"}}}},
                {"DeleteRequest": {"Key": key("w-doomed")}},
            ],
            "batch_b": [
                {"PutRequest": {"Item": {**key("w-3"), "v": {"N": "3"}}}},
            ],
        })
        self.assertEqual(out.get("UnprocessedItems", {}), {})
        self.assertEqual(self.get("batch_a", "w-1")["v"], {"N": "1"})
        self.assertEqual(self.get("batch_a", "w-2")["v"], {"N": "2"})
        self.assertIsNone(self.get("batch_a", "w-doomed"))
        self.assertEqual(self.get("batch_b", "w-3")["v"], {"N": "3"})

    def test_batch_write_item_with_one_invalid_member_writes_nothing(self):
        with self.assertRaises(ClientError) as ctx:
            self.ddb.batch_write_item(RequestItems={"batch_a": [
                {"PutRequest": {"Item": {**key("bad-1"), "v": {"N": "1"}}}},
                # Key attribute of the wrong type.
                {"PutRequest": {"Item": {"pk": {"N": "2"}, "sk": {"S": "0"}}}},
            ]})
        self.assertClientError(ctx, "ValidationException")
        self.assertIsNone(self.get("batch_a", "bad-1"))

    def test_batch_write_item_two_operations_on_the_same_key_are_rejected(self):
        with self.assertRaises(ClientError) as ctx:
            self.ddb.batch_write_item(RequestItems={"batch_a": [
                {"PutRequest": {"Item": key("dup")}},
                {"DeleteRequest": {"Key": key("dup")}},
            ]})
        self.assertClientError(ctx, "ValidationException")
        self.assertIsNone(self.get("batch_a", "dup"))

    def test_batch_get_item_returns_found_items_from_each_table_and_skips_missing(self):
        self.ddb.put_item(TableName="batch_a",
                          Item={**key("g-1"), "v": {"S": "a1"}, "x": {"S": "-"}})
        self.ddb.put_item(TableName="batch_a",
                          Item={**key("g-2"), "v": {"S": "a2"}})
        self.ddb.put_item(TableName="batch_b",
                          Item={**key("g-1"), "v": {"S": "b1"}})
        out = self.ddb.batch_get_item(RequestItems={
            "batch_a": {"Keys": [key("g-1"), key("g-2"), key("g-missing")],
                        "ProjectionExpression": "pk, v",
                        "ConsistentRead": True},
            "batch_b": {"Keys": [key("g-1")]},
        })
        self.assertEqual(out.get("UnprocessedKeys", {}), {})
        a = sorted(out["Responses"]["batch_a"], key=lambda i: i["pk"]["S"])
        self.assertEqual(a, [{"pk": {"S": "g-1"}, "v": {"S": "a1"}},
                             {"pk": {"S": "g-2"}, "v": {"S": "a2"}}])
        self.assertEqual(out["Responses"]["batch_b"],
                         [{**key("g-1"), "v": {"S": "b1"}}])

    def test_batch_get_item_unknown_table_is_resource_not_found(self):
        with self.assertRaises(ClientError) as ctx:
            self.ddb.batch_get_item(RequestItems={
                "no_such_table": {"Keys": [key("x")]}})
        self.assertClientError(ctx, "ResourceNotFoundException")
        self.assertServerStillServes()


if __name__ == "__main__":
    unittest.main()
