"""The `dynamini` command line: flags, DynamoDB Local's flags, --schema,
--seed, dump, --quiet, --help and --version."""

import json
import os
import subprocess
import tempfile
import time
import unittest

from dynamini_harness import CLIENT_ENV, ClientError, DynaminiServer

BIN = os.environ.get("DYNAMINI_BIN")


def run(*args, timeout=30):
    return subprocess.run([BIN, *args], capture_output=True, text=True, timeout=timeout,
                          stdin=subprocess.DEVNULL)


class CommandLineTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory(prefix="dynamini-cli-")
        self.addCleanup(self.dir.cleanup)

    def path(self, name):
        return os.path.join(self.dir.name, name)

    def write(self, name, text):
        with open(self.path(name), "w") as f:
            f.write(text)
        return self.path(name)

    def serve(self, *args, inbox=False):
        server = DynaminiServer(inbox=inbox, extra_args=args).start()
        self.addCleanup(server.stop)
        return server

    def test_help_lists_flags_and_exits_0(self):
        r = run("--help")
        self.assertEqual(r.returncode, 0)
        for flag in ("--port", "--db", "--schema", "--seed", "--log-requests", "--quiet", "-dbPath",
                     "--cors", "--admin", "--auth", "--max-connections", "--create-table-ms",
                     "--delete-table-ms", "--update-table-ms", "-delayTransientStatuses",
                     "--durability", "--allow-host", "--bucket-dir"):
            self.assertIn(flag, r.stdout)

    def test_version_prints_the_version(self):
        r = run("--version")
        self.assertEqual(r.returncode, 0)
        self.assertRegex(r.stdout, r"^dynamini \d+\.\d+\.\d+\n$")

    def test_unknown_flag_is_exit_1_with_a_message(self):
        r = run("--frobnicate")
        self.assertEqual(r.returncode, 1)
        self.assertIn("unknown option '--frobnicate'", r.stderr)

    def test_db_and_in_memory_together_are_refused(self):
        r = run("--db", self.path("x.db"), "--in-memory")
        self.assertEqual(r.returncode, 1)
        self.assertIn("cannot be used together", r.stderr)

    def test_durability_full_serves_a_file_and_keeps_writes_across_sigkill(self):
        # What full adds (an fsync per commit: power loss) is proven in
        # tests/reliability (reliability_power_loss); here the flag reaches
        # the server and a real client's writes are kept.
        server = self.serve("--db", self.path("full.db"), "--durability", "full")
        ddb = server.client()
        ddb.create_table(TableName="kept", BillingMode="PAY_PER_REQUEST",
                         AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "S"}],
                         KeySchema=[{"AttributeName": "id", "KeyType": "HASH"}])
        for i in range(20):
            ddb.put_item(TableName="kept", Item={"id": {"S": "k%d" % i}})
        server.process.kill()
        server.process.wait(timeout=5)
        server.stop()
        again = self.serve("--db", self.path("full.db"), "--durability", "normal")
        self.assertEqual(again.client().scan(TableName="kept", Select="COUNT")["Count"], 20)

    def test_durability_needs_a_file_and_a_known_mode(self):
        r = run("--durability", "full")
        self.assertEqual(r.returncode, 1)
        self.assertIn("--durability full needs --db FILE", r.stderr)
        r = run("--db", self.path("x.db"), "--durability", "fsync")
        self.assertEqual(r.returncode, 1)
        self.assertIn("--durability expects normal or full, got 'fsync'", r.stderr)

    def test_dynamodb_local_flags_are_accepted(self):
        server = self.serve("-inMemory", "-sharedDb", "-cors", "*", "-delayTransientStatuses",
                            "-optimizeDbBeforeStartup")
        ddb = server.client()
        self.assertEqual(ddb.list_tables()["TableNames"], [])
        # -delayTransientStatuses: a new table is CREATING for a while, as in DynamoDB.
        created = ddb.create_table(
            TableName="slow", BillingMode="PAY_PER_REQUEST",
            AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "id", "KeyType": "HASH"}])
        self.assertEqual(created["TableDescription"]["TableStatus"], "CREATING")
        self.assertEqual(ddb.describe_table(TableName="slow")["Table"]["TableStatus"], "CREATING")

    def test_transient_delay_flags_need_a_number(self):
        r = run("--create-table-ms", "soon")
        self.assertEqual(r.returncode, 1)
        self.assertIn("--create-table-ms expects a number", r.stderr)

    def test_dynamodb_local_dbpath_keeps_tables_in_shared_local_instance_db(self):
        server = self.serve("-dbPath", self.dir.name, "-sharedDb")
        server.client().create_table(
            TableName="kept", BillingMode="PAY_PER_REQUEST",
            AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "id", "KeyType": "HASH"}])
        server.stop()
        self.assertTrue(os.path.exists(self.path("shared-local-instance.db")))
        again = self.serve("-dbPath", self.dir.name)
        self.assertEqual(again.client().list_tables()["TableNames"], ["kept"])

    def test_schema_creates_tables_from_create_table_and_describe_table_json(self):
        create = {"TableName": "from_create", "BillingMode": "PAY_PER_REQUEST",
                  "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
                  "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}]}
        seed_server = self.serve()
        seed_server.client().create_table(
            TableName="from_describe", BillingMode="PROVISIONED",
            ProvisionedThroughput={"ReadCapacityUnits": 3, "WriteCapacityUnits": 4},
            AttributeDefinitions=[{"AttributeName": "h", "AttributeType": "S"},
                                  {"AttributeName": "r", "AttributeType": "N"},
                                  {"AttributeName": "g", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "h", "KeyType": "HASH"},
                       {"AttributeName": "r", "KeyType": "RANGE"}],
            GlobalSecondaryIndexes=[{
                "IndexName": "byG", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
                "Projection": {"ProjectionType": "KEYS_ONLY"},
                "ProvisionedThroughput": {"ReadCapacityUnits": 1, "WriteCapacityUnits": 1}}])
        described = seed_server.aws("describe-table", "--table-name", "from_describe")
        schema = self.write("schema.json", json.dumps([create, described]))
        server = self.serve("--schema", schema)
        ddb = server.client()
        self.assertEqual(sorted(ddb.list_tables()["TableNames"]), ["from_create", "from_describe"])
        table = ddb.describe_table(TableName="from_describe")["Table"]
        self.assertEqual(table["ProvisionedThroughput"]["ReadCapacityUnits"], 3)
        self.assertEqual(table["GlobalSecondaryIndexes"][0]["Projection"]["ProjectionType"],
                         "KEYS_ONLY")

    def test_schema_from_describe_table_keeps_the_table_settings(self):
        seed_server = self.serve()
        seed_server.client().create_table(
            TableName="settled", BillingMode="PAY_PER_REQUEST",
            AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "id", "KeyType": "HASH"}],
            TableClass="STANDARD_INFREQUENT_ACCESS",
            SSESpecification={"Enabled": True, "SSEType": "KMS", "KMSMasterKeyId": "k1"})
        described = seed_server.aws("describe-table", "--table-name", "settled")
        server = self.serve("--schema", self.write("settled.json", json.dumps(described)))
        table = server.client().describe_table(TableName="settled")["Table"]
        self.assertEqual(table["TableClassSummary"]["TableClass"], "STANDARD_INFREQUENT_ACCESS")
        self.assertEqual(table["SSEDescription"]["KMSMasterKeyArn"],
                         "arn:aws:kms:us-east-1:000000000000:key/k1")

    def test_schema_with_a_bad_table_fails_at_start_naming_the_file(self):
        bad = self.write("bad.json", json.dumps({"TableName": "x"}))
        r = run("--port", "0", "--no-inbox", "--schema", bad)
        self.assertEqual(r.returncode, 1)
        self.assertIn("bad.json", r.stderr)

    def test_seed_loads_json_lines_and_aws_scan_output(self):
        schema = self.write("schema.json", json.dumps(
            {"TableName": "people", "BillingMode": "PAY_PER_REQUEST",
             "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
             "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}]}))
        lines = self.write("people.jsonl", "\n".join(
            json.dumps({"id": {"S": "p%d" % i}, "n": {"N": str(i)}}) for i in range(60)) + "\n")
        scan = self.write("scan.json", json.dumps(
            {"Items": [{"id": {"S": "s%d" % i}} for i in range(5)], "Count": 5,
             "ScannedCount": 5, "ConsumedCapacity": None}))
        server = self.serve("--schema", schema, "--seed", "people=" + lines,
                            "--seed", "people=" + scan)
        self.assertEqual(server.client().scan(TableName="people", Select="COUNT")["Count"], 65)

    def test_dump_writes_json_lines_that_seed_reads_back(self):
        db = self.path("inbox.db")
        server = self.serve("--db", db, inbox=True)
        endpoint_dump = run("dump", "inbox", "--endpoint", server.url)
        self.assertEqual(endpoint_dump.returncode, 0, endpoint_dump.stderr)
        items = [json.loads(line) for line in endpoint_dump.stdout.splitlines()]
        self.assertEqual(len(items), 4)  # u_alice: 3 notifications + InboxMeta
        server.stop()
        file_dump = run("dump", "inbox", "--db", db)
        self.assertEqual(file_dump.stdout, endpoint_dump.stdout)
        copy = self.write("copy.jsonl", file_dump.stdout)
        schema = self.path("schema.json")
        describe = run("dump", "nope", "--db", db)
        self.assertEqual(describe.returncode, 1)
        self.assertIn("ResourceNotFoundException", describe.stderr)
        with open(schema, "w") as f:
            json.dump({"TableName": "copy", "BillingMode": "PAY_PER_REQUEST",
                       "AttributeDefinitions": [{"AttributeName": "pk", "AttributeType": "S"},
                                                {"AttributeName": "sk", "AttributeType": "S"}],
                       "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                                     {"AttributeName": "sk", "KeyType": "RANGE"}]}, f)
        again = self.serve("--schema", schema, "--seed", "copy=" + copy)
        self.assertEqual(again.client().scan(TableName="copy", Select="COUNT")["Count"], 4)

    def test_quiet_prints_nothing(self):
        proc = subprocess.Popen([BIN, "--port", "0", "--quiet"], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        try:
            out, err = proc.communicate(timeout=1.5)
        except subprocess.TimeoutExpired:
            proc.terminate()
            out, err = proc.communicate(timeout=5)
        self.assertEqual(out, "")
        self.assertEqual(err, "")
        self.assertEqual(proc.returncode, 0)

    # ---- --cors, --log-requests[=aws], --admin, --auth, --max-connections --

    def log_lines(self, server, count, timeout=10):
        """The first `count` lines the server printed after its listening line."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            lines = [l.rstrip("\n") for l in server._stdout_lines[1:]]
            if len(lines) >= count:
                return lines
            time.sleep(0.05)
        self.fail("expected %d log lines, got %r" % (count, server._stdout_lines))

    def test_cors_echoes_a_listed_origin_and_refuses_an_unlisted_one(self):
        server = self.serve("--cors", "https://a.example,https://b.example")
        status, headers, _ = server.raw("{}", headers={"Origin": "https://b.example"})
        self.assertEqual(status, 200)
        self.assertEqual(headers.get("access-control-allow-origin"), "https://b.example")
        status, headers, _ = server.raw("{}", headers={"Origin": "https://evil.example"})
        self.assertEqual(status, 403)
        self.assertNotIn("access-control-allow-origin", headers)

    def test_log_requests_prints_operation_table_key_status_time_and_capacity(self):
        server = self.serve("--log-requests", inbox=True)
        server.client().get_item(TableName="inbox",
                                 Key={"pk": {"S": "USER#u_alice"}, "sk": {"S": "#INBOX"}})
        server.client().put_item(TableName="inbox",
                                 Item={"sk": {"S": "NOTIF#01"}, "pk": {"S": "USER#u_bob"},
                                       "msg": {"S": "hi"}})
        lines = self.log_lines(server, 2)
        self.assertRegex(lines[0], r"^GetItem inbox \{pk=USER#u_alice, sk=#INBOX\} 200 "
                                   r"[0-9.]+ms 0\.5 RCU$")
        self.assertRegex(lines[1], r"^PutItem inbox \{pk=USER#u_bob, sk=NOTIF#01\} 200 "
                                   r"[0-9.]+ms 1\.0 WCU$")

    def test_log_requests_does_not_add_capacity_to_the_clients_response(self):
        server = self.serve("--log-requests", inbox=True)
        response = server.client().get_item(
            TableName="inbox", Key={"pk": {"S": "USER#u_alice"}, "sk": {"S": "#INBOX"}})
        self.assertNotIn("ConsumedCapacity", response)

    def test_log_requests_aws_prints_a_cli_command_that_repeats_the_call(self):
        server = self.serve("--log-requests=aws", inbox=True)
        page = server.client().query(
            TableName="inbox", KeyConditionExpression="pk = :p AND begins_with(sk, :n)",
            ExpressionAttributeValues={":p": {"S": "USER#u_alice"}, ":n": {"S": "NOTIF#"}},
            ScanIndexForward=False, Limit=2)
        lines = self.log_lines(server, 2)
        self.assertTrue(lines[0].startswith("Query inbox (pk = USER#u_alice AND "
                                            "begins_with(sk, NOTIF#)) 200 "), lines[0])
        command = lines[1]
        self.assertTrue(command.startswith("aws dynamodb query --table-name inbox "), command)
        self.assertIn("--endpoint-url " + server.url, command)
        env = dict(os.environ)
        env.update(CLIENT_ENV)
        proc = subprocess.run(command + " --output json", shell=True, env=env,
                              capture_output=True, text=True, timeout=60)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        repeated = json.loads(proc.stdout)
        self.assertEqual(repeated["Items"], page["Items"])
        self.assertEqual(repeated["LastEvaluatedKey"], page["LastEvaluatedKey"])

    def test_admin_enables_the_reset_endpoint(self):
        server = self.serve("--admin")
        server.client().create_table(
            TableName="gone", BillingMode="PAY_PER_REQUEST",
            AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "id", "KeyType": "HASH"}])
        status, _, body = server.raw(b"", target=None, path="/dynamini/admin/reset")
        self.assertEqual((status, json.loads(body)), (200, {"reset": True}))
        self.assertEqual(server.client().list_tables()["TableNames"], [])

    def test_auth_refuses_credentials_other_than_the_given_key(self):
        server = self.serve("--auth", "AKIDCLI:secret")
        with self.assertRaises(ClientError) as ctx:
            server.client().list_tables()  # signs with access key "x"
        self.assertEqual(ctx.exception.response["Error"]["Code"], "UnrecognizedClientException")

    def test_auth_without_a_secret_is_refused(self):
        r = run("--auth", "AKIDONLY")
        self.assertEqual(r.returncode, 1)
        self.assertIn("--auth expects ACCESS_KEY:SECRET", r.stderr)

    def test_max_connections_zero_is_refused(self):
        r = run("--max-connections", "0")
        self.assertEqual(r.returncode, 1)
        self.assertIn("--max-connections", r.stderr)

    def test_sweep_ttl_expires_items_now_in_a_file_and_through_a_running_server(self):
        import time
        db = self.path("ttl.db")
        server = self.serve("--db", db, "--admin")
        ddb = server.client()
        ddb.create_table(TableName="sessions", BillingMode="PAY_PER_REQUEST",
                         AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "S"}],
                         KeySchema=[{"AttributeName": "id", "KeyType": "HASH"}])
        ddb.update_time_to_live(TableName="sessions", TimeToLiveSpecification={
            "Enabled": True, "AttributeName": "expires"})
        soon = int(time.time()) + 2
        ddb.put_item(TableName="sessions", Item={"id": {"S": "a"}, "expires": {"N": str(soon)}})
        ddb.put_item(TableName="sessions", Item={"id": {"S": "keep"}, "expires": {"N": str(soon + 3600)}})
        server.stop()
        time.sleep(3)
        swept = run("sweep-ttl", "--db", db)
        self.assertEqual(swept.returncode, 0, swept.stderr)
        self.assertEqual(swept.stdout.strip(), "deleted 1 expired items")
        again = self.serve("--db", db, "--admin")
        self.assertEqual([i["id"]["S"] for i in again.client().scan(TableName="sessions")["Items"]], ["keep"])
        remote = run("sweep-ttl", "--endpoint", again.url)
        self.assertEqual(remote.returncode, 0, remote.stderr)
        self.assertIn('"deleted":', remote.stdout)
        plain = self.serve()
        refused = run("sweep-ttl", "--endpoint", plain.url)
        self.assertEqual(refused.returncode, 1)
        self.assertIn("404", refused.stderr)


if __name__ == "__main__":
    unittest.main()
