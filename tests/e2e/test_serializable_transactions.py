"""Serializable transactions, checked offline from a recorded history.

32 boto3 threads move money between 20 accounts with TransactWriteItems
(conditions on both versions and on the source's balance) and read accounts
with TransactGetItems, for a bounded time. Every operation is written to a
history file (JSON lines: start, end, request, result) and then checked by
serializability_checker.py: versions written once, every read's balances
replayable from the committed transfers, the total conserved in every read
of all accounts, no read sees half a transfer, no cycle in the dependency
graph (write-read, write-write, read-write edges from the versions), no
stale or future read in real time. The checker's own tests feed it
histories with each anomaly and expect it to be found."""

import json
import os
import random
import tempfile
import threading
import time
import unittest

from botocore.config import Config

import serializability_checker as checker
from dynamini_harness import ClientError, ServerTestCase

CLIENTS = 32
ACCOUNTS = ["a%02d" % i for i in range(20)]
DURATION_S = float(os.environ.get("DYNAMINI_SERIALIZABLE_SECONDS", "25"))


def account_key(a):
    return {"id": {"S": a}}


class Recorder:
    """Appends operations to a JSON-lines file, numbering them."""

    def __init__(self, path):
        self.file = open(path, "w")
        self.lock = threading.Lock()
        self.next_id = 0

    def add(self, op):
        with self.lock:
            op["id"] = self.next_id
            self.next_id += 1
            self.file.write(json.dumps(op) + "\n")

    def close(self):
        self.file.close()


