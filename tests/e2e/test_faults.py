"""Deterministic faults (--fault and /dynamini/admin/faults) through boto3.

Shows that the SDK's own retry logic engages (ResponseMetadata.RetryAttempts),
that a faulted write wrote nothing, that `every=3` makes exactly one
TransactWriteItems in three conflict with CancellationReasons where DynamoDB
puts them, and that rules are listed and cleared at runtime.
"""

import json
import time
import unittest

import boto3
from botocore.config import Config

from dynamini_harness import ClientError, DynaminiServer, unique_name


def retrying_client(server, attempts=5, mode="legacy"):
    """boto3 with a retry mode: legacy (Debian's boto3 default; max_attempts
    counts retries) or standard (max_attempts counts every attempt)."""
    return boto3.session.Session().client(
        "dynamodb", endpoint_url=server.url, region_name="us-east-1",
        aws_access_key_id="x", aws_secret_access_key="x",
        config=Config(retries={"max_attempts": attempts, "mode": mode}))


class FaultTestCase(unittest.TestCase):
    extra_args = ["--admin"]

    @classmethod
    def setUpClass(cls):
        cls.server = DynaminiServer(inbox=False, extra_args=cls.extra_args)
        cls.addClassCleanup(cls.server.stop)
        cls.server.start()
        cls.ddb = cls.server.client()  # no retries
        cls.table = unique_name("faults")
        cls.ddb.create_table(
            TableName=cls.table,
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
            AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
            BillingMode="PAY_PER_REQUEST")

    def setUp(self):
        self.admin("DELETE", "")

    def admin(self, method, body, query=""):
        status, _, data = self.server.raw(
            body if isinstance(body, str) else json.dumps(body), target=None,
            method=method, path="/dynamini/admin/faults" + query)
        return status, json.loads(data) if data else None

    def add_rule(self, rule):
        status, body = self.admin("POST", {"rule": rule})
        self.assertEqual(status, 200, body)
        return body["id"]

    def get(self, pk):
        return self.ddb.get_item(TableName=self.table, Key={"pk": {"S": pk}}).get("Item")


