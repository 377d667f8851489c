"""Stream triggers (--trigger, /dynamini/admin/triggers) through boto3, with a
small Lambda-style HTTP function in this process (the Runtime Interface
Emulator's invoke protocol: a thrown error is answered with status 200 and
{"errorMessage", "errorType"}).

Covers BatchSize, MaximumBatchingWindowInSeconds, StartingPosition,
BisectBatchOnFunctionError with MaximumRetryAttempts, the on-failure
destination (file and table), ReportBatchItemFailures, FilterCriteria, the
admin API, and a --db restart resuming after the checkpoint.
"""

import http.server
import json
import os
import shutil
import tempfile
import threading
import time
import unittest

from dynamini_harness import DynaminiServer, unique_name

INVOKE_PATH = "/2015-03-31/functions/function/invocations"


class Function:
    """A local function: records each event; `behaviour(event)` returns the
    response object or raises to fail."""

    def __init__(self, behaviour=None):
        self.events = []
        self.behaviour = behaviour or (lambda event: None)
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                event = json.loads(body)
                outer.events.append(event)
                try:
                    answer = json.dumps(outer.behaviour(event))
                except Exception as e:  # the handler "threw"
                    answer = json.dumps({"errorMessage": str(e), "errorType": "Error"})
                data = answer.encode()
                self.send_response(200 if self.path == INVOKE_PATH else 404)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()
        self.url = "http://127.0.0.1:%d%s" % (self.httpd.server_address[1], INVOKE_PATH)

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()

    def keys(self):
        """The pk of every record received, per invocation."""
        return [[r["dynamodb"]["Keys"]["pk"]["S"] for r in e["Records"]] for e in self.events]


def wait_for(predicate, timeout=20.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.05)
    return predicate()


class TriggerTestCase(unittest.TestCase):
    def start(self, args=(), db=None):
        extra = ["--admin", *args] + (["--db", db] if db else [])
        server = DynaminiServer(inbox=False, extra_args=extra)
        server.start()
        self.addCleanup(server.stop)
        return server

    def function(self, behaviour=None):
        fn = Function(behaviour)
        self.addCleanup(fn.close)
        return fn

    def create_table(self, ddb, name=None, stream=True):
        name = name or unique_name("trig")
        spec = {"StreamSpecification": {"StreamEnabled": True, "StreamViewType": "NEW_AND_OLD_IMAGES"}} if stream else {}
        ddb.create_table(TableName=name, KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
                         AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
                         BillingMode="PAY_PER_REQUEST", **spec)
        return name

    def admin(self, server, method, body=None, query=""):
        status, _, data = server.raw("" if body is None else json.dumps(body), target=None,
                                     method=method, path="/dynamini/admin/triggers" + query)
        return status, json.loads(data)

    def add_trigger(self, server, **config):
        status, body = self.admin(server, "POST", config)
        self.assertEqual(status, 200, body)
        return body["UUID"]

    def status(self, server):
        return self.admin(server, "GET")[1]["Triggers"]

    def put(self, ddb, table, *keys):
        for key in keys:
            ddb.put_item(TableName=table, Item={"pk": {"S": key}})


