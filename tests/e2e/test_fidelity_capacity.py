"""Fidelity part 2 through boto3: ItemCollectionMetrics, ConsumedCapacity on
indexes and batches, BatchGetItem's 16 MB limit, GSI projections and the
"ExpressionAttributeValues can only be specified" messages."""

import unittest

from dynamini_harness import ClientError, ServerTestCase, unique_name


class FidelityCapacity(ServerTestCase):
    inbox = False

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.table = unique_name("fc")
        cls.ddb.create_table(
            TableName=cls.table,
            AttributeDefinitions=[{"AttributeName": n, "AttributeType": "S"}
                                  for n in ("pk", "sk", "g", "l")],
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"},
                       {"AttributeName": "sk", "KeyType": "RANGE"}],
            GlobalSecondaryIndexes=[{"IndexName": "gsi",
                                     "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
                                     "Projection": {"ProjectionType": "KEYS_ONLY"}}],
            LocalSecondaryIndexes=[{"IndexName": "lsi",
                                    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                                                  {"AttributeName": "l", "KeyType": "RANGE"}],
                                    "Projection": {"ProjectionType": "ALL"}}],
            BillingMode="PAY_PER_REQUEST")

    def test_put_returns_item_collection_metrics(self):
        r = self.ddb.put_item(TableName=self.table,
                              Item={"pk": {"S": "icm"}, "sk": {"S": "1"}},
                              ReturnItemCollectionMetrics="SIZE")
        m = r["ItemCollectionMetrics"]
        self.assertEqual(m["ItemCollectionKey"], {"pk": {"S": "icm"}})
        self.assertEqual([float(x) for x in m["SizeEstimateRangeGB"]], [0.0, 1.0])

    def test_batch_write_returns_item_collection_metrics(self):
        r = self.ddb.batch_write_item(
            RequestItems={self.table: [{"PutRequest": {"Item": {"pk": {"S": "b"}, "sk": {"S": "1"}}}}]},
            ReturnItemCollectionMetrics="SIZE")
        self.assertEqual(len(r["ItemCollectionMetrics"][self.table]), 1)

    def test_gsi_query_charges_the_index(self):
        self.ddb.put_item(TableName=self.table,
                          Item={"pk": {"S": "c"}, "sk": {"S": "1"}, "g": {"S": "gc"}})
        r = self.ddb.query(TableName=self.table, IndexName="gsi",
                           KeyConditionExpression="g = :g",
                           ExpressionAttributeValues={":g": {"S": "gc"}},
                           ReturnConsumedCapacity="INDEXES")
        c = r["ConsumedCapacity"]
        self.assertEqual(c["Table"]["CapacityUnits"], 0.0)
        self.assertEqual(c["GlobalSecondaryIndexes"]["gsi"]["CapacityUnits"], 0.5)

    def test_batch_get_charges_each_key(self):
        r = self.ddb.batch_get_item(
            RequestItems={self.table: {"Keys": [{"pk": {"S": "none1"}, "sk": {"S": "1"}},
                                                {"pk": {"S": "none2"}, "sk": {"S": "1"}}],
                                       "ConsistentRead": True}},
            ReturnConsumedCapacity="TOTAL")
        self.assertEqual(r["ConsumedCapacity"][0]["CapacityUnits"], 2.0)

    def test_batch_get_beyond_16_mb_is_unprocessed(self):
        keys = []
        for i in range(45):
            key = {"pk": {"S": "big"}, "sk": {"S": "%03d" % i}}
            self.ddb.put_item(TableName=self.table, Item=dict(key, d={"S": "x" * 390000}))
            keys.append(key)
        r = self.ddb.batch_get_item(RequestItems={self.table: {"Keys": keys,
                                                               "ProjectionExpression": "sk"}})
        self.assertEqual(len(r["Responses"][self.table]), 43)
        unprocessed = r["UnprocessedKeys"][self.table]
        self.assertEqual([k["sk"]["S"] for k in unprocessed["Keys"]], ["043", "044"])
        again = self.ddb.batch_get_item(RequestItems=r["UnprocessedKeys"])
        self.assertEqual(len(again["Responses"][self.table]), 2)

    def test_gsi_projection_of_unprojected_attribute_is_refused(self):
        with self.assertRaises(ClientError) as ctx:
            self.ddb.query(TableName=self.table, IndexName="gsi",
                           KeyConditionExpression="g = :g",
                           ExpressionAttributeValues={":g": {"S": "gc"}},
                           ProjectionExpression="extra")
        self.assertClientError(ctx, "ValidationException", message_contains=(
            "Global secondary index gsi does not project [extra]"))

    def test_scan_values_without_filter_message(self):
        with self.assertRaises(ClientError) as ctx:
            self.ddb.scan(TableName=self.table, ExpressionAttributeValues={":a": {"S": "x"}})
        self.assertClientError(ctx, "ValidationException", message_contains=(
            "ExpressionAttributeValues can only be specified when using expressions: "
            "FilterExpression is null"))


if __name__ == "__main__":
    unittest.main()
