"""`dynamini inbox <pattern>`, the alias of `dynamini model run <pattern>
--model inbox`: each access pattern by name, against a running server
(--endpoint) and against database files (--db), checked with boto3."""

import os
import re
import shutil
import subprocess
import tempfile
import time
import unittest

from dynamini_harness import DynaminiServer

BIN = os.environ.get("DYNAMINI_BIN")
MID_UNREAD = "01HWWVCKJ05CY4TQKFE20S58XM"
NEW_UNREAD = "01HWYQRBZ07H6NWVVGG69A7D65"


def inbox(*args, check=True, timeout=120):
    proc = subprocess.run([BIN, "inbox", *args], capture_output=True, text=True,
                          timeout=timeout)
    if check and proc.returncode != 0:
        raise AssertionError("dynamini inbox %s failed (%d): %s" %
                             (" ".join(args), proc.returncode, proc.stderr))
    return proc


def meta(ddb, user):
    return ddb.get_item(TableName="inbox", Key={
        "pk": {"S": "USER#" + user}, "sk": {"S": "#INBOX"}}).get("Item")


def gsi1_count(ddb, user):
    return ddb.query(TableName="inbox", IndexName="GSI1", Select="COUNT",
                     KeyConditionExpression="gsi1pk = :u",
                     ExpressionAttributeValues={":u": {"S": "UNREAD#" + user}})["Count"]


