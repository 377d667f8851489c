"""Issue 15's table features through boto3 and the AWS CLI (Debian's, 2023
models): a table's ARN as TableName, transient statuses with boto3's waiters,
and the settings these clients know (Tags, TableClass, SSESpecification).

The 2023 models validate shapes client-side: TableName has min 3 there and
botocore checks no pattern or maximum, so an ARN passes; they do not know
OnDemandThroughput, WarmThroughput, DeletionProtectionEnabled on CreateTable
or the resource-policy operations, which tests/e2e/js/table_features.test.mjs
sends with the AWS SDK for JavaScript v3 instead."""

import json
import time
import unittest

from dynamini_harness import ClientError, DynaminiServer, ServerTestCase, unique_name

ACCOUNT = "000000000000"


def arn_of(table, region="us-east-1", account=ACCOUNT):
    return "arn:aws:dynamodb:%s:%s:table/%s" % (region, account, table)


class TableArnTest(ServerTestCase):

    def test_boto3_sends_the_arn_wherever_a_name_goes(self):
        name = self.create_table(range_key=None)
        arn = arn_of(name)
        self.ddb.put_item(TableName=arn, Item={"pk": {"S": "a"}, "v": {"N": "1"}})
        got = self.ddb.get_item(TableName=arn, Key={"pk": {"S": "a"}},
                                ReturnConsumedCapacity="TOTAL")
        self.assertEqual(got["Item"]["v"], {"N": "1"})
        self.assertEqual(got["ConsumedCapacity"]["TableName"], arn)
        batch = self.ddb.batch_get_item(RequestItems={arn: {"Keys": [{"pk": {"S": "a"}}]}})
        self.assertEqual(list(batch["Responses"]), [arn])
        self.ddb.batch_write_item(RequestItems={arn: [{"PutRequest": {"Item": {"pk": {"S": "b"}}}}]})
        self.ddb.transact_write_items(TransactItems=[
            {"Update": {"TableName": arn, "Key": {"pk": {"S": "b"}},
                        "UpdateExpression": "SET v = :v",
                        "ExpressionAttributeValues": {":v": {"N": "2"}}}}])
        rows = self.ddb.execute_statement(Statement='SELECT * FROM "%s" WHERE pk = \'b\'' % arn)
        self.assertEqual(rows["Items"][0]["v"], {"N": "2"})
        self.assertEqual(self.ddb.describe_table(TableName=arn)["Table"]["ItemCount"], 2)
        self.ddb.delete_table(TableName=arn)
        self.assertEqual(self.ddb.list_tables()["TableNames"], [])

    def test_the_cli_sends_the_arn_and_gets_the_errors(self):
        name = self.create_table(range_key=None)
        described = self.server.aws("describe-table", "--table-name", arn_of(name))
        self.assertEqual(described["Table"]["TableName"], name)
        other_region = arn_of(name, region="eu-west-1")
        failed = self.server.aws("describe-table", "--table-name", other_region, check=False)
        self.assertNotEqual(failed.returncode, 0)
        self.assertIn("ValidationException", failed.stderr)
        self.assertIn("Invalid AWS region in '%s'" % other_region, failed.stderr)
        with self.assertRaises(ClientError) as ctx:
            self.ddb.get_item(TableName=arn_of(name, account="111122223333"),
                              Key={"pk": {"S": "a"}})
        self.assertClientError(ctx, "AccessDeniedException",
                               message_contains="not authorized to perform: dynamodb:GetItem")


