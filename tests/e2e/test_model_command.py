"""Models as data: `dynamini --model NAME|FILE` (a built-in model, a model
file or a NoSQL Workbench export) and `dynamini model list|patterns|run|import`,
checked with boto3; the request reviewer's lines in --log-requests."""

import json
import os
import re
import shlex
import shutil
import subprocess
import tempfile
import time
import unittest

from dynamini_harness import DynaminiServer

BIN = os.environ.get("DYNAMINI_BIN")
HERE = os.path.dirname(os.path.abspath(__file__))
WORKBENCH = os.path.join(HERE, "..", "model", "fixtures", "workbench_bookstore.json")


def model(*args, check=True, timeout=120):
    proc = subprocess.run([BIN, "model", *args], capture_output=True, text=True, timeout=timeout)
    if check and proc.returncode != 0:
        raise AssertionError("dynamini model %s failed (%d): %s%s" %
                             (" ".join(args), proc.returncode, proc.stdout, proc.stderr))
    return proc


class ModelCommands(unittest.TestCase):

    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="dynamini-model-cmd-")
        self.addCleanup(shutil.rmtree, self.dir, True)

    def test_list_names_the_three_built_in_models(self):
        out = model("list").stdout
        for name in ("inbox", "notifications", "shop"):
            self.assertRegex(out, r"(?m)^%s\s+\S" % name)

    def test_patterns_prints_a_models_key_design_and_patterns(self):
        out = model("patterns", "--model", "shop").stdout
        self.assertIn("InvertedIndex: SK (HASH), PK (RANGE), projection ALL", out)
        self.assertIn("SK=ORDER#<orderDate>#<order>", out)
        self.assertIn("S10  pay, with optimistic locking", out)
        self.assertIn("version = :expectedVersion AND balance >= :minBalance", out)

    def test_run_on_a_db_file_refuses_the_stale_writer(self):
        db = os.path.join(self.dir, "shop.db")
        pay = ["run", "pay", "--model", "shop", "--db", db, "amount=-30", "expectedVersion=1",
               "minBalance=30"]
        first = model(*pay).stdout
        self.assertIn(">>> UpdateItem", first)
        self.assertIn('"version": {\n      "N": "2"', first)
        # The account item is in InvertedIndex too (its keys swapped): 1 WCU
        # for the item and 1 for its index entry.
        self.assertRegex(first, r"price: \$1\.25 per million calls \(0 RCU \+ 2 WCU a call; "
                                r"on demand, us-east-1, rates of 2026-12-02\)")
        stale = model(*pay).stdout  # exit 0: the refusal is the pattern's outcome
        self.assertIn("UpdateItem refused, as it can be: ConditionalCheckFailedException", stale)
        fresh = model("run", "S11", "--model", "shop", "--db", db, "--quiet").stdout
        self.assertEqual(fresh.strip(), "UpdateItem done (2 WCU)")

    def test_run_against_a_server_started_with_another_model(self):
        server = DynaminiServer(inbox=False, extra_args=["--model", "notifications"]).start()
        self.addCleanup(server.stop)
        ddb = server.client()
        self.assertEqual(ddb.list_tables()["TableNames"], ["notifications"])
        out = model("run", "F2", "--model", "notifications", "--endpoint", server.url).stdout
        self.assertEqual(out.count(">>> Query"), 50)
        self.assertRegex(out, r"50 pages of Query: page 1 returned 10 of 10 item\(s\) read "
                              r"\(0\.5 RCU\); page 50 returned 10 of 10 item\(s\) read \(0\.5 RCU\)")
        self.assertIn("next page: --cursor '", out)
        unread = ddb.query(TableName="notifications", IndexName="GSI1", Select="COUNT",
                           KeyConditionExpression="GSI1PK = :u",
                           ExpressionAttributeValues={":u": {"S": "USER#u_ana#UNREAD"}})
        self.assertEqual(unread["Count"], 75)

    def test_a_workbench_export_is_imported_at_start_and_by_the_command(self):
        server = DynaminiServer(inbox=False, extra_args=["--model", WORKBENCH]).start()
        self.addCleanup(server.stop)
        ddb = server.client()
        table = ddb.describe_table(TableName="Bookstore")["Table"]
        self.assertEqual(table["GlobalSecondaryIndexes"][0]["Projection"]["ProjectionType"], "INCLUDE")
        self.assertEqual(ddb.scan(TableName="Bookstore", Select="COUNT")["Count"], 8)
        converted = json.loads(model("import", WORKBENCH).stdout)
        self.assertEqual(converted["format"], "dynamini-model/1")
        self.assertEqual([e["name"] for e in converted["entities"]], ["Author", "Book", "Review"])
        path = os.path.join(self.dir, "bookstore.json")
        with open(path, "w") as f:
            json.dump(converted, f)
        out = model("run", "Q2", "--model", path, "--endpoint", server.url, "AuthorId=a200").stdout
        self.assertIn('"Title": {\n        "S": "Quiet Harbour"', out)

    def test_the_developer_guides_workbench_example_imports(self):
        # The export in the DynamoDB Developer Guide's "Editing an existing
        # data model" (NoSQL Workbench), verbatim: two facets, no sample
        # items, no ModelMetadata.
        devguide = os.path.join(HERE, "..", "model", "fixtures", "workbench_music_devguide.json")
        converted = json.loads(model("import", devguide).stdout)
        self.assertEqual([e["name"] for e in converted["entities"]], ["SongDetails", "Downloads"])
        server = DynaminiServer(inbox=False, extra_args=["--model", devguide]).start()
        self.addCleanup(server.stop)
        ddb = server.client()
        ddb.put_item(TableName="Songs", Item={"Id": {"S": "s1"}, "Metadata": {"S": "Details"},
                                              "Title": {"S": "Blue"}})
        out = model("run", "Q1", "--model", devguide, "--endpoint", server.url, "--quiet",
                    "SongId=s1").stdout
        self.assertEqual(out.strip(), "Query returned 1 of 1 item(s) read (0.5 RCU); the last page")
        proc = model("run", "Q1", "--model", devguide, "--endpoint", server.url, check=False)
        self.assertEqual(proc.returncode, 1)
        self.assertIn("pattern Q1 needs parameter SongId", proc.stderr)

    def test_patterns_of_a_model_file_print_commands_that_run_as_printed(self):
        out = model("patterns", "--model", WORKBENCH).stdout
        commands = re.findall(r"(?m)^     command: (dynamini model run .*)$", out)
        self.assertEqual(len(commands), 4)
        argv = shlex.split(commands[0])
        self.assertEqual(argv[-2:], ["--model", WORKBENCH])
        db = os.path.join(self.dir, "bookstore.db")
        ran = subprocess.run([BIN] + argv[1:] + ["--db", db, "--quiet"], capture_output=True,
                             text=True, timeout=60)
        self.assertEqual(ran.returncode, 0, ran.stderr)
        self.assertRegex(ran.stdout, r"^Query returned \d+ of \d+ item\(s\) read")

    def test_a_bad_model_stops_the_server_with_the_reason(self):
        bad = os.path.join(self.dir, "bad.json")
        with open(bad, "w") as f:
            f.write('{"format": "dynamini-model/1", "name": "x", "tables": []}')
        proc = subprocess.run([BIN, "--port", "0", "--model", bad], capture_output=True, text=True,
                              timeout=30)
        self.assertEqual(proc.returncode, 1)
        self.assertIn("bad.json: tables: a model needs at least one table", proc.stderr)
        proc = subprocess.run([BIN, "--port", "0", "--model", "nope"], capture_output=True,
                              text=True, timeout=30)
        self.assertIn("no model named 'nope' (built in: inbox, notifications, shop", proc.stderr)

    def test_unknown_pattern_and_parameter_are_exit_1(self):
        proc = model("run", "frobnicate", "--model", "shop", check=False)
        self.assertEqual(proc.returncode, 1)
        self.assertIn("unknown pattern 'frobnicate'", proc.stderr)
        proc = model("run", "pay", "--model", "shop", "colour=red", check=False)
        self.assertIn("pattern S10 takes no parameter 'colour'", proc.stderr)


