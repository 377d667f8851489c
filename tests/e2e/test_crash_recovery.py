"""Durability of file databases: a write load through the server, SIGKILL at
random moments for 20 rounds, restart on the same file each time. Every write
the client saw acknowledged must be there, PRAGMA integrity_check must be ok,
and the GSI must hold exactly the table's items that carry its keys."""

import http.client
import json
import os
import random
import signal
import sqlite3
import tempfile
import threading
import time
import unittest

from dynamini_harness import DynaminiServer

ROUNDS = 20
WRITERS = 4


class KeepAliveClient:
    def __init__(self, host, port):
        self.conn = http.client.HTTPConnection(host, port, timeout=5)

    def call(self, op, body):
        self.conn.request("POST", "/", body=json.dumps(body), headers={
            "Content-Type": "application/x-amz-json-1.0",
            "X-Amz-Target": "DynamoDB_20120810." + op})
        resp = self.conn.getresponse()
        return resp.status, json.loads(resp.read() or b"{}")


class CrashRecoveryTest(unittest.TestCase):
    def test_acknowledged_writes_survive_sigkill_for_20_rounds(self):
        tmp = tempfile.TemporaryDirectory(prefix="dynamini-crash-")
        self.addCleanup(tmp.cleanup)
        db = os.path.join(tmp.name, "crash.db")
        rng = random.Random(20261130)
        acknowledged = set()
        ack_lock = threading.Lock()
        created = False
        for round_number in range(ROUNDS):
            server = DynaminiServer(inbox=False, extra_args=["--db", db]).start()
            self.addCleanup(server.stop)
            client = KeepAliveClient(server.host, server.port)
            if not created:
                status, body = client.call("CreateTable", {
                    "TableName": "crash", "BillingMode": "PAY_PER_REQUEST",
                    "AttributeDefinitions": [{"AttributeName": n, "AttributeType": "S"}
                                             for n in ("pk", "sk", "g")],
                    "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                                  {"AttributeName": "sk", "KeyType": "RANGE"}],
                    "GlobalSecondaryIndexes": [{
                        "IndexName": "byG", "Projection": {"ProjectionType": "ALL"},
                        "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"},
                                      {"AttributeName": "sk", "KeyType": "RANGE"}]}]})
                self.assertEqual(status, 200, body)
                created = True
            # Everything acknowledged in earlier rounds is still there.
            self.check_all_present(client, acknowledged)
            stop = threading.Event()

            def writer(w):
                c = KeepAliveClient(server.host, server.port)
                i = 0
                while not stop.is_set():
                    key = "r%02d-w%d-%05d" % (round_number, w, i)
                    item = {"pk": {"S": "P%d" % (i % 7)}, "sk": {"S": key}, "v": {"N": str(i)}}
                    if i % 2 == 0:
                        item["g"] = {"S": "G%d" % (i % 3)}
                    try:
                        status, _ = c.call("PutItem", {"TableName": "crash", "Item": item})
                    except Exception:
                        return  # the server died mid-request: not acknowledged
                    if status == 200:
                        with ack_lock:
                            acknowledged.add(("P%d" % (i % 7), key))
                    i += 1

            threads = [threading.Thread(target=writer, args=(w,)) for w in range(WRITERS)]
            for t in threads:
                t.start()
            time.sleep(rng.uniform(0.05, 0.4))
            os.kill(server.process.pid, signal.SIGKILL)
            server.process.wait(timeout=5)
            stop.set()
            for t in threads:
                t.join(timeout=10)
            server.stop()
        self.assertGreater(len(acknowledged), 100)
        # Final restart: every acknowledged write, and the GSI matches the table.
        server = DynaminiServer(inbox=False, extra_args=["--db", db]).start()
        self.addCleanup(server.stop)
        client = KeepAliveClient(server.host, server.port)
        self.check_all_present(client, acknowledged)
        table_items = self.scan_all(client, {"TableName": "crash"})
        gsi_items = self.scan_all(client, {"TableName": "crash", "IndexName": "byG"})
        expected = sorted((i["pk"]["S"], i["sk"]["S"]) for i in table_items if "g" in i)
        self.assertEqual(sorted((i["pk"]["S"], i["sk"]["S"]) for i in gsi_items), expected)
        server.stop()
        with sqlite3.connect(db) as conn:
            self.assertEqual(conn.execute("PRAGMA integrity_check").fetchone()[0], "ok")

    def check_all_present(self, client, acknowledged):
        present = {(i["pk"]["S"], i["sk"]["S"]) for i in self.scan_all(client, {"TableName": "crash"})}
        missing = acknowledged - present
        self.assertFalse(missing, "acknowledged writes lost: %s" % sorted(missing)[:5])

    def scan_all(self, client, request):
        items, start = [], None
        while True:
            body = dict(request)
            if start:
                body["ExclusiveStartKey"] = start
            status, page = client.call("Scan", body)
            self.assertEqual(status, 200, page)
            items += page["Items"]
            start = page.get("LastEvaluatedKey")
            if not start:
                return items


if __name__ == "__main__":
    unittest.main()
