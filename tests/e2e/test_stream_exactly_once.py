"""Streams exactly once across SIGKILL: concurrent writers on a `--db`
server, killed mid-load and restarted on the same file several times; then
the whole stream is read (every shard, lineage order: stream_reader.py) and
matched against what the clients saw.

Every write carries a unique token. Each writer owns a few keys (so it
knows their order of writes) and all writers also update a few shared keys
(whose commit order only the stream can tell). A write is acknowledged
(200), failed (ConditionalCheckFailedException: a PutItem that insists the
item is new), or unknown (the server died before answering). Checked:
 - per key, records form one chain in stream order: INSERT without an old
   image first, each record's OldImage equal to the previous NewImage, the
   event name matching which images are there, the last NewImage equal to
   the item in the table (none when it was deleted);
 - every acknowledged write appears exactly once; an unknown one at most
   once; a failed one never (neither in a record nor in the table);
 - an owner's acknowledged writes appear in the order it made them;
 - on shared keys (UpdateItem ADD ver 1) each record's new ver is its old
   ver + 1: the stream order is the commit order."""

import http.client
import json
import os
import random
import signal
import tempfile
import threading
import time
import unittest
from collections import defaultdict

import boto3
from botocore.config import Config

from dynamini_harness import DynaminiServer
from stream_reader import read_all_records

ROUNDS = 5
WRITERS = 6
OWNED_KEYS = 4
SHARED_KEYS = ["shared-0", "shared-1", "shared-2"]


class Client:
    def __init__(self, server):
        self.conn = http.client.HTTPConnection(server.host, server.port, timeout=10)

    def call(self, op, body):
        self.conn.request("POST", "/", body=json.dumps(body), headers={
            "Content-Type": "application/x-amz-json-1.0",
            "X-Amz-Target": "DynamoDB_20120810." + op})
        resp = self.conn.getresponse()
        return resp.status, json.loads(resp.read() or b"{}")


def outcome_of(call):
    """ok, failed (the condition), or unknown (no answer)."""
    try:
        status, body = call()
    except Exception:
        return "unknown", None
    if status == 200:
        return "ok", body
    if body.get("__type", "").endswith("ConditionalCheckFailedException"):
        return "failed", body
    raise AssertionError("unexpected answer %s %s" % (status, body))


class Writer:
    """One client thread: writes to its own keys and to the shared keys,
    logging every write (key, kind, token, outcome) in issue order."""

    def __init__(self, number, log):
        self.number = number
        self.log = log
        self.rng = random.Random(number)
        self.seq = 0
        self.exists = {}  # owned key -> whether the item exists, as last known

    def token(self, round_number):
        self.seq += 1
        return "w%d-r%d-%05d" % (self.number, round_number, self.seq)

    def learn_state(self, client):
        for j in range(OWNED_KEYS):
            key = "w%d-k%d" % (self.number, j)
            status, body = client.call("GetItem", {"TableName": "events", "Key": {"pk": {"S": key}},
                                                   "ConsistentRead": True})
            assert status == 200, body
            self.exists[key] = "Item" in body

    def one_write(self, client, round_number):
        tok = self.token(round_number)
        if self.rng.random() < 0.3:
            key = self.rng.choice(SHARED_KEYS)
            entry = {"key": key, "kind": "update", "token": tok}
            entry["outcome"], _ = outcome_of(lambda: client.call("UpdateItem", {
                "TableName": "events", "Key": {"pk": {"S": key}},
                "UpdateExpression": "SET tok = :t ADD ver :one",
                "ExpressionAttributeValues": {":t": {"S": tok}, ":one": {"N": "1"}}}))
        else:
            key = "w%d-k%d" % (self.number, self.rng.randrange(OWNED_KEYS))
            entry = self.owned_write(client, key, tok)
        self.log.append(entry)
        return entry["outcome"] != "unknown"

    def owned_write(self, client, key, tok):
        roll = self.rng.random()
        put = {"TableName": "events", "Item": {"pk": {"S": key}, "tok": {"S": tok},
                                               "w": {"N": str(self.number)}},
               "ConditionExpression": "attribute_not_exists(pk)"}
        if not self.exists[key] or roll < 0.1:
            kind = "put" if not self.exists[key] else "failing-put"  # the second must fail
            outcome, _ = outcome_of(lambda: client.call("PutItem", put))
            if kind == "put" and outcome == "ok":
                self.exists[key] = True
        elif roll < 0.75:
            kind = "update"
            outcome, _ = outcome_of(lambda: client.call("UpdateItem", {
                "TableName": "events", "Key": {"pk": {"S": key}}, "UpdateExpression": "SET tok = :t",
                "ExpressionAttributeValues": {":t": {"S": tok}}}))
        else:
            kind, tok = "delete", None
            outcome, _ = outcome_of(lambda: client.call("DeleteItem", {
                "TableName": "events", "Key": {"pk": {"S": key}}}))
            if outcome == "ok":
                self.exists[key] = False
        return {"key": key, "kind": kind, "token": tok, "outcome": outcome}