class InboxCommandAgainstServer(unittest.TestCase):
    """One server per test: the commands change the preloaded inbox."""

    def setUp(self):
        self.server = DynaminiServer(inbox=True).start()
        self.addCleanup(self.server.stop)
        self.ddb = self.server.client()
        self.addCleanup(self.ddb.close)

    def run_inbox(self, *args, **kw):
        return inbox(*args, "--endpoint", self.server.url, **kw)

    def test_patterns_prints_the_catalogue_with_the_key_design(self):
        out = inbox("patterns").stdout
        for ap in ("AP1", "AP2", "AP3", "AP4", "AP5"):
            self.assertIn(ap, out)
        self.assertIn("UNREAD#<user>", out)
        self.assertIn("#JOB#READALL#<jobId>", out)
        self.assertIn("begins_with(sk, 'NOTIF#')", out)

    def test_badge_prints_the_get_item_request_response_and_cost(self):
        out = self.run_inbox("badge", "u_alice").stdout
        self.assertIn(">>> GetItem", out)
        self.assertIn('"ReturnConsumedCapacity": "TOTAL"', out)
        self.assertIn('"unreadCount"', out)
        self.assertIn("cost: 0.5 capacity units", out)
        self.assertIn("\nbadge u_alice: 2 unread\n", out)
        self.assertIn("price: $0.0625 per million calls (0.5 RCU + 0 WCU a call", out)

    def test_recent_prints_items_evaluated_and_returned_and_a_cursor(self):
        out = self.run_inbox("recent", "u_alice", "--limit", "2").stdout
        self.assertIn(">>> Query", out)
        self.assertIn('"ScanIndexForward": false', out)
        self.assertIn("evaluated 2 items (ScannedCount), returned 2 (Count)", out)
        m = re.search(r"--cursor '([^']+)'", out)
        self.assertIsNotNone(m, out)
        out2 = self.run_inbox("recent", "u_alice", "--cursor", m.group(1)).stdout
        self.assertIn('"S": "01HWSPZ3H038NKRKAYDXR834N3"', out2)
        self.assertIn("1 notification(s); the last page", out2)

    def test_unread_lists_gsi1(self):
        out = self.run_inbox("unread", "u_alice").stdout
        self.assertIn('"IndexName": "GSI1"', out)
        self.assertIn('"S": "NOTIF#%s"' % MID_UNREAD, out)
        self.assertIn('"S": "NOTIF#%s"' % NEW_UNREAD, out)
        self.assertIn("2 notification(s)", out)

    def test_read_marks_one_read_in_one_transaction(self):
        out = self.run_inbox("read", "u_alice", MID_UNREAD).stdout
        self.assertIn(">>> TransactWriteItems", out)
        self.assertIn("marked read; badge decremented", out)
        self.assertEqual(meta(self.ddb, "u_alice")["unreadCount"], {"N": "1"})
        self.assertEqual(gsi1_count(self.ddb, "u_alice"), 1)
        again = self.run_inbox("read", "u_alice", MID_UNREAD, "--quiet").stdout
        self.assertIn("already read", again)
        self.assertEqual(meta(self.ddb, "u_alice")["unreadCount"], {"N": "1"})

    def test_read_all_zeroes_the_badge_and_empties_gsi1(self):
        out = self.run_inbox("read-all", "u_alice").stdout
        self.assertIn("badge u_alice: 0", out)
        self.assertRegex(out, r"read-all job \w{26} marked 2 notification\(s\) read")
        self.assertRegex(out, r"background worker: \d+ requests")
        self.assertEqual(meta(self.ddb, "u_alice")["unreadCount"], {"N": "0"})
        self.assertEqual(gsi1_count(self.ddb, "u_alice"), 0)
        jobs = self.ddb.query(TableName="inbox", KeyConditionExpression=
                              "pk = :p AND begins_with(sk, :j)",
                              ExpressionAttributeValues={
                                  ":p": {"S": "USER#u_alice"},
                                  ":j": {"S": "#JOB#READALL#"}})["Items"]
        self.assertEqual(len(jobs), 1)
        self.assertEqual(jobs[0]["status"], {"S": "DONE"})
        self.assertNotIn("gsi1pk", jobs[0])

    def test_notify_delivers_and_increments_atomically(self):
        out = self.run_inbox("notify", "u_bob", "--type", "like", "--actor",
                             "u_alice", "--preview", "Alice liked it").stdout
        self.assertIn(">>> TransactWriteItems", out)
        m = re.search(r"notification (\w{26}) for u_bob: delivered unread", out)
        self.assertIsNotNone(m, out)
        item = self.ddb.get_item(TableName="inbox", Key={
            "pk": {"S": "USER#u_bob"}, "sk": {"S": "NOTIF#" + m.group(1)}})["Item"]
        self.assertEqual(item["gsi1pk"], {"S": "UNREAD#u_bob"})
        self.assertEqual(item["payload"]["M"]["preview"], {"S": "Alice liked it"})
        self.assertEqual(meta(self.ddb, "u_bob")["unreadCount"], {"N": "1"})

    def test_follow_then_post_fans_out_through_the_server_stream_trigger(self):
        self.run_inbox("follow", "u_alice", "u_bob", "--quiet")
        self.run_inbox("follow", "u_alice", "u_carol", "--quiet")
        out = self.run_inbox("post", "u_alice", "Hello followers").stdout
        self.assertIn(">>> PutItem", out)
        post_id = re.search(r"post (\w{26}) by u_alice written", out).group(1)
        deadline = time.time() + 10
        while time.time() < deadline:
            if all(meta(self.ddb, u) for u in ("u_bob", "u_carol")):
                break
            time.sleep(0.05)
        for user in ("u_bob", "u_carol"):
            self.assertEqual(meta(self.ddb, user)["unreadCount"], {"N": "1"}, user)
            items = self.ddb.query(TableName="inbox", IndexName="GSI1",
                                   KeyConditionExpression="gsi1pk = :u",
                                   ExpressionAttributeValues={
                                       ":u": {"S": "UNREAD#" + user}})["Items"]
            self.assertEqual(len(items), 1)
            self.assertEqual(items[0]["targetId"], {"S": post_id})
            self.assertEqual(items[0]["type"], {"S": "post"})
        self.assertEqual(meta(self.ddb, "u_alice")["unreadCount"], {"N": "2"})

    def test_unknown_pattern_is_exit_1_naming_the_catalogue(self):
        proc = self.run_inbox("frobnicate", check=False)
        self.assertEqual(proc.returncode, 1)
        self.assertIn("unknown pattern 'frobnicate'", proc.stderr)

    def test_missing_argument_is_exit_1_with_usage(self):
        proc = self.run_inbox("read", "u_alice", check=False)
        self.assertEqual(proc.returncode, 1)
        self.assertIn("usage: dynamini inbox read USER NOTIF_ID", proc.stderr)