class TriggerDeliveryTest(TriggerTestCase):
    def test_flag_delivers_lambda_shaped_events_in_order(self):
        fn = self.function()
        table = "orders"
        server = self.start(["--trigger", "%s=%s" % (table, fn.url)])
        ddb = server.client()
        self.create_table(ddb, table)
        self.put(ddb, table, "a", "b", "c")
        ddb.delete_item(TableName=table, Key={"pk": {"S": "a"}})
        self.assertTrue(wait_for(lambda: sum(map(len, fn.keys())) == 4))
        self.assertEqual([k for batch in fn.keys() for k in batch], ["a", "b", "c", "a"])
        records = [r for e in fn.events for r in e["Records"]]
        arn = ddb.describe_table(TableName=table)["Table"]["LatestStreamArn"]
        self.assertEqual([r["eventName"] for r in records], ["INSERT"] * 3 + ["REMOVE"])
        for r in records:
            self.assertEqual(r["eventSourceARN"], arn)
            self.assertEqual(r["eventSource"], "aws:dynamodb")
            self.assertIn("SequenceNumber", r["dynamodb"])
        seqs = [int(r["dynamodb"]["SequenceNumber"]) for r in records]
        self.assertEqual(seqs, sorted(seqs))

    def test_batch_size_and_batching_window_gather_records(self):
        fn = self.function()
        server = self.start()
        ddb = server.client()
        table = self.create_table(ddb)
        self.add_trigger(server, TableName=table, FunctionUrl=fn.url, BatchSize=4,
                         MaximumBatchingWindowInSeconds=2)
        self.put(ddb, table, *["k%d" % i for i in range(10)])
        self.assertTrue(wait_for(lambda: sum(map(len, fn.keys())) == 10))
        self.assertEqual([len(b) for b in fn.keys()], [4, 4, 2])

    def test_trim_horizon_starts_with_retained_records_latest_does_not(self):
        server = self.start()
        ddb = server.client()
        table = self.create_table(ddb)
        self.put(ddb, table, "old")
        latest, horizon = self.function(), self.function()
        self.add_trigger(server, TableName=table, FunctionUrl=latest.url)
        self.add_trigger(server, TableName=table, FunctionUrl=horizon.url,
                         StartingPosition="TRIM_HORIZON")
        time.sleep(0.3)
        self.put(ddb, table, "new")
        self.assertTrue(wait_for(lambda: sum(map(len, horizon.keys())) == 2))
        self.assertTrue(wait_for(lambda: sum(map(len, latest.keys())) == 1))
        self.assertEqual([k for b in horizon.keys() for k in b], ["old", "new"])
        self.assertEqual([k for b in latest.keys() for k in b], ["new"])

    def test_filter_criteria_select_records(self):
        fn = self.function()
        server = self.start()
        ddb = server.client()
        table = self.create_table(ddb)
        pattern = {"dynamodb": {"Keys": {"pk": {"S": [{"prefix": "keep"}]}}}}
        self.add_trigger(server, TableName=table, FunctionUrl=fn.url,
                         FilterCriteria={"Filters": [{"Pattern": json.dumps(pattern)}]})
        self.put(ddb, table, "keep1", "drop1", "keep2", "drop2")
        # A batch's records are filtered before its delivery is posted: the
        # count can reach 2 while keep2's POST is still on its way.
        self.assertTrue(wait_for(lambda: self.status(server)[0]["RecordsFilteredOut"] == 2))
        self.assertTrue(wait_for(lambda: sum(map(len, fn.keys())) >= 2))
        self.assertEqual([k for b in fn.keys() for k in b], ["keep1", "keep2"])

    def test_bisect_isolates_the_poison_record_and_the_file_destination_keeps_it(self):
        def behaviour(event):
            if any(r["dynamodb"]["Keys"]["pk"]["S"] == "poison" for r in event["Records"]):
                raise RuntimeError("cannot handle poison")
        fn = self.function(behaviour)
        directory = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, directory)
        failed = os.path.join(directory, "failed.jsonl")
        server = self.start()
        ddb = server.client()
        table = self.create_table(ddb)
        self.add_trigger(server, TableName=table, FunctionUrl=fn.url, BatchSize=4,
                         MaximumBatchingWindowInSeconds=1, BisectBatchOnFunctionError=True,
                         MaximumRetryAttempts=1, RetryBaseDelayMs=10,
                         DestinationConfig={"OnFailure": {"Destination": "file:" + failed}})
        self.put(ddb, table, "a", "b", "poison", "d")
        self.assertTrue(wait_for(lambda: os.path.exists(failed) and self.status(server)[0]["RecordsPending"] == 0))
        self.assertEqual(fn.keys(), [["a", "b", "poison", "d"], ["a", "b"], ["poison", "d"],
                                     ["poison"], ["poison"], ["d"]])
        with open(failed) as f:
            lines = [json.loads(line) for line in f]
        self.assertEqual(len(lines), 1)
        record = lines[0]
        self.assertEqual(record["requestContext"]["condition"], "RetryAttemptsExhausted")
        self.assertEqual(record["requestContext"]["approximateInvokeCount"], 2)
        self.assertEqual(record["responseContext"]["functionError"], "Unhandled")
        info = record["DDBStreamBatchInfo"]
        self.assertEqual(info["batchSize"], 1)
        self.assertEqual(info["startSequenceNumber"], info["endSequenceNumber"])
        self.assertEqual(info["streamArn"], ddb.describe_table(TableName=table)["Table"]["LatestStreamArn"])
        self.assertTrue(info["shardId"].startswith("shardId-"))
        self.assertEqual(record["payload"]["Records"][0]["dynamodb"]["Keys"]["pk"]["S"], "poison")
        status = self.status(server)[0]
        self.assertEqual(status["RecordsDiscarded"], 1)
        self.assertEqual(status["RecordsDelivered"], 3)

    def test_table_destination_and_report_batch_item_failures(self):
        state = {"failed_once": False}

        def behaviour(event):
            keys = [r["dynamodb"]["Keys"]["pk"]["S"] for r in event["Records"]]
            if "b" in keys and not state["failed_once"]:
                state["failed_once"] = True
                b = event["Records"][keys.index("b")]["dynamodb"]["SequenceNumber"]
                return {"batchItemFailures": [{"itemIdentifier": b}]}
            if "x" in keys:
                raise RuntimeError("x always fails")
            return {"batchItemFailures": []}
        fn = self.function(behaviour)
        server = self.start()
        ddb = server.client()
        table = self.create_table(ddb)
        dlq = self.create_table(ddb, stream=False)
        self.add_trigger(server, TableName=table, FunctionUrl=fn.url, BatchSize=3,
                         MaximumBatchingWindowInSeconds=1, MaximumRetryAttempts=1, RetryBaseDelayMs=10,
                         FunctionResponseTypes=["ReportBatchItemFailures"],
                         DestinationConfig={"OnFailure": {"Destination": "table:" + dlq}})
        self.put(ddb, table, "a", "b", "c")
        self.assertTrue(wait_for(lambda: sum(map(len, fn.keys())) >= 5))
        self.assertEqual(fn.keys()[:2], [["a", "b", "c"], ["b", "c"]])
        self.put(ddb, table, "x")
        self.assertTrue(wait_for(lambda: ddb.scan(TableName=dlq)["Count"] == 1))
        item = ddb.scan(TableName=dlq)["Items"][0]
        self.assertEqual(item["condition"]["S"], "RetryAttemptsExhausted")
        self.assertEqual(item["batchSize"]["N"], "1")
        record = json.loads(item["record"]["S"])
        self.assertEqual(record["payload"]["Records"][0]["dynamodb"]["Keys"]["pk"]["S"], "x")

    def test_a_failing_function_never_blocks_writes(self):
        def behaviour(event):
            raise RuntimeError("down")
        fn = self.function(behaviour)
        server = self.start()
        ddb = server.client()
        table = self.create_table(ddb)
        self.add_trigger(server, TableName=table, FunctionUrl=fn.url, RetryBaseDelayMs=10,
                         RetryMaxDelayMs=20)
        self.put(ddb, table, "first")
        self.assertTrue(wait_for(lambda: len(fn.events) >= 3))
        start = time.monotonic()
        self.put(ddb, table, *["w%d" % i for i in range(200)])
        elapsed = time.monotonic() - start
        print("200 PutItems while the function failed: %.1f ms" % (elapsed * 1000))
        status = self.status(server)[0]
        self.assertEqual(status["RecordsDelivered"], 0)
        self.assertGreaterEqual(status["RecordsPending"], 1)
        self.assertEqual(status["LastError"], "Unhandled")

    def test_admin_lists_removes_and_refuses(self):
        fn = self.function()
        server = self.start()
        uuid = self.add_trigger(server, TableName="t", FunctionUrl=fn.url, BatchSize=7)
        [listed] = self.status(server)
        self.assertEqual((listed["UUID"], listed["BatchSize"], listed["State"]), (uuid, 7, "Enabled"))
        self.assertEqual(listed["StartingPosition"], "LATEST")
        for bad in [{"TableName": "t"}, {"TableName": "t", "FunctionUrl": "https://x"},
                    {"TableName": "t", "FunctionUrl": fn.url, "BatchSize": 0},
                    {"TableName": "t", "FunctionUrl": fn.url, "StartingPosition": "AT_TIMESTAMP"},
                    {"TableName": "t", "FunctionUrl": fn.url,
                     "FilterCriteria": {"Filters": [{"Pattern": "{\"a\": 1}"}]}}]:
            with self.subTest(bad=bad):
                status, body = self.admin(server, "POST", bad)
                self.assertEqual(status, 400, body)
        self.assertEqual(self.admin(server, "DELETE", query="?id=" + uuid),
                         (200, {"removed": uuid}))
        self.assertEqual(self.status(server), [])
        self.assertEqual(self.admin(server, "DELETE", query="?id=" + uuid)[0], 404)


class TriggerRestartTest(TriggerTestCase):
    def test_db_restart_resumes_after_the_checkpoint(self):
        directory = tempfile.mkdtemp()
        self.addCleanup(shutil.rmtree, directory)
        db = os.path.join(directory, "data.db")
        fn = self.function()
        flag = ["--trigger", "events={\"FunctionUrl\": \"%s\", \"StartingPosition\": \"TRIM_HORIZON\"}" % fn.url]
        server = self.start(flag, db=db)
        ddb = server.client()
        self.create_table(ddb, "events")
        self.put(ddb, "events", "one", "two")
        self.assertTrue(wait_for(lambda: sum(map(len, fn.keys())) == 2))
        time.sleep(0.2)  # the checkpoint is written after the answer
        server.stop()
        self.assertTrue(os.path.exists(db + ".triggers"))
        server = self.start(flag, db=db)
        ddb = server.client()
        self.put(ddb, "events", "three")
        self.assertTrue(wait_for(lambda: sum(map(len, fn.keys())) == 3))
        time.sleep(0.3)
        # TRIM_HORIZON would replay one and two: the checkpoint wins.
        self.assertEqual([k for b in fn.keys() for k in b], ["one", "two", "three"])


if __name__ == "__main__":
    unittest.main()