class RequestReviewInTheLog(unittest.TestCase):

    def lines(self, server, predicate, timeout=10):
        deadline = time.time() + timeout
        while time.time() < deadline:
            lines = [l.rstrip("\n") for l in server._stdout_lines[1:]]
            if predicate(lines):
                return lines
            time.sleep(0.05)
        self.fail("log lines: %r" % server._stdout_lines)

    def test_a_scan_from_boto3_gets_the_reviewers_line(self):
        server = DynaminiServer(inbox=True, extra_args=["--log-requests"]).start()
        self.addCleanup(server.stop)
        server.client().scan(TableName="inbox", FilterExpression="#t = :t",
                             ExpressionAttributeNames={"#t": "type"},
                             ExpressionAttributeValues={":t": {"S": "like"}})
        lines = self.lines(server, lambda l: len(l) >= 2)
        self.assertTrue(lines[0].startswith("Scan inbox "), lines)
        self.assertEqual(lines[1], "  review: Scan read 4 item(s) of inbox to return 1: a Scan "
                                   "reads the whole table; a Query of a key or an index reads "
                                   "only what it returns")

    def test_no_review_turns_the_lines_off(self):
        server = DynaminiServer(inbox=True, extra_args=["--log-requests", "--no-review"]).start()
        self.addCleanup(server.stop)
        server.client().scan(TableName="inbox")
        server.client().list_tables()
        lines = self.lines(server, lambda l: len(l) >= 2)
        self.assertTrue(lines[1].startswith("ListTables"), lines)


if __name__ == "__main__":
    unittest.main()
