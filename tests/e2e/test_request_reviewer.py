"""The request reviewer (issue 17, item 3), driven by boto3 from outside the
console: each kind of line (a Scan, a filter that discarded most, a Query
that could have been a GetItem, an item near 400 KB, an index projecting ALL
that costs more than KEYS_ONLY would, a hot partition, a collection that only
grows) appears under its request in --log-requests and in the console's
request log (GET /console/api/requests), and links to a note the console
serves (GET /console/api/notes).

DynamoDB's documented facts behind the rules (Developer Guide): an item is
at most 400 KB ("Service, account, and table quotas"); a partition serves at
most 3,000 RCU and 1,000 WCU a second ("Best practices for designing and
using partition keys effectively"); a filter is applied after the read and
the read is charged in full ("Filter expressions for Query"); an index write
is charged by the size of the projected entry ("Provisioned throughput
considerations for Global Secondary Indexes")."""

import json
import re
import time
import unittest
import urllib.request

from dynamini_harness import DynaminiServer, unique_name

S = lambda v: {"S": v}  # noqa: E731


class ReviewerLines(unittest.TestCase):

    def setUp(self):
        # One server per test: hot partitions and growing collections are
        # judged from the calls before, so tests must not share them.
        self.server = DynaminiServer(inbox=False, extra_args=["--log-requests"]).start()
        self.addCleanup(self.server.stop)
        self.ddb = self.server.client()
        self.notes = {n["id"]: n for n in self.get("/console/api/notes")["notes"]}

    def get(self, path):
        with urllib.request.urlopen(self.server.url + path, timeout=10) as r:
            return json.loads(r.read())

    def table(self, index=False):
        name = unique_name("reviewed")
        spec = dict(TableName=name, BillingMode="PAY_PER_REQUEST",
                    AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"},
                                          {"AttributeName": "sk", "AttributeType": "S"}],
                    KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"},
                               {"AttributeName": "sk", "KeyType": "RANGE"}])
        if index:
            spec["AttributeDefinitions"] += [{"AttributeName": "gpk", "AttributeType": "S"}]
            spec["GlobalSecondaryIndexes"] = [{
                "IndexName": "ByG", "Projection": {"ProjectionType": "ALL"},
                "KeySchema": [{"AttributeName": "gpk", "KeyType": "HASH"}]}]
        self.ddb.create_table(**spec)
        return name

    def put_six(self, table):
        for i in range(6):
            self.ddb.put_item(TableName=table, Item={"pk": S("p"), "sk": S("s%d" % i),
                                                      "kind": S("keep" if i < 1 else "drop")})

    def reviewed(self, operation, pattern, timeout=10):
        """The first console request-log entry of `operation` whose reviewer
        line matches `pattern`; checks the same line is printed under its
        request by --log-requests and that its link names a served note.
        Returns the rule (the note's id)."""
        deadline = time.time() + timeout
        entry = None
        while time.time() < deadline and entry is None:
            entries = self.get("/console/api/requests?after=0&limit=500")["entries"]
            entry = next((e for e in entries if e["operation"] == operation and e["note"]
                          and re.search(pattern, e["note"]["text"])), None)
            if entry is None:
                time.sleep(0.05)
        self.assertIsNotNone(entry, "no %s entry with a line matching %r: %r" % (
            operation, pattern, [(e["operation"], e["note"]) for e in entries]))
        link = entry["note"]["link"]
        self.assertTrue(link.startswith("/console#notes/review-"), link)
        rule = link[len("/console#notes/"):]
        self.assertIn(rule, self.notes)
        self.assertTrue(self.notes[rule]["title"] and self.notes[rule]["text"])
        printed = "  review: " + entry["note"]["text"] + "\n"
        deadline = time.time() + timeout
        while printed not in self.server._stdout_lines and time.time() < deadline:
            time.sleep(0.05)
        lines = self.server._stdout_lines
        self.assertIn(printed, lines)
        self.assertTrue(lines[lines.index(printed) - 1].startswith(operation + " "),
                        lines[lines.index(printed) - 1])
        return rule

    def test_a_scan_that_read_six_to_return_one(self):
        table = self.table()
        self.put_six(table)
        out = self.ddb.scan(TableName=table, FilterExpression="kind = :k",
                            ExpressionAttributeValues={":k": S("keep")})
        self.assertEqual((out["ScannedCount"], out["Count"]), (6, 1))
        self.assertEqual(self.reviewed("Scan", r"^Scan read 6 item\(s\) of %s to return 1: " % table),
                         "review-scan")

    def test_a_query_whose_filter_discarded_most_of_what_it_read(self):
        table = self.table()
        self.put_six(table)
        self.ddb.query(TableName=table, KeyConditionExpression="pk = :p",
                       FilterExpression="kind = :k",
                       ExpressionAttributeValues={":p": S("p"), ":k": S("keep")})
        rule = self.reviewed("Query", r"^the filter discarded 5 of 6 items read \(83%\)")
        self.assertEqual(rule, "review-filter")
        # A filter that keeps most says nothing.
        self.ddb.query(TableName=table, KeyConditionExpression="pk = :p",
                       FilterExpression="kind = :k",
                       ExpressionAttributeValues={":p": S("p"), ":k": S("drop")})
        time.sleep(0.3)
        entries = self.get("/console/api/requests?after=0&limit=500")["entries"]
        self.assertIsNone([e for e in entries if e["operation"] == "Query"][-1]["note"])

    def test_a_query_of_one_whole_key_could_have_been_a_get_item(self):
        table = self.table()
        self.put_six(table)
        self.ddb.query(TableName=table, KeyConditionExpression="pk = :p AND sk = :s",
                       ExpressionAttributeValues={":p": S("p"), ":s": S("s3")})
        self.assertEqual(self.reviewed("Query", r"^this Query names one item of %s by its whole "
                                                r"primary key: GetItem" % table),
                         "review-get-item")

    def test_an_item_near_400_kb(self):
        table = self.table()
        self.ddb.put_item(TableName=table, Item={"pk": S("big"), "sk": S("1"),
                                                  "blob": S("x" * (350 * 1024))})
        self.assertEqual(self.reviewed("PutItem", r"^item .* in %s is 350(\.\d)? KB, near "
                                                  r"DynamoDB's 400 KB item limit" % table),
                         "review-item-size")

    def test_an_index_projecting_all_that_costs_more_than_keys_only(self):
        table = self.table(index=True)
        # About 2.5 KB: 3 WCU in the table and 3 in ByG's entry (ALL); the
        # keys alone would be 1.
        out = self.ddb.put_item(TableName=table, ReturnConsumedCapacity="INDEXES",
                                Item={"pk": S("p"), "sk": S("1"), "gpk": S("g"),
                                      "body": S("y" * 2500)})
        self.assertEqual(out["ConsumedCapacity"]["GlobalSecondaryIndexes"]["ByG"]["CapacityUnits"], 3)
        self.assertEqual(self.reviewed("PutItem", r"^ByG projects ALL: this write cost 3 WCU in ByG "
                                                  r"where KEYS_ONLY would cost 1"),
                         "review-projection")

    def test_a_hot_partition(self):
        table = self.table()
        for i in range(60):
            self.ddb.put_item(TableName=table, Item={"pk": S("hot"), "sk": S("%04d" % i)})
        self.assertEqual(self.reviewed("PutItem", r"^hot partition: \d+ of the last \d+ writes "
                                                  r"\(\d+%%\) went to %s partition key hot, [\d.]+ WCU "
                                                  r"in the last second; one partition takes at most "
                                                  r"1000 WCU and 3000 RCU per second" % table),
                         "review-hot-partition")

    def test_a_collection_that_only_grows(self):
        table = self.table()
        # 1,008 items into one collection, each batch of 25 with 13 other
        # partition keys so that no partition takes half the writes (that
        # would be a hot partition, which the reviewer says first).
        other = 0
        for batch in range(84):
            requests = [{"PutRequest": {"Item": {"pk": S("feed"), "sk": S("%02d-%02d" % (batch, i))}}}
                        for i in range(12)]
            for _ in range(13):
                requests.append({"PutRequest": {"Item": {"pk": S("other-%d" % other), "sk": S("0")}}})
                other += 1
            out = self.ddb.batch_write_item(RequestItems={table: requests})
            self.assertEqual(out["UnprocessedItems"], {})
        self.assertEqual(self.reviewed("BatchWriteItem", r"^the collection feed of %s gained 1000 "
                                                         r"items and lost none" % table),
                         "review-unbounded-collection")


if __name__ == "__main__":
    unittest.main()