class FaultRulesTest(FaultTestCase):
    def test_sdk_retries_a_throttled_put_until_the_rule_is_spent(self):
        # Fires twice, then the third attempt of the same call succeeds.
        self.add_rule("op=PutItem,table=%s,error=ProvisionedThroughputExceeded,times=2" % self.table)
        client = retrying_client(self.server)
        response = client.put_item(TableName=self.table, Item={"pk": {"S": "retried"}})
        self.assertEqual(response["ResponseMetadata"]["RetryAttempts"], 2)
        self.assertIsNotNone(self.get("retried"))

    def test_each_error_has_dynamodb_type_and_status(self):
        cases = [
            ("ProvisionedThroughputExceeded", "ProvisionedThroughputExceededException", 400,
             "The level of configured provisioned throughput for the table was exceeded"),
            ("Throttling", "ThrottlingException", 400, "Rate of requests exceeds"),
            ("RequestLimitExceeded", "RequestLimitExceeded", 400,
             "Throughput exceeds the current throughput limit for your account"),
            ("InternalServerError", "InternalServerError", 500, "Internal server error"),
            ("TransactionConflict", "TransactionConflictException", 400,
             "Transaction is ongoing for the item"),
        ]
        for error, code, status, message in cases:
            with self.subTest(error=error):
                self.admin("DELETE", "")
                self.add_rule("op=PutItem,error=" + error)
                with self.assertRaises(ClientError) as ctx:
                    self.ddb.put_item(TableName=self.table, Item={"pk": {"S": "e-" + error}})
                err = ctx.exception.response["Error"]
                self.assertEqual(err["Code"], code)
                self.assertIn(message, err["Message"])
                self.assertEqual(
                    ctx.exception.response["ResponseMetadata"]["HTTPStatusCode"], status)
                self.admin("DELETE", "")
                # A faulted write wrote nothing.
                self.assertIsNone(self.get("e-" + error))

    def test_retries_engage_for_500_and_give_up_after_max_attempts(self):
        self.add_rule("op=PutItem,error=InternalServerError")
        client = retrying_client(self.server, attempts=3, mode="standard")
        with self.assertRaises(ClientError) as ctx:
            client.put_item(TableName=self.table, Item={"pk": {"S": "never"}})
        retries = ctx.exception.response["ResponseMetadata"]["RetryAttempts"]
        self.assertGreaterEqual(retries, 2)
        _, listed = self.admin("GET", "")
        self.assertEqual(listed["Rules"][0]["fired"], retries + 1)  # every attempt faulted
        self.admin("DELETE", "")
        self.assertIsNone(self.get("never"))

    def test_one_transaction_in_three_conflicts(self):
        self.add_rule("op=TransactWriteItems,table=%s,error=TransactionConflict,every=3" % self.table)
        outcomes = []
        for i in range(9):
            items = [
                {"Put": {"TableName": self.table, "Item": {"pk": {"S": "tx%d-a" % i}}}},
                {"Put": {"TableName": self.table, "Item": {"pk": {"S": "tx%d-b" % i}}}},
            ]
            try:
                self.ddb.transact_write_items(TransactItems=items)
                outcomes.append("ok")
            except ClientError as e:
                self.assertEqual(e.response["Error"]["Code"], "TransactionCanceledException")
                self.assertIn("[TransactionConflict, None]", e.response["Error"]["Message"])
                outcomes.append("conflict")
                # Nothing of the cancelled transaction was written.
                self.assertIsNone(self.get("tx%d-a" % i))
                self.assertIsNone(self.get("tx%d-b" % i))
        self.assertEqual(outcomes, ["ok", "ok", "conflict"] * 3)

    def test_a_conflicting_transact_get_items_is_cancelled(self):
        # TransactGetItems answers a conflict as TransactWriteItems does:
        # TransactionCanceledException with a CancellationReason per item (API
        # reference, TransactGetItems, TransactionCanceledException).
        self.ddb.put_item(TableName=self.table, Item={"pk": {"S": "read#1"}})
        self.add_rule("op=TransactGetItems,prefix=read#,error=TransactionConflict,times=1")
        gets = [{"Get": {"TableName": self.table, "Key": {"pk": {"S": "other"}}}},
                {"Get": {"TableName": self.table, "Key": {"pk": {"S": "read#1"}}}}]
        status, body = self.server.raw_json("TransactGetItems", {"TransactItems": gets})
        self.assertEqual(status, 400)
        self.assertEqual(body["__type"],
                         "com.amazonaws.dynamodb.v20120810#TransactionCanceledException")
        self.assertEqual(body["CancellationReasons"],
                         [{"Code": "None"},
                          {"Code": "TransactionConflict", "Message": "Transaction is ongoing for the item"}])
        # times=1: the rule is spent, the same read now succeeds through boto3.
        responses = self.ddb.transact_get_items(TransactItems=gets)["Responses"]
        self.assertEqual(responses[1]["Item"], {"pk": {"S": "read#1"}})

    def test_cancellation_reason_sits_at_the_item_with_the_key_prefix(self):
        self.add_rule("op=TransactWriteItems,prefix=ORDER#,error=TransactionConflict")
        items = [
            {"Put": {"TableName": self.table, "Item": {"pk": {"S": "USER#1"}}}},
            {"Update": {"TableName": self.table, "Key": {"pk": {"S": "USER#2"}},
                        "UpdateExpression": "SET n = :one",
                        "ExpressionAttributeValues": {":one": {"N": "1"}}}},
            {"Put": {"TableName": self.table, "Item": {"pk": {"S": "ORDER#9"}}}},
        ]
        status, body = self.server.raw_json("TransactWriteItems", {"TransactItems": items})
        self.assertEqual(status, 400)
        self.assertEqual(body["__type"],
                         "com.amazonaws.dynamodb.v20120810#TransactionCanceledException")
        self.assertEqual([r["Code"] for r in body["CancellationReasons"]],
                         ["None", "None", "TransactionConflict"])
        self.assertEqual(body["CancellationReasons"][2]["Message"],
                         "Transaction is ongoing for the item")
        # A transaction without such a key is not faulted.
        self.ddb.transact_write_items(TransactItems=items[:2])
        self.assertIsNotNone(self.get("USER#1"))

    def test_key_prefix_selects_single_item_calls(self):
        self.add_rule("prefix=hot#,error=Throttling")
        self.ddb.put_item(TableName=self.table, Item={"pk": {"S": "cold#1"}})
        with self.assertRaises(ClientError) as ctx:
            self.ddb.put_item(TableName=self.table, Item={"pk": {"S": "hot#1"}})
        self.assertEqual(ctx.exception.response["Error"]["Code"], "ThrottlingException")
        with self.assertRaises(ClientError):
            self.ddb.get_item(TableName=self.table, Key={"pk": {"S": "hot#1"}})
        self.admin("DELETE", "")
        self.assertIsNone(self.get("hot#1"))
        self.assertIsNotNone(self.get("cold#1"))

    def test_seeded_probability_repeats(self):
        def run():
            self.admin("DELETE", "")
            self.add_rule("op=GetItem,error=Throttling,probability=0.5,seed=7")
            pattern = []
            for _ in range(20):
                try:
                    self.ddb.get_item(TableName=self.table, Key={"pk": {"S": "p"}})
                    pattern.append(0)
                except ClientError:
                    pattern.append(1)
            return pattern
        first, second = run(), run()
        self.assertEqual(first, second)
        self.assertTrue(0 < sum(first) < 20, first)

    def test_delay_without_error_only_slows_the_call(self):
        self.add_rule("op=PutItem,delay=300")
        start = time.monotonic()
        self.ddb.put_item(TableName=self.table, Item={"pk": {"S": "slow"}})
        self.assertGreaterEqual(time.monotonic() - start, 0.3)
        self.assertIsNotNone(self.get("slow"))

    def test_admin_lists_removes_and_clears_rules(self):
        first = self.add_rule("op=PutItem,error=Throttling")
        self.add_rule("op=DeleteItem,table=t,every=2,error=InternalServerError")
        status, body = self.admin("GET", "")
        self.assertEqual(status, 200)
        self.assertEqual([r["rule"] for r in body["Rules"]],
                         ["id=%s,op=PutItem,error=Throttling" % first,
                          "id=f%d,op=DeleteItem,table=t,every=2,error=InternalServerError"
                          % (int(first[1:]) + 1)])
        status, body = self.admin("DELETE", "", "?id=" + first)
        self.assertEqual((status, body), (200, {"removed": first}))
        self.assertEqual(self.admin("DELETE", "", "?id=" + first)[0], 404)
        status, body = self.admin("DELETE", "")
        self.assertEqual((status, body), (200, {"cleared": 1}))
        self.assertEqual(self.admin("GET", "")[1], {"Rules": []})

    def test_admin_accepts_members_and_refuses_bad_rules(self):
        status, body = self.admin("POST", {"op": "Scan", "error": "Throttling", "every": 2})
        self.assertEqual(status, 200, body)
        self.assertEqual(body["rule"], "id=%s,op=Scan,every=2,error=Throttling" % body["id"])
        for bad in [{"rule": "op=Scan"}, {"rule": "error=Nope"}, {"rule": "every=x,error=Throttling"},
                    {"rule": "colour=red,error=Throttling"}, "not json"]:
            with self.subTest(bad=bad):
                status, body = self.admin("POST", bad)
                self.assertEqual(status, 400, body)
                self.assertIn("message", body)


