"""`dynamini copy`: tables moved to another endpoint, compared item for item.

Two dynamini servers stand for the source and the destination (DynamoDB,
Alternator or another dynamini: the same wire). The inbox with its sparse GSI
and generated users is copied and read back from both sides with boto3; a
proxy in front of the destination answers half of every other BatchWriteItem
as UnprocessedItems (the copy must send them again), another speaks HTTPS
with a self-signed certificate, and a destination started with --auth checks
the SigV4 signature made from the user's credentials.
"""

import http.client
import http.server
import json
import os
import ssl
import subprocess
import tempfile
import threading
import unittest

import boto3
from dynamini_harness import ClientError, DynaminiServer

BIN = os.environ.get("DYNAMINI_BIN")


def run(*args, env=None, check=True):
    proc = subprocess.run([BIN, *args], capture_output=True, text=True, timeout=300,
                          env={**os.environ, **(env or {})})
    if check and proc.returncode != 0:
        raise AssertionError("dynamini %s failed (%d): %s%s" %
                             (" ".join(args), proc.returncode, proc.stdout, proc.stderr))
    return proc


def scan_all(ddb, table, index=None):
    items, kwargs = [], {"TableName": table}
    if index:
        kwargs["IndexName"] = index
    while True:
        page = ddb.scan(**kwargs)
        items += page["Items"]
        if "LastEvaluatedKey" not in page:
            return items
        kwargs["ExclusiveStartKey"] = page["LastEvaluatedKey"]


def by_key(items, *names):
    return sorted(items, key=lambda item: json.dumps([item.get(n) for n in names], sort_keys=True))


def definition(ddb, table):
    """What a copy must preserve of DescribeTable."""
    t = ddb.describe_table(TableName=table)["Table"]
    return {
        "KeySchema": t["KeySchema"],
        "AttributeDefinitions": sorted(t["AttributeDefinitions"], key=lambda a: a["AttributeName"]),
        "Billing": t.get("BillingModeSummary", {}).get("BillingMode", "PROVISIONED"),
        "GSIs": sorted(({"IndexName": g["IndexName"], "KeySchema": g["KeySchema"],
                         "Projection": g["Projection"]}
                        for g in t.get("GlobalSecondaryIndexes", [])), key=lambda g: g["IndexName"]),
        "LSIs": sorted(({"IndexName": i["IndexName"], "KeySchema": i["KeySchema"],
                         "Projection": i["Projection"]}
                        for i in t.get("LocalSecondaryIndexes", [])), key=lambda i: i["IndexName"]),
        "Stream": t.get("StreamSpecification"),
        "ItemCount": t.get("ItemCount"),
    }


class _Proxy(http.server.BaseHTTPRequestHandler):
    """Forwards DynamoDB calls to `target`; with `split_batches`, every other
    BatchWriteItem writes only its first half and answers the rest as
    UnprocessedItems, as DynamoDB does under load."""

    target = None
    split_batches = False
    throttle_batches = False
    counts = None
    lock = threading.Lock()
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_POST(self):
        body = self.rfile.read(int(self.headers["Content-Length"]))
        operation = self.headers["X-Amz-Target"].split(".")[-1]
        unprocessed = None
        with self.lock:
            self.counts[operation] = self.counts.get(operation, 0) + 1
            split = (self.split_batches and operation == "BatchWriteItem"
                     and self.counts[operation] % 2 == 1)
            throttle = (self.throttle_batches and operation == "BatchWriteItem"
                        and self.counts[operation] % 2 == 1)
            if throttle:
                self.counts["throttled"] = self.counts.get("throttled", 0) + 1
        if throttle:
            # DynamoDB's throttling answer: 400, nothing written (API reference, "Common
            # Errors" and BatchWriteItem's ProvisionedThroughputExceededException).
            self.answer(400, json.dumps({
                "__type": "com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException",
                "message": "The level of configured provisioned throughput for the table was exceeded. "
                           "Consider increasing your provisioning level with the UpdateTable API."}).encode())
            return
        if split:
            request = json.loads(body)
            (table, writes), = request["RequestItems"].items()
            if len(writes) > 1:
                half = len(writes) // 2
                unprocessed = {table: writes[half:]}
                request["RequestItems"][table] = writes[:half]
                body = json.dumps(request).encode()
                with self.lock:
                    self.counts["split"] = self.counts.get("split", 0) + 1
        conn = http.client.HTTPConnection(*self.target, timeout=30)
        conn.request("POST", "/", body=body, headers={
            "Content-Type": self.headers["Content-Type"], "X-Amz-Target": self.headers["X-Amz-Target"]})
        response = conn.getresponse()
        data = response.read()
        conn.close()
        if unprocessed is not None and response.status == 200:
            answer = json.loads(data)
            answer["UnprocessedItems"] = unprocessed
            data = json.dumps(answer).encode()
        self.answer(response.status, data)

    def answer(self, status, data):
        self.send_response(status)
        self.send_header("Content-Type", "application/x-amz-json-1.0")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


