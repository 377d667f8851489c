"""Graceful shutdown: SIGTERM during a stream of writes to a --db file. The
server finishes what it acknowledged, exits 0 and leaves no WAL behind."""

import os
import signal
import tempfile
import threading
import unittest

from dynamini_harness import DynaminiServer


class GracefulShutdownTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory(prefix="dynamini-shutdown-")
        self.addCleanup(self.dir.cleanup)
        self.db = os.path.join(self.dir.name, "data.db")

    def start(self):
        server = DynaminiServer(inbox=False, extra_args=["--db", self.db]).start()
        self.addCleanup(server.stop)
        return server

    def test_sigterm_during_writes_exits_0_keeps_acknowledged_writes_and_empties_the_wal(self):
        server = self.start()
        ddb = server.client()
        ddb.create_table(
            TableName="events", BillingMode="PAY_PER_REQUEST",
            AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "id", "KeyType": "HASH"}])
        acknowledged = []
        stop = threading.Event()
        started = threading.Event()

        def writer():
            # A steady stream of writes on keep-alive connections, some of
            # them in flight when SIGTERM arrives.
            client = server.client()
            i = 0
            while not stop.is_set():
                key = "e%06d" % i
                try:
                    client.put_item(TableName="events",
                                    Item={"id": {"S": key}, "pad": {"S": "x" * 2000}})
                except Exception:
                    return  # the server has gone: nothing more is acknowledged
                acknowledged.append(key)
                i += 1
                if i == 50:
                    started.set()

        threads = [threading.Thread(target=writer) for _ in range(3)]
        for t in threads:
            t.start()
        self.assertTrue(started.wait(30), "writes did not start")
        server.process.send_signal(signal.SIGTERM)
        code = server.process.wait(timeout=30)
        stop.set()
        for t in threads:
            t.join(timeout=30)
        self.assertEqual(code, 0)
        server.stop()

        wal = self.db + "-wal"
        wal_bytes = os.path.getsize(wal) if os.path.exists(wal) else 0
        self.assertEqual(wal_bytes, 0, "the WAL was not checkpointed")

        again = self.start().client()
        for key in acknowledged:
            self.assertIn("Item", again.get_item(TableName="events", Key={"id": {"S": key}},
                                                 ConsistentRead=True), key)
        self.assertGreaterEqual(len(acknowledged), 50)


if __name__ == "__main__":
    unittest.main()