class StreamExactlyOnceTest(unittest.TestCase):
    def test_every_acknowledged_write_is_in_the_stream_once_across_sigkill(self):
        tmp = tempfile.TemporaryDirectory(prefix="dynamini-stream-crash-")
        self.addCleanup(tmp.cleanup)
        db = os.path.join(tmp.name, "stream.db")
        rng = random.Random(3)
        logs = [[] for _ in range(WRITERS)]
        writers = [Writer(n, logs[n]) for n in range(WRITERS)]
        for round_number in range(ROUNDS):
            server = self.start(db)
            if round_number == 0:
                self.create_table(server)
            self.run_round(server, writers, round_number, rng.uniform(0.3, 1.0))
        server = self.start(db)
        records, table = self.read_everything(server)
        server.stop()
        log = [entry for l in logs for entry in l]
        print("%d writes (%d acknowledged, %d failed, %d unknown), %d stream records" % (
            len(log), sum(e["outcome"] == "ok" for e in log), sum(e["outcome"] == "failed" for e in log),
            sum(e["outcome"] == "unknown" for e in log), len(records)))
        self.assertGreater(sum(e["outcome"] == "ok" for e in log), 500)
        self.assertGreater(sum(e["outcome"] == "failed" for e in log), 10)
        chains = self.check_chains(records, table)
        self.check_tokens(log, chains, table)
        self.check_owner_order(logs, chains)

    def start(self, db):
        server = DynaminiServer(inbox=False, extra_args=["--db", db]).start()
        self.addCleanup(server.stop)
        return server

    def create_table(self, server):
        status, body = Client(server).call("CreateTable", {
            "TableName": "events", "BillingMode": "PAY_PER_REQUEST",
            "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"}],
            "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"}],
            "StreamSpecification": {"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"}})
        self.assertEqual(status, 200, body)

    def run_round(self, server, writers, round_number, seconds):
        stop = threading.Event()

        def work(writer):
            client = Client(server)
            writer.learn_state(client)  # an unknown write of the last round may have happened
            while not stop.is_set():
                if not writer.one_write(client, round_number):
                    return  # the server died mid-request

        threads = [threading.Thread(target=work, args=(w,)) for w in writers]
        for t in threads:
            t.start()
        time.sleep(seconds)
        os.kill(server.process.pid, signal.SIGKILL)
        server.process.wait(timeout=5)
        stop.set()
        for t in threads:
            t.join(timeout=15)
        server.stop()

    def read_everything(self, server):
        config = Config(retries={"max_attempts": 1, "mode": "standard"})
        args = dict(endpoint_url=server.url, region_name="us-east-1", aws_access_key_id="x",
                    aws_secret_access_key="x", config=config)
        ddb = boto3.session.Session().client("dynamodb", **args)
        streams = boto3.session.Session().client("dynamodbstreams", **args)
        arn = ddb.describe_table(TableName="events")["Table"]["LatestStreamArn"]
        records = read_all_records(streams, arn)
        table, start = {}, None
        while True:
            page = ddb.scan(TableName="events", **({"ExclusiveStartKey": start} if start else {}))
            table.update({item["pk"]["S"]: item for item in page["Items"]})
            start = page.get("LastEvaluatedKey")
            if not start:
                return records, table

    def check_chains(self, records, table):
        """key -> [record], each key's records forming one valid chain."""
        chains = defaultdict(list)
        for _, r in records:
            chains[r["dynamodb"]["Keys"]["pk"]["S"]].append(r)
        for key, chain in chains.items():
            previous, last_sequence = None, -1
            for r in chain:
                change = r["dynamodb"]
                old, new = change.get("OldImage"), change.get("NewImage")
                expected_name = "INSERT" if old is None else "REMOVE" if new is None else "MODIFY"
                self.assertEqual(r["eventName"], expected_name, r)
                self.assertEqual(old, previous, "%s: a record's OldImage is not the previous NewImage" % key)
                sequence = int(change["SequenceNumber"])
                self.assertGreater(sequence, last_sequence, "%s: records out of order" % key)
                if key in SHARED_KEYS and new is not None:
                    self.assertEqual(int(new["ver"]["N"]), int(old["ver"]["N"]) + 1 if old else 1, r)
                previous, last_sequence = new, sequence
            self.assertEqual(previous, table.get(key), "%s: the last record is not the item" % key)
        for key in table:
            self.assertIn(key, chains, "%s is in the table but not in the stream" % key)
        return chains

    def check_tokens(self, log, chains, table):
        seen = defaultdict(int)
        for chain in chains.values():
            for r in chain:
                new = r["dynamodb"].get("NewImage")
                if new is not None:
                    seen[new["tok"]["S"]] += 1
        in_table = {item["tok"]["S"] for item in table.values()}
        for e in log:
            if e["kind"] == "failing-put":
                self.assertNotEqual(e["outcome"], "ok", "a PutItem replaced an item it must not: %s" % e)
            if e["token"] is None:
                continue
            count = seen.get(e["token"], 0)
            if e["outcome"] == "ok":
                self.assertEqual(count, 1, "acknowledged %s" % e)
            elif e["outcome"] == "unknown":
                self.assertLessEqual(count, 1, e)
            else:
                self.assertEqual(count, 0, "failed write in the stream: %s" % e)
                self.assertNotIn(e["token"], in_table)

    def check_owner_order(self, logs, chains):
        """An owned key's records are its owner's writes that happened, in order:
        every acknowledged one, and unknown ones only where they took effect.
        A delete has no token: an unknown delete followed by an acknowledged
        one explains a single REMOVE record only through the acknowledged one
        (after the restart the owner saw the item still there, or it would
        have put rather than deleted)."""
        for log in logs:
            by_key = defaultdict(list)
            for e in log:
                if e["key"] not in SHARED_KEYS and e["kind"] != "failing-put" and e["outcome"] != "failed":
                    by_key[e["key"]].append(e)
            for key, writes in by_key.items():
                changes = [r["dynamodb"]["NewImage"]["tok"]["S"] if "NewImage" in r["dynamodb"] else None
                           for r in chains.get(key, [])]
                at = 0
                for i, e in enumerate(writes):
                    matches = at < len(changes) and changes[at] == e["token"]
                    following = writes[i + 1] if i + 1 < len(writes) else None
                    if (matches and e["outcome"] == "unknown" and following is not None
                            and following["outcome"] == "ok" and following["token"] == e["token"]):
                        matches = False  # the acknowledged write explains this record
                    if matches:
                        at += 1
                    else:
                        self.assertEqual(e["outcome"], "unknown",
                                         "%s: acknowledged write %d %s missing or out of order; writes "
                                         "around it %s, records from %d: %s" % (
                                             key, i, e, writes[max(0, i - 3):i + 3], at,
                                             changes[max(0, at - 3):at + 3]))
                self.assertEqual(at, len(changes), "%s: records no write of its owner explains" % key)

if __name__ == "__main__":
    unittest.main()