def start_proxy(target, split_batches=False, throttle_batches=False, tls=None):
    handler = type("Proxy", (_Proxy,), {"target": (target.host, target.port),
                                        "split_batches": split_batches,
                                        "throttle_batches": throttle_batches, "counts": {}})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    if tls:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(*tls)
        server.socket = context.wrap_socket(server.socket, server_side=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, handler.counts


def stop_proxy(server):
    server.shutdown()
    server.server_close()


class CopyTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.source = DynaminiServer(inbox=True).start()
        cls.addClassCleanup(cls.source.stop)
        cls.src = cls.source.client()
        # 30 users x 20 notifications beside the sample data: several Scan
        # pages and many batches.
        run("inbox", "generate", "--users", "30", "--per-user", "20", "--seed", "7",
            "--endpoint", cls.source.url, "--quiet")
        cls.src.update_time_to_live(TableName="inbox", TimeToLiveSpecification={
            "Enabled": True, "AttributeName": "expiresAt"})
        # A second table: provisioned, an LSI, every attribute type.
        cls.src.create_table(
            TableName="kinds", BillingMode="PROVISIONED",
            ProvisionedThroughput={"ReadCapacityUnits": 7, "WriteCapacityUnits": 3},
            KeySchema=[{"AttributeName": "id", "KeyType": "HASH"},
                       {"AttributeName": "n", "KeyType": "RANGE"}],
            AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "S"},
                                  {"AttributeName": "n", "AttributeType": "N"},
                                  {"AttributeName": "b", "AttributeType": "B"}],
            LocalSecondaryIndexes=[{"IndexName": "byB", "KeySchema": [
                {"AttributeName": "id", "KeyType": "HASH"}, {"AttributeName": "b", "KeyType": "RANGE"}],
                "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["m"]}}])
        for i in range(60):
            cls.src.put_item(TableName="kinds", Item={
                "id": {"S": "k%d" % (i % 3)}, "n": {"N": "%d.000000000000000000000000000001" % i},
                "b": {"B": bytes([i, 0, 255])}, "ss": {"SS": ["a", "b%d" % i]},
                "ns": {"NS": ["1", "-1e-130", "9.9999999999999999999999999999999999999E+125"]},
                "bs": {"BS": [b"\x00", b"\x01"]}, "l": {"L": [{"NULL": True}, {"BOOL": False}]},
                "m": {"M": {"deep": {"M": {"s": {"S": "é\u2028x"}}}}}})

    def destination(self, **kwargs):
        server = DynaminiServer(inbox=False, **kwargs).start()
        self.addCleanup(server.stop)
        return server

    def assert_same_tables(self, dst):
        for table, keys in (("inbox", ("pk", "sk")), ("kinds", ("id", "n"))):
            self.assertEqual(definition(self.src, table), definition(dst, table))
            source_items = by_key(scan_all(self.src, table), *keys)
            self.assertGreater(len(source_items), 50)
            self.assertEqual(source_items, by_key(scan_all(dst, table), *keys))
        self.assertEqual(by_key(scan_all(self.src, "inbox", "GSI1"), "pk", "sk"),
                         by_key(scan_all(dst, "inbox", "GSI1"), "pk", "sk"))
        query = dict(TableName="inbox", IndexName="GSI1", KeyConditionExpression="gsi1pk = :u",
                     ExpressionAttributeValues={":u": {"S": "UNREAD#u_alice"}})
        self.assertEqual(self.src.query(**query)["Items"], dst.query(**query)["Items"])
        self.assertEqual(len(dst.query(**query)["Items"]), 2)
        self.assertEqual(dst.describe_time_to_live(TableName="inbox")["TimeToLiveDescription"],
                         {"TimeToLiveStatus": "ENABLED", "AttributeName": "expiresAt"})
        self.assertEqual(dst.describe_time_to_live(TableName="kinds")["TimeToLiveDescription"]
                         ["TimeToLiveStatus"], "DISABLED")

    def test_copies_the_inbox_with_its_gsi_item_for_item(self):
        target = self.destination()
        proc = run("copy", "--from", self.source.url, "--to", target.url)
        out = proc.stdout
        self.assertIn("copied inbox: ", out)
        # The progress bar: stderr is not a terminal here, so one summary line a table, its
        # bar full and the items written against DescribeTable's ItemCount.
        count = self.src.describe_table(TableName="inbox")["Table"]["ItemCount"]
        self.assertRegex(proc.stderr, r"(?m)^copying inbox \[#{30}\] %d/%d \(\d+\.\ds\)$" % (count, count))
        self.assertRegex(proc.stderr, r"(?m)^copying kinds \[#{30}\] 60/60 ")
        self.assertIn("GSI1, stream NEW_AND_OLD_IMAGES, TTL on expiresAt", out)
        self.assertIn("copied 2 tables", out)
        self.assert_same_tables(target.client())

    def test_a_table_that_exists_at_the_destination_is_left_alone(self):
        target = self.destination()
        dst = target.client()
        run("copy", "--from", self.source.url, "--to", target.url, "--table", "kinds")
        dst.put_item(TableName="kinds", Item={"id": {"S": "mine"}, "n": {"N": "1"}})
        proc = run("copy", "--from", self.source.url, "--to", target.url, "--table", "kinds",
                   check=False)
        self.assertEqual(proc.returncode, 1)
        self.assertIn("table kinds already exists at " + target.url, proc.stderr)
        self.assertIn("Item", dst.get_item(TableName="kinds", Key={"id": {"S": "mine"}, "n": {"N": "1"}}))
        with self.assertRaises(ClientError):
            dst.describe_table(TableName="inbox")

    def test_unprocessed_items_are_sent_again(self):
        target = self.destination()
        proxy, counts = start_proxy(target, split_batches=True)
        self.addCleanup(stop_proxy, proxy)
        url = "http://127.0.0.1:%d" % proxy.server_address[1]
        run("copy", "--from", self.source.url, "--to", url)
        self.assertGreater(counts.get("split", 0), 10, counts)
        self.assert_same_tables(target.client())

    def test_throttled_batches_are_sent_again_after_a_backoff(self):
        target = self.destination()
        proxy, counts = start_proxy(target, throttle_batches=True)
        self.addCleanup(stop_proxy, proxy)
        url = "http://127.0.0.1:%d" % proxy.server_address[1]
        run("copy", "--from", self.source.url, "--to", url, "--table", "kinds")
        # 60 items: 3 batches, each refused once and then written.
        self.assertEqual(counts.get("throttled"), 3, counts)
        self.assertEqual(counts.get("BatchWriteItem"), 6, counts)
        self.assertEqual(by_key(scan_all(self.src, "kinds"), "id", "n"),
                         by_key(scan_all(target.client(), "kinds"), "id", "n"))

    def test_signs_with_the_users_credentials(self):
        target = self.destination(extra_args=["--auth", "AKIDCOPY:s3cret"])
        signed = {"AWS_ACCESS_KEY_ID": "AKIDCOPY", "AWS_SECRET_ACCESS_KEY": "s3cret",
                  "AWS_REGION": "eu-west-3"}
        run("copy", "--from", self.source.url, "--to", target.url, "--table", "kinds", env=signed)
        dst = boto3.session.Session().client(
            "dynamodb", endpoint_url=target.url, region_name="us-east-1",
            aws_access_key_id="AKIDCOPY", aws_secret_access_key="s3cret")
        self.assertEqual(by_key(scan_all(self.src, "kinds"), "id", "n"),
                         by_key(scan_all(dst, "kinds"), "id", "n"))
        wrong = run("copy", "--from", self.source.url, "--to", target.url, "--table", "inbox",
                    env={**signed, "AWS_SECRET_ACCESS_KEY": "wrong"}, check=False)
        self.assertEqual(wrong.returncode, 1)
        self.assertIn("InvalidSignatureException", wrong.stderr)

    def test_credentials_from_a_profile(self):
        target = self.destination(extra_args=["--auth", "AKIDPROFILE:pr0file"])
        with tempfile.TemporaryDirectory() as home:
            credentials = os.path.join(home, "credentials")
            with open(credentials, "w") as f:
                f.write("[default]\naws_access_key_id = nobody\naws_secret_access_key = x\n\n"
                        "[moving]\naws_access_key_id = AKIDPROFILE\naws_secret_access_key = pr0file\n")
            env = {"AWS_SHARED_CREDENTIALS_FILE": credentials, "AWS_ACCESS_KEY_ID": "ignored"}
            run("copy", "--from", self.source.url, "--to", target.url, "--table", "kinds",
                "--profile", "moving", env=env)
            missing = run("copy", "--from", self.source.url, "--to", target.url,
                          "--profile", "absent", env=env, check=False)
        self.assertEqual(missing.returncode, 1)
        self.assertIn("profile 'absent'", missing.stderr)

    def test_https_destination_with_a_verified_certificate(self):
        target = self.destination()
        with tempfile.TemporaryDirectory() as tmp:
            cert, key = os.path.join(tmp, "cert.pem"), os.path.join(tmp, "key.pem")
            subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                            "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost",
                            "-keyout", key, "-out", cert], check=True, capture_output=True)
            proxy, counts = start_proxy(target, tls=(cert, key))
            self.addCleanup(stop_proxy, proxy)
            url = "https://localhost:%d" % proxy.server_address[1]
            # Not trusted: the certificate is refused before anything is sent.
            refused = run("copy", "--from", self.source.url, "--to", url, "--table", "kinds",
                          env={"SSL_CERT_FILE": os.path.join(tmp, "none.pem")}, check=False)
            self.assertEqual(refused.returncode, 1)
            self.assertIn("certificate verify failed", refused.stderr)
            self.assertEqual(counts, {})
            run("copy", "--from", self.source.url, "--to", url, "--table", "kinds",
                env={"SSL_CERT_FILE": cert})
        self.assertEqual(by_key(scan_all(self.src, "kinds"), "id", "n"),
                         by_key(scan_all(target.client(), "kinds"), "id", "n"))

    def test_copies_from_a_database_file(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "inbox.db")
            writer = DynaminiServer(inbox=True, extra_args=["--db", path]).start()
            writer.client().put_item(TableName="inbox", Item={
                "pk": {"S": "USER#u_file"}, "sk": {"S": "#INBOX"}, "unreadCount": {"N": "4"}})
            writer.stop()
            target = self.destination()
            out = run("copy", "--db", path, "--to", target.url).stdout
            self.assertRegex(out, r"copied 1 table, \d+ items from file:" + path)
            self.assertEqual(
                target.client().get_item(TableName="inbox", Key={
                    "pk": {"S": "USER#u_file"}, "sk": {"S": "#INBOX"}})["Item"]["unreadCount"],
                {"N": "4"})
            missing = run("copy", "--db", os.path.join(tmp, "absent.db"), "--to", target.url,
                          check=False)
            self.assertEqual(missing.returncode, 1)
            self.assertIn("no database file", missing.stderr)


if __name__ == "__main__":
    unittest.main()