class FaultFlagTest(FaultTestCase):
    extra_args = ["--admin", "--fault", "op=ListTables,error=RequestLimitExceeded,times=1",
                  "--fault", "op=DescribeLimits,delay=200ms"]

    def setUp(self):
        pass  # keep the flag's rules

    def test_flag_rules_apply_and_are_listed(self):
        status, body = self.admin("GET", "")
        self.assertEqual([r["rule"] for r in body["Rules"]],
                         ["id=f1,op=ListTables,times=1,error=RequestLimitExceeded",
                          "id=f2,op=DescribeLimits,delay=200ms"])
        # botocore's legacy mode retries RequestLimitExceeded only with status
        # 503 (its _retry.json); DynamoDB sends 400, which standard mode retries.
        client = retrying_client(self.server, mode="standard")
        response = client.list_tables()
        self.assertEqual(response["ResponseMetadata"]["RetryAttempts"], 1)
        start = time.monotonic()
        self.ddb.describe_limits()
        self.assertGreaterEqual(time.monotonic() - start, 0.2)

    def test_bad_flag_is_a_usage_error(self):
        server = DynaminiServer(inbox=False, extra_args=["--fault", "op=PutItem"])
        with self.assertRaises(RuntimeError) as ctx:
            server.start()
        self.assertIn("exited", str(ctx.exception))


def five_unit_item(pk):
    """An item of about 4.2 KB: a write costs 5 write units (one per KB,
    rounded up: Developer Guide, "Write capacity units")."""
    return {"pk": {"S": pk}, "pad": {"S": "x" * (4 * 1024 + 100)}}


