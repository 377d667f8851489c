"""Time to Live through boto3: UpdateTimeToLive, DescribeTimeToLive, and the
server's background sweeper deleting an expired item (with a REMOVE stream
record carrying the service userIdentity)."""

import time
import unittest

import boto3
from botocore.config import Config

from dynamini_harness import ClientError, ServerTestCase, unique_name


class TimeToLive(ServerTestCase):
    inbox = False

    def create(self, stream=False):
        name = unique_name("ttl")
        extra = {}
        if stream:
            extra["StreamSpecification"] = {"StreamEnabled": True,
                                            "StreamViewType": "NEW_AND_OLD_IMAGES"}
        self.ddb.create_table(
            TableName=name, BillingMode="PAY_PER_REQUEST",
            AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}], **extra)
        return name

    def enable(self, name):
        return self.ddb.update_time_to_live(
            TableName=name,
            TimeToLiveSpecification={"Enabled": True, "AttributeName": "expires"})

    def test_update_then_describe_time_to_live(self):
        name = self.create()
        self.assertEqual(
            self.ddb.describe_time_to_live(TableName=name)["TimeToLiveDescription"],
            {"TimeToLiveStatus": "DISABLED"})
        out = self.enable(name)
        self.assertEqual(out["TimeToLiveSpecification"],
                         {"Enabled": True, "AttributeName": "expires"})
        self.assertEqual(
            self.ddb.describe_time_to_live(TableName=name)["TimeToLiveDescription"],
            {"TimeToLiveStatus": "ENABLED", "AttributeName": "expires"})

    def test_enabling_twice_is_refused(self):
        name = self.create()
        self.enable(name)
        with self.assertRaises(ClientError) as ctx:
            self.enable(name)
        self.assertClientError(ctx, "ValidationException",
                               message_contains="TimeToLive is already enabled")

    def test_expired_item_is_deleted_by_the_background_sweeper_with_a_service_record(self):
        name = self.create(stream=True)
        self.enable(name)
        past = str(int(time.time()) - 60)
        future = str(int(time.time()) + 3600)
        self.ddb.put_item(TableName=name, Item={"pk": {"S": "old"}, "expires": {"N": past}})
        self.ddb.put_item(TableName=name, Item={"pk": {"S": "new"}, "expires": {"N": future}})
        deadline = time.time() + 10
        while time.time() < deadline:
            if "Item" not in self.ddb.get_item(TableName=name, Key={"pk": {"S": "old"}}):
                break
            time.sleep(0.1)
        self.assertNotIn("Item", self.ddb.get_item(TableName=name, Key={"pk": {"S": "old"}}))
        self.assertIn("Item", self.ddb.get_item(TableName=name, Key={"pk": {"S": "new"}}))

        streams = boto3.session.Session().client(
            "dynamodbstreams", endpoint_url=self.server.url, region_name="us-east-1",
            aws_access_key_id="x", aws_secret_access_key="x",
            config=Config(retries={"max_attempts": 1, "mode": "standard"}))
        self.addCleanup(streams.close)
        arn = self.ddb.describe_table(TableName=name)["Table"]["LatestStreamArn"]
        shard = streams.describe_stream(StreamArn=arn)["StreamDescription"]["Shards"][0]["ShardId"]
        it = streams.get_shard_iterator(StreamArn=arn, ShardId=shard,
                                        ShardIteratorType="TRIM_HORIZON")["ShardIterator"]
        removes = [r for r in streams.get_records(ShardIterator=it)["Records"]
                   if r["eventName"] == "REMOVE"]
        self.assertEqual(len(removes), 1)
        self.assertEqual(removes[0]["userIdentity"],
                         {"Type": "Service", "PrincipalId": "dynamodb.amazonaws.com"})


if __name__ == "__main__":
    unittest.main()
