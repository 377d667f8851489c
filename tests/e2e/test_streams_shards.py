"""DynamoDB Streams shards through boto3's `dynamodbstreams` client, with a
server whose shards close after a few records (--stream-shard-records): a
consumer that follows shard lineage (ParentShardId, DescribeStream paged with
Limit and ExclusiveStartShardId) reads every record exactly once, in order per
key, while writes continue; closed shards end without a NextShardIterator.

Debian's boto3 (1.26) predates DescribeStream's ShardFilter, so ShardFilter is
tested with the JavaScript SDK (js/streams_shards.test.mjs) and by raw
requests in the validation catalogue (validation_cases/streams.json)."""

import os
import subprocess
import threading
import time
import unittest

import boto3
from botocore.config import Config

from dynamini_harness import ClientError, DynaminiServer, unique_name

RECORDS_PER_SHARD = 7


class StreamShards(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.server = DynaminiServer(
            inbox=False, extra_args=["--stream-shard-records", str(RECORDS_PER_SHARD)])
        cls.addClassCleanup(cls.server.stop)
        cls.server.start()
        cls.ddb = cls.server.client()
        cls.addClassCleanup(cls.ddb.close)
        cls.streams = boto3.session.Session().client(
            "dynamodbstreams", endpoint_url=cls.server.url, region_name="us-east-1",
            aws_access_key_id="x", aws_secret_access_key="x",
            config=Config(retries={"max_attempts": 1, "mode": "standard"}))
        cls.addClassCleanup(cls.streams.close)

    def create(self, view_type="NEW_IMAGE"):
        name = unique_name("shards")
        out = self.ddb.create_table(
            TableName=name, BillingMode="PAY_PER_REQUEST",
            AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
            StreamSpecification={"StreamEnabled": True, "StreamViewType": view_type})
        return name, out["TableDescription"]["LatestStreamArn"]

    def put(self, table, pk, version):
        self.ddb.put_item(TableName=table, Item={"pk": {"S": pk}, "v": {"N": str(version)}})

    def all_shards(self, arn, limit=2):
        """Every shard, through DescribeStream pages of `limit` shards."""
        shards, start = [], None
        while True:
            args = {"StreamArn": arn, "Limit": limit}
            if start:
                args["ExclusiveStartShardId"] = start
            d = self.streams.describe_stream(**args)["StreamDescription"]
            shards += d["Shards"]
            start = d.get("LastEvaluatedShardId")
            if not start:
                return shards

    def read_shard(self, arn, shard_id):
        """(records, ended): every record of the shard from TRIM_HORIZON, and
        whether GetRecords ended it (no NextShardIterator)."""
        it = self.streams.get_shard_iterator(
            StreamArn=arn, ShardId=shard_id, ShardIteratorType="TRIM_HORIZON")["ShardIterator"]
        records = []
        for _ in range(100):
            out = self.streams.get_records(ShardIterator=it, Limit=3)
            records += out["Records"]
            if "NextShardIterator" not in out:
                return records, True
            if not out["Records"]:
                return records, False
            it = out["NextShardIterator"]
        self.fail("shard %s never ended" % shard_id)

    def test_shards_close_after_the_configured_records_and_name_their_parent(self):
        table, arn = self.create("KEYS_ONLY")
        for i in range(2 * RECORDS_PER_SHARD + 1):
            self.put(table, "k%d" % i, 0)
        shards = self.all_shards(arn, limit=100)
        self.assertEqual(len(shards), 3)
        self.assertNotIn("ParentShardId", shards[0])
        self.assertEqual(shards[1]["ParentShardId"], shards[0]["ShardId"])
        self.assertEqual(shards[2]["ParentShardId"], shards[1]["ShardId"])
        for closed in shards[:2]:
            self.assertIn("EndingSequenceNumber", closed["SequenceNumberRange"])
            records, ended = self.read_shard(arn, closed["ShardId"])
            self.assertEqual(len(records), RECORDS_PER_SHARD)
            self.assertTrue(ended)
        self.assertNotIn("EndingSequenceNumber", shards[2]["SequenceNumberRange"])
        records, ended = self.read_shard(arn, shards[2]["ShardId"])
        self.assertEqual([r["dynamodb"]["Keys"]["pk"]["S"] for r in records], ["k14"])
        self.assertFalse(ended)
        ends = [int(s["SequenceNumberRange"]["EndingSequenceNumber"]) for s in shards[:2]]
        starts = [int(s["SequenceNumberRange"]["StartingSequenceNumber"]) for s in shards]
        self.assertLess(ends[0], starts[1])
        self.assertLess(ends[1], starts[2])

    def test_describe_stream_pages_every_shard_once(self):
        table, arn = self.create("KEYS_ONLY")
        for i in range(5 * RECORDS_PER_SHARD):
            self.put(table, "k%d" % i, 0)
        everything = self.streams.describe_stream(StreamArn=arn)["StreamDescription"]
        self.assertNotIn("LastEvaluatedShardId", everything)
        self.assertEqual(len(everything["Shards"]), 5)
        pages = []
        start = None
        while True:
            args = {"StreamArn": arn, "Limit": 2}
            if start:
                args["ExclusiveStartShardId"] = start
            d = self.streams.describe_stream(**args)["StreamDescription"]
            pages.append([s["ShardId"] for s in d["Shards"]])
            start = d.get("LastEvaluatedShardId")
            if not start:
                break
            self.assertEqual(start, pages[-1][-1])
        self.assertEqual([len(p) for p in pages], [2, 2, 1])
        self.assertEqual(sum(pages, []), [s["ShardId"] for s in everything["Shards"]])

    def test_latest_on_a_closed_shard_ends_at_once(self):
        table, arn = self.create("KEYS_ONLY")
        for i in range(RECORDS_PER_SHARD + 1):
            self.put(table, "k%d" % i, 0)
        closed = self.all_shards(arn)[0]["ShardId"]
        it = self.streams.get_shard_iterator(
            StreamArn=arn, ShardId=closed, ShardIteratorType="LATEST")["ShardIterator"]
        out = self.streams.get_records(ShardIterator=it)
        self.assertEqual(out["Records"], [])
        self.assertNotIn("NextShardIterator", out)

    def test_a_shard_of_another_stream_is_resource_not_found(self):
        _, arn = self.create("KEYS_ONLY")
        _, other = self.create("KEYS_ONLY")
        shard = self.all_shards(other)[0]["ShardId"]
        with self.assertRaises(ClientError) as ctx:
            self.streams.get_shard_iterator(StreamArn=arn, ShardId=shard,
                                            ShardIteratorType="TRIM_HORIZON")
        self.assertEqual(ctx.exception.response["Error"]["Code"], "ResourceNotFoundException")

    def test_a_consumer_following_lineage_reads_every_record_once_while_writes_continue(self):
        table, arn = self.create()
        keys, versions = 6, 25
        writer_error = []

        def write():
            try:
                for v in range(versions):
                    for k in range(keys):
                        self.put(table, "key%d" % k, v)
            except Exception as e:  # reported by the main thread
                writer_error.append(e)

        writer = threading.Thread(target=write)
        writer.start()
        self.addCleanup(writer.join)
        iterators = {}  # shard id -> iterator, or None once the shard ended
        seen = []  # (pk, version) in the order read
        sequence_numbers = set()
        deadline = time.monotonic() + 120
        while len(seen) < keys * versions and time.monotonic() < deadline:
            # New shards: those whose parent is read to its end, or is no
            # longer listed (a root). A child is read only after its parent,
            # so each key's records come in order.
            listed = self.all_shards(arn)
            ids = {shard["ShardId"] for shard in listed}
            for shard in listed:
                sid = shard["ShardId"]
                parent = shard.get("ParentShardId")
                parent_done = parent not in ids or (parent in iterators and iterators[parent] is None)
                if sid in iterators or not parent_done:
                    continue
                iterators[sid] = self.streams.get_shard_iterator(
                    StreamArn=arn, ShardId=sid, ShardIteratorType="TRIM_HORIZON")["ShardIterator"]
            before = len(seen)
            for sid, it in list(iterators.items()):
                if it is None:
                    continue
                out = self.streams.get_records(ShardIterator=it, Limit=5)
                for r in out["Records"]:
                    image = r["dynamodb"]["NewImage"]
                    seen.append((image["pk"]["S"], int(image["v"]["N"])))
                    self.assertNotIn(r["dynamodb"]["SequenceNumber"], sequence_numbers)
                    sequence_numbers.add(r["dynamodb"]["SequenceNumber"])
                iterators[sid] = out.get("NextShardIterator")
            if len(seen) == before:
                time.sleep(0.01)  # caught up with the writer
        writer.join()
        self.assertEqual(writer_error, [])
        self.assertEqual(len(seen), keys * versions)
        self.assertGreaterEqual(len(iterators), keys * versions // RECORDS_PER_SHARD)
        next_version = {}
        for pk, v in seen:
            self.assertEqual(v, next_version.get(pk, 0), "key %s out of order" % pk)
            next_version[pk] = v + 1
        self.assertEqual(next_version, {"key%d" % k: versions for k in range(keys)})


class StreamShardFlags(unittest.TestCase):
    def test_shards_roll_over_by_age_with_stream_shard_seconds(self):
        server = DynaminiServer(inbox=False, extra_args=["--stream-shard-seconds", "1"]).start()
        self.addCleanup(server.stop)
        ddb = server.client()
        self.addCleanup(ddb.close)
        streams = boto3.session.Session().client(
            "dynamodbstreams", endpoint_url=server.url, region_name="us-east-1",
            aws_access_key_id="x", aws_secret_access_key="x")
        self.addCleanup(streams.close)
        arn = ddb.create_table(
            TableName="aged", BillingMode="PAY_PER_REQUEST",
            AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
            StreamSpecification={"StreamEnabled": True, "StreamViewType": "KEYS_ONLY"},
        )["TableDescription"]["LatestStreamArn"]
        ddb.put_item(TableName="aged", Item={"pk": {"S": "first"}})
        time.sleep(1.2)
        # Closed by age with no write since: DescribeStream sees the child.
        shards = streams.describe_stream(StreamArn=arn)["StreamDescription"]["Shards"]
        self.assertGreaterEqual(len(shards), 2)
        self.assertIn("EndingSequenceNumber", shards[0]["SequenceNumberRange"])
        self.assertEqual(shards[1]["ParentShardId"], shards[0]["ShardId"])

    def test_a_bad_value_is_a_usage_error(self):
        for flag in ("--stream-shard-records", "--stream-shard-seconds"):
            r = subprocess.run([os.environ["DYNAMINI_BIN"], flag, "soon"], capture_output=True,
                               text=True, timeout=30, stdin=subprocess.DEVNULL)
            self.assertEqual(r.returncode, 1)
            self.assertIn(flag + " expects a number", r.stderr)


if __name__ == "__main__":
    unittest.main()
