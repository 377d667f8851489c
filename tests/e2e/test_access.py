"""Who may reach a running dynamini: web pages by their Origin, requests by
their Host name (docs/security.md), over raw HTTP as a browser would send
them, and boto3 and the AWS CLI, which must keep working unchanged.

Defaults: on a loopback --host only loopback origins and the server's own,
and only loopback Host names; `--cors` and `--allow-host` open them; on a
non-loopback --host any Host name until `--allow-host` is given.
"""

import json
import unittest

from dynamini_harness import ClientError, DynaminiServer, ServerTestCase, unique_name

PREFLIGHT = {"Access-Control-Request-Method": "POST",
             "Access-Control-Request-Headers": "content-type,x-amz-target"}


def create_table(ddb, name):
    ddb.create_table(TableName=name, BillingMode="PAY_PER_REQUEST",
                     AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "S"}],
                     KeySchema=[{"AttributeName": "id", "KeyType": "HASH"}])


class DefaultsOnLoopback(ServerTestCase):
    """`dynamini` as started by tools/serve.sh: no access flags."""

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.table = unique_name("access")
        create_table(cls.ddb, cls.table)
        cls.ddb.put_item(TableName=cls.table, Item={"id": {"S": "secret"}})

    def host(self, name):
        return "%s:%d" % (name, self.server.port)

    def test_boto3_and_the_aws_cli_work_unchanged(self):
        for url in ("http://127.0.0.1:%d" % self.server.port,
                    "http://localhost:%d" % self.server.port):
            ddb = client_at(url)
            self.assertIn(self.table, ddb.list_tables()["TableNames"])
            ddb.put_item(TableName=self.table, Item={"id": {"S": "from " + url}})
            self.assertEqual(ddb.get_item(TableName=self.table, Key={"id": {"S": "from " + url}})
                             ["Item"]["id"]["S"], "from " + url)
        self.assertIn(self.table, self.server.aws("list-tables")["TableNames"])

    def test_loopback_host_names_are_answered(self):
        for name in ("127.0.0.1", "localhost", "[::1]", "127.0.0.2"):
            status, _, _ = self.server.raw("{}", headers={"Host": self.host(name)})
            self.assertEqual(status, 200, name)

    def test_another_host_name_gets_403_naming_the_flag(self):
        # DNS rebinding: a page on evil.example, whose name resolves to
        # 127.0.0.1, sends same-origin requests with its own Host.
        for method, path, target in (("POST", "/", "DynamoDB_20120810.Scan"),
                                     ("GET", "/console", None), ("GET", "/", None),
                                     ("POST", "/dynamini/admin/reset", None)):
            status, headers, body = self.server.raw(
                json.dumps({"TableName": self.table}), target=target, method=method, path=path,
                headers={"Host": self.host("evil.example"),
                         "Origin": "http://" + self.host("evil.example")})
            self.assertEqual(status, 403, path)
            if method == "GET":  # a page opened in a browser: text
                self.assertEqual(headers["content-type"], "text/plain; charset=utf-8")
                message = body.decode()
            else:  # DynamoDB's error, which SDKs show
                error = json.loads(body)
                self.assertTrue(error["__type"].endswith("#AccessDeniedException"), error)
                message = error["message"]
            self.assertIn("--allow-host evil.example ", message)
            self.assertNotIn(b"secret", body)
            self.assertNotIn("access-control-allow-origin", headers)

    def test_a_page_on_another_site_is_refused(self):
        origin = {"Origin": "http://evil.example"}
        status, headers, _ = self.server.raw("", method="OPTIONS", target=None,
                                             headers={**origin, **PREFLIGHT})
        self.assertEqual(status, 403)
        self.assertNotIn("access-control-allow-origin", headers)
        status, headers, body = self.server.raw(json.dumps({"TableName": self.table}),
                                                target="DynamoDB_20120810.Scan", headers=origin)
        self.assertEqual(status, 403)
        self.assertNotIn(b"secret", body)
        self.assertIn("--cors http://evil.example ", json.loads(body)["message"])
        # A write is refused, not only its answer hidden.
        status, _, _ = self.server.raw(json.dumps({"TableName": self.table}),
                                       target="DynamoDB_20120810.DeleteTable", headers=origin)
        self.assertEqual(status, 403)
        self.assertEqual(self.ddb.describe_table(TableName=self.table)["Table"]["TableStatus"],
                         "ACTIVE")

    def test_loopback_pages_and_its_own_are_allowed(self):
        for origin in ("http://localhost:5173", "http://127.0.0.1:3000", "https://localhost",
                       "http://[::1]:8080", "http://" + self.host("127.0.0.1")):
            status, headers, _ = self.server.raw("", method="OPTIONS", target=None,
                                                 headers={"Origin": origin, **PREFLIGHT})
            self.assertEqual(status, 200, origin)
            self.assertEqual(headers.get("access-control-allow-origin"), origin)
            self.assertIn("x-amz-target", headers.get("access-control-allow-headers", ""))
            status, headers, body = self.server.raw("{}", headers={"Origin": origin})
            self.assertEqual(status, 200, origin)
            self.assertEqual(headers.get("access-control-allow-origin"), origin)
            self.assertEqual(headers.get("vary"), "Origin")
            self.assertIn(self.table, json.loads(body)["TableNames"])


