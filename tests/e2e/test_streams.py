"""DynamoDB Streams through boto3's `dynamodbstreams` client and the AWS CLI:
StreamSpecification on CreateTable, ListStreams, DescribeStream,
GetShardIterator and GetRecords."""

import os
import subprocess
import unittest

import boto3
from botocore.config import Config

from dynamini_harness import CLIENT_ENV, ClientError, ServerTestCase, unique_name


def key(pk):
    return {"pk": {"S": pk}}


class Streams(ServerTestCase):
    inbox = False

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.streams = boto3.session.Session().client(
            "dynamodbstreams", endpoint_url=cls.server.url, region_name="us-east-1",
            aws_access_key_id="x", aws_secret_access_key="x",
            config=Config(retries={"max_attempts": 1, "mode": "standard"}))
        cls.addClassCleanup(cls.streams.close)

    def create(self, view_type="NEW_AND_OLD_IMAGES"):
        name = unique_name("streams")
        out = self.ddb.create_table(
            TableName=name, BillingMode="PAY_PER_REQUEST",
            AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
            StreamSpecification={"StreamEnabled": True, "StreamViewType": view_type})
        return name, out["TableDescription"]["LatestStreamArn"]

    def all_records(self, arn):
        desc = self.streams.describe_stream(StreamArn=arn)["StreamDescription"]
        shard = desc["Shards"][0]["ShardId"]
        it = self.streams.get_shard_iterator(
            StreamArn=arn, ShardId=shard, ShardIteratorType="TRIM_HORIZON")["ShardIterator"]
        return self.streams.get_records(ShardIterator=it)["Records"]

    def test_create_table_reports_the_stream_in_the_table_description(self):
        name, arn = self.create("KEYS_ONLY")
        table = self.ddb.describe_table(TableName=name)["Table"]
        self.assertEqual(table["StreamSpecification"],
                         {"StreamEnabled": True, "StreamViewType": "KEYS_ONLY"})
        self.assertEqual(table["LatestStreamArn"], arn)
        self.assertTrue(arn.endswith("/stream/" + table["LatestStreamLabel"]))

    def test_list_streams_finds_the_table_stream(self):
        name, arn = self.create()
        listed = self.streams.list_streams(TableName=name)["Streams"]
        self.assertEqual([s["StreamArn"] for s in listed], [arn])
        self.assertEqual(listed[0]["TableName"], name)

    def test_describe_stream_shows_one_enabled_shard(self):
        name, arn = self.create("NEW_IMAGE")
        desc = self.streams.describe_stream(StreamArn=arn)["StreamDescription"]
        self.assertEqual(desc["StreamStatus"], "ENABLED")
        self.assertEqual(desc["StreamViewType"], "NEW_IMAGE")
        self.assertEqual(desc["TableName"], name)
        self.assertEqual(len(desc["Shards"]), 1)
        start = desc["Shards"][0]["SequenceNumberRange"]["StartingSequenceNumber"]
        self.assertTrue(start.isdecimal())

    def test_get_records_returns_insert_modify_remove_with_images(self):
        name, arn = self.create()
        self.ddb.put_item(TableName=name, Item={**key("a"), "v": {"N": "1"}})
        self.ddb.update_item(TableName=name, Key=key("a"), UpdateExpression="SET v = :v",
                             ExpressionAttributeValues={":v": {"N": "2"}})
        self.ddb.delete_item(TableName=name, Key=key("a"))
        records = self.all_records(arn)
        self.assertEqual([r["eventName"] for r in records], ["INSERT", "MODIFY", "REMOVE"])
        self.assertEqual(records[1]["dynamodb"]["OldImage"]["v"], {"N": "1"})
        self.assertEqual(records[1]["dynamodb"]["NewImage"]["v"], {"N": "2"})
        self.assertEqual(records[0]["eventSource"], "aws:dynamodb")
        self.assertEqual(records[0]["dynamodb"]["Keys"], key("a"))
        seqs = [int(r["dynamodb"]["SequenceNumber"]) for r in records]
        self.assertEqual(seqs, sorted(seqs))

    def test_identical_put_writes_no_record(self):
        name, arn = self.create()
        self.ddb.put_item(TableName=name, Item={**key("a"), "v": {"S": "same"}})
        self.ddb.put_item(TableName=name, Item={**key("a"), "v": {"S": "same"}})
        self.assertEqual(len(self.all_records(arn)), 1)

    def test_latest_iterator_sees_only_later_writes_and_paging_continues(self):
        name, arn = self.create("KEYS_ONLY")
        self.ddb.put_item(TableName=name, Item=key("before"))
        shard = self.streams.describe_stream(StreamArn=arn)["StreamDescription"]["Shards"][0]["ShardId"]
        it = self.streams.get_shard_iterator(
            StreamArn=arn, ShardId=shard, ShardIteratorType="LATEST")["ShardIterator"]
        for pk in ("x1", "x2", "x3"):
            self.ddb.put_item(TableName=name, Item=key(pk))
        seen = []
        for _ in range(3):
            out = self.streams.get_records(ShardIterator=it, Limit=2)
            seen += [r["dynamodb"]["Keys"]["pk"]["S"] for r in out["Records"]]
            it = out["NextShardIterator"]
        self.assertEqual(seen, ["x1", "x2", "x3"])

    def test_update_table_disables_the_stream_which_stays_readable(self):
        name, arn = self.create("KEYS_ONLY")
        self.ddb.put_item(TableName=name, Item=key("a"))
        self.ddb.update_table(TableName=name, StreamSpecification={"StreamEnabled": False})
        desc = self.streams.describe_stream(StreamArn=arn)["StreamDescription"]
        self.assertEqual(desc["StreamStatus"], "DISABLED")
        self.assertIn("EndingSequenceNumber", desc["Shards"][0]["SequenceNumberRange"])
        self.assertEqual(len(self.all_records(arn)), 1)

    def test_unknown_stream_is_resource_not_found(self):
        with self.assertRaises(ClientError) as ctx:
            self.streams.describe_stream(
                StreamArn="arn:aws:dynamodb:us-east-1:000000000000:table/nope/stream/2020-01-01T00:00:00.000")
        self.assertClientError(ctx, "ResourceNotFoundException")

    def test_bad_iterator_is_a_validation_error(self):
        with self.assertRaises(ClientError) as ctx:
            self.streams.get_records(ShardIterator="sdfsdfsgagaddafgagasgasgasdfasdfasdfasdf")
        self.assertClientError(ctx, "ValidationException")

    def test_aws_cli_lists_streams(self):
        name, arn = self.create("KEYS_ONLY")
        proc = subprocess.run(
            [self.server.AWS_CLI, "dynamodbstreams", "list-streams", "--table-name", name,
             "--endpoint-url", self.server.url, "--output", "text",
             "--query", "Streams[0].StreamArn"],
            env={**os.environ, **CLIENT_ENV}, capture_output=True, text=True,
            timeout=60)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertEqual(proc.stdout.strip(), arn)


if __name__ == "__main__":
    unittest.main()