class SerializableTransactionsTest(ServerTestCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.ddb.create_table(
            TableName="bank", BillingMode="PAY_PER_REQUEST",
            AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "id", "KeyType": "HASH"}])
        for a in ACCOUNTS:
            cls.ddb.put_item(TableName="bank", Item={
                "id": {"S": a}, "balance": {"N": str(checker.INITIAL_BALANCE)}, "version": {"N": "0"}})

    def client(self):
        # One low-level client for all threads (boto3's clients are thread
        # safe), with a connection per thread.
        import boto3
        return boto3.session.Session().client(
            "dynamodb", endpoint_url=self.server.url, region_name="us-east-1",
            aws_access_key_id="x", aws_secret_access_key="x",
            config=Config(retries={"max_attempts": 1, "mode": "standard"},
                          max_pool_connections=CLIENTS, connect_timeout=5, read_timeout=30))

    @staticmethod
    def read(ddb, accounts, record):
        start = time.monotonic()
        got = ddb.transact_get_items(TransactItems=[
            {"Get": {"TableName": "bank", "Key": account_key(a)}} for a in accounts])
        end = time.monotonic()
        values = {}
        for a, response in zip(accounts, got["Responses"]):
            item = response["Item"]
            values[a] = [int(item["version"]["N"]), int(item["balance"]["N"])]
        record({"type": "read", "start": start, "end": end, "values": values})
        return values

    @staticmethod
    def transfer(ddb, src, dst, amount, seen, record):
        vs, vd = seen[src][0], seen[dst][0]
        update = "SET balance = balance %s :amount, version = version + :one"
        values = {":amount": {"N": str(amount)}, ":one": {"N": "1"}}
        start = time.monotonic()
        outcome, reasons = "ok", None
        try:
            ddb.transact_write_items(TransactItems=[
                {"Update": {"TableName": "bank", "Key": account_key(src), "UpdateExpression": update % "-",
                            "ConditionExpression": "version = :v AND balance >= :amount",
                            "ExpressionAttributeValues": dict(values, **{":v": {"N": str(vs)}})}},
                {"Update": {"TableName": "bank", "Key": account_key(dst), "UpdateExpression": update % "+",
                            "ConditionExpression": "version = :v",
                            "ExpressionAttributeValues": dict(values, **{":v": {"N": str(vd)}})}}])
        except ClientError as e:
            if e.response["Error"]["Code"] != "TransactionCanceledException":
                raise
            outcome = "cancelled"
            reasons = [r["Code"] for r in e.response.get("CancellationReasons", [])]
        except Exception:  # no answer: the transfer may or may not have happened
            outcome = "unknown"
        record({"type": "transfer", "start": start, "end": time.monotonic(), "src": src, "dst": dst,
                "amount": amount, "expect": {src: vs, dst: vd}, "outcome": outcome, "reasons": reasons})

    def test_32_clients_transfer_and_read_serializably(self):
        folder = tempfile.mkdtemp(prefix="dynamini-history-")
        path = os.path.join(folder, "history.jsonl")
        recorder = Recorder(path)
        ddb = self.client()
        self.addCleanup(ddb.close)
        deadline = time.monotonic() + DURATION_S
        errors = []

        def work(n):
            rng = random.Random(n)
            try:
                while time.monotonic() < deadline:
                    if rng.random() < 0.25:
                        self.read(ddb, ACCOUNTS, recorder.add)
                        continue
                    src, dst = rng.sample(ACCOUNTS, 2)
                    seen = self.read(ddb, [src, dst], recorder.add)
                    self.transfer(ddb, src, dst, rng.randint(1, 50), seen, recorder.add)
            except Exception as e:  # surfaced below
                errors.append(repr(e))

        threads = [threading.Thread(target=work, args=(n,)) for n in range(CLIENTS)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        final = self.read(ddb, ACCOUNTS, recorder.add)  # after every transfer ended
        recorder.close()
        self.assertEqual(errors, [])

        history = checker.load(path)
        transfers = [op for op in history if op["type"] == "transfer"]
        committed = sum(op["outcome"] == "ok" for op in transfers)
        reads = sum(op["type"] == "read" and len(op["values"]) == len(ACCOUNTS) for op in history)
        print("history %s: %d operations, %d transfers (%d committed, %d cancelled), %d reads of all "
              "accounts" % (path, len(history), len(transfers), committed,
                            sum(op["outcome"] == "cancelled" for op in transfers), reads))
        self.assertGreater(committed, 100)
        self.assertGreater(reads, 50)
        # The final read sees every committed transfer: versions add up.
        self.assertEqual(sum(v for v, _ in final.values()), 2 * committed)
        violations = checker.check(history, ACCOUNTS)
        self.assertEqual(violations[:10], [], "history kept in %s" % path)
        os.remove(path)
        os.rmdir(folder)


class CheckerFindsAnomaliesTest(unittest.TestCase):
    """The checker on small hand-made histories: each anomaly is reported."""

    ACCOUNTS = ["x", "y"]

    def transfer(self, id, src, dst, vs, vd, amount=10, start=0.0, end=1.0, outcome="ok"):
        return {"type": "transfer", "id": id, "start": start, "end": end, "src": src, "dst": dst,
                "amount": amount, "expect": {src: vs, dst: vd}, "outcome": outcome}

    def read(self, id, values, start=2.0, end=3.0):
        return {"type": "read", "id": id, "start": start, "end": end, "values": values}

    def violations(self, ops):
        return checker.check(ops, self.ACCOUNTS)

    def test_a_good_history_has_none(self):
        ops = [self.transfer(1, "x", "y", 0, 0),
               self.read(2, {"x": [1, 990], "y": [1, 1010]})]
        self.assertEqual(self.violations(ops), [])

    def test_a_read_of_half_a_transfer(self):
        ops = [self.transfer(1, "x", "y", 0, 0),
               self.read(2, {"x": [1, 990], "y": [0, 1000]}, start=0.5, end=0.6)]
        found = "\n".join(self.violations(ops))
        self.assertIn("atomicity", found)
        self.assertIn("conservation", found)
        self.assertIn("serializability", found)

    def test_a_lost_update(self):
        ops = [self.transfer(1, "x", "y", 0, 0), self.transfer(2, "x", "y", 0, 0)]
        self.assertIn("versions", "\n".join(self.violations(ops)))

    def test_a_cancelled_transfer_that_wrote(self):
        ops = [self.transfer(1, "x", "y", 0, 0, outcome="cancelled"),
               self.read(2, {"x": [1, 990], "y": [1, 1010]})]
        self.assertIn("versions", "\n".join(self.violations(ops)))

    def test_a_wrong_balance(self):
        ops = [self.transfer(1, "x", "y", 0, 0), self.read(2, {"x": [1, 991], "y": [1, 1010]})]
        self.assertIn("balances", "\n".join(self.violations(ops)))

    def test_a_stale_read(self):
        ops = [self.transfer(1, "x", "y", 0, 0, start=0, end=1),
               self.read(2, {"x": [0, 1000], "y": [0, 1000]}, start=5, end=6)]
        self.assertIn("real time", "\n".join(self.violations(ops)))

    def test_a_cycle_between_two_reads_and_two_transfers(self):
        # Each read sees one transfer and not the other (a "long fork"):
        # r3 after t1 but before t2, r4 after t2 but before t1.
        self.ACCOUNTS = ["x", "y", "z", "w"]
        ops = [self.transfer(1, "x", "y", 0, 0, start=0, end=10),
               self.transfer(2, "z", "w", 0, 0, start=0, end=10),
               self.read(3, {"x": [1, 990], "z": [0, 1000]}, start=1, end=9),
               self.read(4, {"x": [0, 1000], "z": [1, 990]}, start=1, end=9)]
        self.assertIn("serializability", "\n".join(self.violations(ops)))


if __name__ == "__main__":
    unittest.main()