class PrintsWhatItAllows(unittest.TestCase):

    def start(self, *args):
        server = DynaminiServer(inbox=False, extra_args=list(args), capture_stderr=True)
        self.addCleanup(server.stop)
        return server.start()

    # The access lines follow the ready line; the bucket line is the last of
    # them (and the non-loopback warning the last line of all).
    LAST_LINE = "export and import buckets"

    def test_defaults_and_the_flags_that_open_them(self):
        out = self.start().output(until=self.LAST_LINE)
        self.assertIn("web pages that may call it: loopback origins", out)
        self.assertIn("--cors ORIGIN", out)
        self.assertIn("Host names it answers: loopback ones", out)
        self.assertIn("--allow-host NAME", out)
        self.assertIn("--bucket-dir DIR confines them", out)
        self.assertNotIn("warning", out)

    def test_opened(self):
        out = self.start("--cors", "*", "--allow-host", "dynamini").output(until=self.LAST_LINE)
        self.assertIn("web pages that may call it: every origin", out)
        self.assertIn("loopback ones (localhost, 127.0.0.0/8, [::1]), dynamini", out)

    def test_non_loopback_warns_that_any_host_is_answered(self):
        out = self.start("--host", "0.0.0.0").output(until="warning: listening on")
        self.assertIn("Host names it answers: any", out)
        self.assertIn("warning: listening on 0.0.0.0", out)
        self.assertIn("answers any Host name unless --allow-host is given", out)
        self.assertIn("export and import buckets: inside ", out)


class OpenedByFlags(ServerTestCase):
    server_args = ("--cors", "https://app.example", "--allow-host", "dynamini.test")

    def test_a_listed_origin_is_allowed_and_loopback_ones_still_are(self):
        for origin in ("https://app.example", "http://localhost:3000"):
            status, headers, _ = self.server.raw("{}", headers={"Origin": origin})
            self.assertEqual(status, 200)
            self.assertEqual(headers.get("access-control-allow-origin"), origin)
        status, _, _ = self.server.raw("{}", headers={"Origin": "https://evil.example"})
        self.assertEqual(status, 403)

    def test_an_allowed_host_is_answered_and_others_still_refused(self):
        status, _, _ = self.server.raw("{}", headers={"Host": "dynamini.test:%d" % self.server.port})
        self.assertEqual(status, 200)
        status, _, _ = self.server.raw("{}", headers={"Host": "evil.example"})
        self.assertEqual(status, 403)

    def test_boto3_works_unchanged(self):
        self.assertIsInstance(self.ddb.list_tables()["TableNames"], list)


class EveryOrigin(ServerTestCase):
    server_args = ("--cors", "*")

    def test_star_answers_every_origin_with_a_star(self):
        status, headers, _ = self.server.raw("", method="OPTIONS", target=None,
                                             headers={"Origin": "http://evil.example", **PREFLIGHT})
        self.assertEqual(status, 200)
        self.assertEqual(headers.get("access-control-allow-origin"), "*")
        status, headers, _ = self.server.raw("{}", headers={"Origin": "http://evil.example"})
        self.assertEqual(status, 200)
        self.assertEqual(headers.get("access-control-allow-origin"), "*")


class NonLoopbackHost(unittest.TestCase):
    """--host 0.0.0.0, as in a container: compose service names are unknown."""

    def start(self, *args):
        server = DynaminiServer(inbox=False, extra_args=["--host", "0.0.0.0", *args])
        self.addCleanup(server.stop)
        server.start()
        # Reached over loopback, as a client on the same machine does.
        server.host = "127.0.0.1"
        server.url = "http://127.0.0.1:%d" % server.port
        return server

    def test_any_host_name_is_answered_and_origins_still_checked(self):
        server = self.start()
        for host in ("dynamini:8000", "evil.example", "127.0.0.1"):
            status, _, _ = server.raw("{}", headers={"Host": host})
            self.assertEqual(status, 200, host)
        status, _, _ = server.raw("{}", headers={"Origin": "http://evil.example"})
        self.assertEqual(status, 403)
        ddb = server.client()
        name = unique_name("container")
        create_table(ddb, name)
        self.assertIn(name, ddb.list_tables()["TableNames"])

    def test_allow_host_restricts_the_names(self):
        server = self.start("--allow-host", "dynamini")
        self.assertEqual(server.raw("{}", headers={"Host": "dynamini:8000"})[0], 200)
        self.assertEqual(server.raw("{}", headers={"Host": "localhost"})[0], 200)
        status, _, body = server.raw("{}", headers={"Host": "evil.example"})
        self.assertEqual(status, 403)
        self.assertIn("--allow-host evil.example ", json.loads(body)["message"])
        with self.assertRaises(ClientError) as ctx:
            client_sending_host(server.client(), "evil.example").list_tables()
        self.assertEqual(ctx.exception.response["Error"]["Code"], "AccessDeniedException")
        self.assertEqual(ctx.exception.response["ResponseMetadata"]["HTTPStatusCode"], 403)
        self.assertIsInstance(server.client().list_tables()["TableNames"], list)
        self.assertIsInstance(
            client_sending_host(server.client(), "dynamini").list_tables()["TableNames"], list)


def client_at(url):
    """boto3's client for the server at `url`."""
    server = DynaminiServer()
    server.url = url
    return server.client()


def client_sending_host(ddb, host):
    """`ddb` sending Host `host`, as a client that reaches the server by that
    name does."""

    def set_host(request, **_):
        request.headers["Host"] = host

    ddb.meta.events.register_first("before-send.dynamodb.*", set_host)
    return ddb


if __name__ == "__main__":
    unittest.main()
