"""UpdateTable through boto3 and the AWS CLI: a GSI created on a table with
data (backfilled, sparse), deleted, billing mode switched, deletion
protection (raw HTTP: Debian's botocore may not know the member)."""

import unittest

from dynamini_harness import ClientError, ServerTestCase, unique_name


class UpdateTableE2E(ServerTestCase):
    inbox = False

    def make_table(self):
        name = unique_name("ut")
        self.ddb.create_table(
            TableName=name,
            AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
            BillingMode="PAY_PER_REQUEST")
        return name

    def create_gsi(self, table):
        return self.ddb.update_table(
            TableName=table,
            AttributeDefinitions=[{"AttributeName": "status", "AttributeType": "S"}],
            GlobalSecondaryIndexUpdates=[{"Create": {
                "IndexName": "byStatus",
                "KeySchema": [{"AttributeName": "status", "KeyType": "HASH"}],
                "Projection": {"ProjectionType": "ALL"}}}])

    def test_created_gsi_is_backfilled_and_queryable(self):
        table = self.make_table()
        self.ddb.put_item(TableName=table, Item={"pk": {"S": "1"}, "status": {"S": "open"}})
        self.ddb.put_item(TableName=table, Item={"pk": {"S": "2"}})
        self.ddb.put_item(TableName=table, Item={"pk": {"S": "3"}, "status": {"N": "7"}})
        r = self.create_gsi(table)
        self.assertEqual(r["TableDescription"]["GlobalSecondaryIndexes"][0]["IndexStatus"], "CREATING")
        self.ddb.get_waiter("table_exists").wait(TableName=table)
        q = self.ddb.query(TableName=table, IndexName="byStatus",
                           KeyConditionExpression="#s = :s",
                           ExpressionAttributeNames={"#s": "status"},
                           ExpressionAttributeValues={":s": {"S": "open"}})
        self.assertEqual([i["pk"]["S"] for i in q["Items"]], ["1"])

    def test_deleted_gsi_via_cli_is_gone(self):
        table = self.make_table()
        self.create_gsi(table)
        out = self.server.aws("update-table", "--table-name", table,
                              "--global-secondary-index-updates",
                              '[{"Delete":{"IndexName":"byStatus"}}]')
        self.assertEqual(out["TableDescription"]["GlobalSecondaryIndexes"][0]["IndexStatus"],
                         "DELETING")
        d = self.ddb.describe_table(TableName=table)["Table"]
        self.assertNotIn("GlobalSecondaryIndexes", d)

    def test_two_index_actions_are_limit_exceeded(self):
        table = self.make_table()
        self.create_gsi(table)
        with self.assertRaises(ClientError) as ctx:
            self.ddb.update_table(
                TableName=table,
                AttributeDefinitions=[{"AttributeName": "x", "AttributeType": "S"}],
                GlobalSecondaryIndexUpdates=[
                    {"Delete": {"IndexName": "byStatus"}},
                    {"Create": {"IndexName": "byX",
                                "KeySchema": [{"AttributeName": "x", "KeyType": "HASH"}],
                                "Projection": {"ProjectionType": "KEYS_ONLY"}}}])
        self.assertClientError(ctx, "LimitExceededException", message_contains=(
            "Only 1 online index can be created or deleted simultaneously per table"))

    def test_existing_index_create_is_refused(self):
        table = self.make_table()
        self.create_gsi(table)
        with self.assertRaises(ClientError) as ctx:
            self.create_gsi(table)
        self.assertClientError(ctx, "ValidationException",
                               message_contains="Attempting to create an index which already exists")

    def test_billing_mode_switch(self):
        table = self.make_table()
        self.ddb.update_table(TableName=table, BillingMode="PROVISIONED",
                              ProvisionedThroughput={"ReadCapacityUnits": 3,
                                                     "WriteCapacityUnits": 4})
        d = self.ddb.describe_table(TableName=table)["Table"]
        self.assertEqual(d["BillingModeSummary"]["BillingMode"], "PROVISIONED")
        self.assertEqual(d["ProvisionedThroughput"]["ReadCapacityUnits"], 3)
        self.ddb.update_table(TableName=table, BillingMode="PAY_PER_REQUEST")
        d = self.ddb.describe_table(TableName=table)["Table"]
        self.assertEqual(d["BillingModeSummary"]["BillingMode"], "PAY_PER_REQUEST")

    def test_deletion_protection_over_the_wire(self):
        table = self.make_table()
        status, body = self.server.raw_json(
            "UpdateTable", {"TableName": table, "DeletionProtectionEnabled": True})
        self.assertEqual(status, 200, body)
        with self.assertRaises(ClientError) as ctx:
            self.ddb.delete_table(TableName=table)
        self.assertClientError(ctx, "ValidationException",
                               message_contains="currently protected against deletion")


if __name__ == "__main__":
    unittest.main()