class TransientStatusTest(unittest.TestCase):
    """A server with --create-table-ms/--update-table-ms/--delete-table-ms."""

    @classmethod
    def setUpClass(cls):
        cls.server = DynaminiServer(inbox=False, extra_args=[
            "--create-table-ms", "300", "--update-table-ms", "300", "--delete-table-ms", "300"])
        cls.addClassCleanup(cls.server.stop)
        cls.server.start()
        cls.ddb = cls.server.client()

    def test_boto3_waiters_see_creating_then_active_then_deleting(self):
        name = unique_name("slow")
        created = self.ddb.create_table(
            TableName=name, BillingMode="PAY_PER_REQUEST",
            AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}])
        self.assertEqual(created["TableDescription"]["TableStatus"], "CREATING")
        self.assertEqual(self.ddb.describe_table(TableName=name)["Table"]["TableStatus"],
                         "CREATING")
        with self.assertRaises(ClientError) as ctx:
            self.ddb.put_item(TableName=name, Item={"pk": {"S": "a"}})
        self.assertEqual(ctx.exception.response["Error"]["Code"], "ResourceNotFoundException")
        self.ddb.get_waiter("table_exists").wait(
            TableName=name, WaiterConfig={"Delay": 0.2, "MaxAttempts": 50})
        self.ddb.put_item(TableName=name, Item={"pk": {"S": "a"}})
        self.ddb.delete_table(TableName=name)
        self.assertEqual(self.ddb.describe_table(TableName=name)["Table"]["TableStatus"],
                         "DELETING")
        self.ddb.get_waiter("table_not_exists").wait(
            TableName=name, WaiterConfig={"Delay": 0.2, "MaxAttempts": 50})

    def test_a_new_index_backfills_before_it_can_be_queried(self):
        name = unique_name("gsi")
        self.ddb.create_table(
            TableName=name, BillingMode="PAY_PER_REQUEST",
            AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}])
        self.ddb.get_waiter("table_exists").wait(
            TableName=name, WaiterConfig={"Delay": 0.2, "MaxAttempts": 50})
        self.ddb.put_item(TableName=name, Item={"pk": {"S": "a"}, "g": {"S": "x"}})
        self.ddb.update_table(
            TableName=name, AttributeDefinitions=[{"AttributeName": "g", "AttributeType": "S"}],
            GlobalSecondaryIndexUpdates=[{"Create": {
                "IndexName": "byG", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
                "Projection": {"ProjectionType": "ALL"}}}])
        index = self.ddb.describe_table(TableName=name)["Table"]["GlobalSecondaryIndexes"][0]
        self.assertEqual((index["IndexStatus"], index["Backfilling"]), ("CREATING", True))
        query = dict(TableName=name, IndexName="byG", KeyConditionExpression="g = :g",
                     ExpressionAttributeValues={":g": {"S": "x"}})
        with self.assertRaises(ClientError) as ctx:
            self.ddb.query(**query)
        self.assertEqual(ctx.exception.response["Error"]["Message"],
                         "Cannot read from backfilling global secondary index: byG")
        deadline = time.time() + 10
        while self.ddb.describe_table(TableName=name)["Table"]["TableStatus"] != "ACTIVE":
            self.assertLess(time.time(), deadline)
            time.sleep(0.1)
        self.assertEqual(self.ddb.query(**query)["Count"], 1)


class TableSettingsTest(ServerTestCase):

    def test_create_table_tags_class_and_encryption_round_trip(self):
        name = self.create_table(
            range_key=None, Tags=[{"Key": "team", "Value": "data"}],
            TableClass="STANDARD_INFREQUENT_ACCESS",
            SSESpecification={"Enabled": True, "SSEType": "KMS", "KMSMasterKeyId": "alias/app"})
        table = self.ddb.describe_table(TableName=name)["Table"]
        self.assertEqual(table["TableClassSummary"]["TableClass"], "STANDARD_INFREQUENT_ACCESS")
        self.assertEqual(table["SSEDescription"], {
            "Status": "ENABLED", "SSEType": "KMS",
            "KMSMasterKeyArn": "arn:aws:kms:us-east-1:%s:alias/app" % ACCOUNT})
        # (WarmThroughput is described too; the 2023 models drop it from the answer.)
        self.assertEqual(self.ddb.list_tags_of_resource(ResourceArn=arn_of(name))["Tags"],
                         [{"Key": "team", "Value": "data"}])

    def test_update_table_changes_class_and_encryption_one_at_a_time(self):
        name = self.create_table(range_key=None)
        with self.assertRaises(ClientError) as ctx:
            self.ddb.update_table(TableName=name, TableClass="STANDARD_INFREQUENT_ACCESS",
                                  SSESpecification={"Enabled": True})
        self.assertClientError(ctx, "ValidationException", message_contains=(
            "Server-Side Encryption modification must be the only operation in the request"))
        updated = self.server.aws("update-table", "--table-name", name,
                                  "--table-class", "STANDARD_INFREQUENT_ACCESS")
        self.assertEqual(updated["TableDescription"]["TableClassSummary"]["TableClass"],
                         "STANDARD_INFREQUENT_ACCESS")
        self.ddb.update_table(TableName=name, SSESpecification={"Enabled": True})
        sse = self.ddb.describe_table(TableName=name)["Table"]["SSEDescription"]
        self.assertEqual((sse["Status"], sse["SSEType"]), ("ENABLED", "KMS"))

    def test_bad_tags_fail_the_create_table(self):
        name = unique_name("tagged")
        with self.assertRaises(ClientError) as ctx:
            self.create_table(name, range_key=None, Tags=[{"Key": "aws:reserved", "Value": "v"}])
        self.assertClientError(ctx, "ValidationException",
                               message_contains="Tag Key cannot be prefixed with aws:")
        self.assertNotIn(name, self.ddb.list_tables()["TableNames"])


if __name__ == "__main__":
    unittest.main()