class ThroughputEnforcementTest(unittest.TestCase):
    """--enforce-throughput=1: buckets hold one second of a table's units."""

    @classmethod
    def setUpClass(cls):
        cls.server = DynaminiServer(inbox=False, extra_args=["--enforce-throughput=1"])
        cls.addClassCleanup(cls.server.stop)
        cls.server.start()
        cls.ddb = cls.server.client()

    def create(self, **mode):
        name = unique_name("tp")
        self.ddb.create_table(
            TableName=name, KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
            AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}], **mode)
        return name

    def test_a_provisioned_table_throttles_and_the_sdk_retries(self):
        table = self.create(ProvisionedThroughput={"ReadCapacityUnits": 100,
                                                   "WriteCapacityUnits": 1})
        retrying = retrying_client(self.server, attempts=10)  # made first: it takes a while
        # The bucket holds one unit and refills one a second. A 5-unit write is
        # admitted with that one unit and charged all five, which leaves the
        # bucket 4 units short: writes are refused for about 5 s. (With a 1-unit
        # write the window was one second, and a loaded CI rehearsal once saw
        # the next write admitted.)
        spent = self.ddb.put_item(TableName=table, Item=five_unit_item("first"),
                                  ReturnConsumedCapacity="TOTAL")
        self.assertEqual(spent["ConsumedCapacity"]["CapacityUnits"], 5.0)
        with self.assertRaises(ClientError) as ctx:
            self.ddb.put_item(TableName=table, Item={"pk": {"S": "refused"}})
        self.assertEqual(ctx.exception.response["Error"]["Code"],
                         "ProvisionedThroughputExceededException")
        self.assertNotIn("Item", self.ddb.get_item(TableName=table, Key={"pk": {"S": "refused"}}))
        # Short the bucket again right before the retrying call (a slow run, as
        # under ASan, may have refilled it meanwhile), so that its first attempt
        # is refused; botocore's legacy backoff for DynamoDB (50 ms, doubling:
        # 6.35 s after seven retries, 51 s after ten) outlasts the refill.
        for _ in range(100):
            try:
                self.ddb.put_item(TableName=table, Item=five_unit_item("spent"))
                break
            except ClientError:
                time.sleep(0.1)
        response = retrying.put_item(TableName=table, Item={"pk": {"S": "retried"}})
        self.assertGreater(response["ResponseMetadata"]["RetryAttempts"], 0)
        # Reads have their own bucket: still plenty.
        self.assertIn("Item", self.ddb.get_item(TableName=table, Key={"pk": {"S": "retried"}}))

    def test_a_refused_call_names_the_throttling_reason(self):
        # DynamoDB adds ThrottlingReasons (reason and table ARN) to each
        # throttling exception (Developer Guide, "Diagnosing throttling");
        # Debian's botocore predates the member, so the raw body is read.
        table = self.create(ProvisionedThroughput={"ReadCapacityUnits": 1,
                                                   "WriteCapacityUnits": 1})
        arn = self.ddb.describe_table(TableName=table)["Table"]["TableArn"]
        # The 5-unit write leaves the bucket short for about 5 s (see above).
        self.assertEqual(self.server.raw_json(
            "PutItem", {"TableName": table, "Item": five_unit_item("k")})[0], 200)
        status, body = self.server.raw_json("PutItem", {"TableName": table, "Item": {"pk": {"S": "k"}}})
        self.assertEqual(status, 400)
        self.assertEqual(body["__type"],
                         "com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException")
        self.assertEqual(body["ThrottlingReasons"],
                         [{"reason": "TableWriteProvisionedThroughputExceeded", "resource": arn}])

    def test_a_hot_partition_key_throttles_while_the_table_has_capacity(self):
        # A partition serves at most 1,000 write units a second (Developer
        # Guide, "Partitions and data distribution"); here each partition key
        # value has such a bucket. One BatchWriteItem of ten ~390 KB items
        # (3,900 units) under one partition key is admitted and charged, which
        # overdraws that key's second by about 2,900 units: the next write to
        # it is refused (KeyRange) for seconds, while another key of the table,
        # whose 10,000 units are not spent, is served.
        table = unique_name("hot")
        self.ddb.create_table(
            TableName=table, ProvisionedThroughput={"ReadCapacityUnits": 10, "WriteCapacityUnits": 10000},
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "sk", "KeyType": "RANGE"}],
            AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"},
                                  {"AttributeName": "sk", "AttributeType": "N"}])
        arn = self.ddb.describe_table(TableName=table)["Table"]["TableArn"]
        blob = {"B": b"x" * (389 * 1024)}
        out = self.ddb.batch_write_item(RequestItems={table: [
            {"PutRequest": {"Item": {"pk": {"S": "hot"}, "sk": {"N": str(i)}, "b": blob}}} for i in range(10)]},
            ReturnConsumedCapacity="TOTAL")
        self.assertEqual(out["UnprocessedItems"], {})
        self.assertEqual(out["ConsumedCapacity"][0]["CapacityUnits"], 3900)
        status, body = self.server.raw_json("PutItem", {"TableName": table,
                                                        "Item": {"pk": {"S": "hot"}, "sk": {"N": "99"}}})
        self.assertEqual(status, 400, body)
        self.assertEqual(body["ThrottlingReasons"],
                         [{"reason": "TableWriteKeyRangeThroughputExceeded", "resource": arn}])
        self.ddb.put_item(TableName=table, Item={"pk": {"S": "cold"}, "sk": {"N": "1"}})
        self.assertNotIn("Item", self.ddb.get_item(TableName=table,
                                                   Key={"pk": {"S": "hot"}, "sk": {"N": "99"}}))

    def test_on_demand_tables_are_never_throttled(self):
        table = self.create(BillingMode="PAY_PER_REQUEST")
        for i in range(30):
            self.ddb.put_item(TableName=table, Item={"pk": {"S": "k%d" % i}})
        self.assertEqual(self.ddb.scan(TableName=table)["Count"], 30)


if __name__ == "__main__":
    unittest.main()