class InboxCommandOnDatabaseFiles(unittest.TestCase):

    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="dynamini-inbox-cmd-")
        self.addCleanup(shutil.rmtree, self.dir, True)

    def path(self, name):
        return os.path.join(self.dir, name)

    def test_db_file_is_created_with_the_sample_inbox(self):
        out = inbox("badge", "u_alice", "--db", self.path("a.db"), "--quiet").stdout
        self.assertEqual(out.strip(), "badge u_alice: 2 unread")

    def test_db_file_keeps_changes_between_commands(self):
        db = self.path("b.db")
        inbox("read", "u_alice", NEW_UNREAD, "--db", db, "--quiet")
        self.assertIn("badge u_alice: 1 unread", inbox("badge", "u_alice", "--db", db).stdout)
        out = inbox("unread", "u_alice", "--db", db).stdout
        self.assertIn(MID_UNREAD, out)
        self.assertNotIn(NEW_UNREAD, out)

    def test_post_on_a_db_file_runs_the_fan_out_in_process(self):
        db = self.path("c.db")
        for follower in ("f1", "f2", "f3"):
            inbox("follow", "u_alice", follower, "--db", db, "--quiet")
        out = inbox("post", "u_alice", "hi", "--db", db, "--quiet").stdout
        self.assertIn("the stream trigger notified the followers (3 notification(s) delivered", out)
        self.assertIn("badge f2: 1 unread", inbox("badge", "f2", "--db", db, "--quiet").stdout)

    def test_read_all_on_a_db_file(self):
        db = self.path("d.db")
        out = inbox("read-all", "u_alice", "--db", db).stdout
        self.assertIn("marked 2 notification(s) read", out)
        self.assertIn("badge u_alice: 0 unread", inbox("badge", "u_alice", "--db", db).stdout)
        self.assertIn("0 notification(s)", inbox("unread", "u_alice", "--db", db).stdout)

    def test_generate_is_deterministic_for_a_seed(self):
        dumps = []
        for name in ("g1.db", "g2.db"):
            db = self.path(name)
            proc = inbox("generate", "--users", "20", "--per-user", "7", "--seed", "9",
                         "--db", db)
            self.assertIn("generated 20 users, 140 notifications", proc.stdout)
            self.assertIn("generating notifications", proc.stderr)  # the progress bar
            dumps.append(subprocess.run([BIN, "dump", "inbox", "--db", db],
                                        capture_output=True, text=True, check=True).stdout)
        self.assertEqual(dumps[0], dumps[1])
        self.assertEqual(len(dumps[0].splitlines()), 4 + 140 + 20)
        other = self.path("g3.db")
        inbox("generate", "--users", "20", "--per-user", "7", "--seed", "10", "--db", other)
        third = subprocess.run([BIN, "dump", "inbox", "--db", other], capture_output=True,
                               text=True, check=True).stdout
        self.assertNotEqual(dumps[0], third)

    def test_generated_badges_match_the_unread_index(self):
        db = self.path("h.db")
        inbox("generate", "--users", "5", "--per-user", "30", "--seed", "4", "--db", db)
        for user in ("u_00001", "u_00003", "u_00005"):
            badge = re.search(r"badge \w+: (\d+)",
                              inbox("badge", user, "--db", db, "--quiet").stdout).group(1)
            unread = inbox("unread", user, "--limit", "100", "--db", db, "--quiet").stdout
            self.assertIn("%s notification(s)" % badge, unread)


if __name__ == "__main__":
    unittest.main()
