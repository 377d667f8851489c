"""Shared end-to-end harness: runs a real `dynamini` server on port 0.

The binary comes from $DYNAMINI_BIN (ctest sets it to the built `dynamini`
target). Each test class gets its own server (setUpClass), so test files are
independent of each other and of run order across files.

Everything talks to the server like a user would: boto3's low-level client,
the AWS CLI, or raw HTTP for inputs no SDK would send.
"""

import http.client
import json
import os
import queue
import re
import subprocess
import tempfile
import threading
import time
import unittest
import uuid

import atexit
import ctypes
import signal

import boto3
from botocore.config import Config
from botocore.exceptions import ClientError  # re-exported for the tests

__all__ = ["DynaminiServer", "ServerTestCase", "ClientError", "unique_name"]

READY_PATTERN = re.compile(r"dynamini listening on (http://([^\s:/]+):(\d+))")
STARTUP_TIMEOUT_S = 15

# Dummy credentials and region: any values reach the same tables. Config and
# credential files are pointed at nothing so a developer's ~/.aws can't
# interfere, and no client ever tries the EC2 metadata service.
_EMPTY_DIR = tempfile.mkdtemp(prefix="dynamini-e2e-")
CLIENT_ENV = {
    "AWS_ACCESS_KEY_ID": "x",
    "AWS_SECRET_ACCESS_KEY": "x",
    "AWS_DEFAULT_REGION": "us-east-1",
    "AWS_REGION": "us-east-1",
    "AWS_PAGER": "",
    "AWS_EC2_METADATA_DISABLED": "true",
    "AWS_CONFIG_FILE": os.path.join(_EMPTY_DIR, "config"),
    "AWS_SHARED_CREDENTIALS_FILE": os.path.join(_EMPTY_DIR, "credentials"),
}
os.environ.update(CLIENT_ENV)
os.environ.pop("AWS_PROFILE", None)
os.environ.pop("AWS_SESSION_TOKEN", None)


_RUNNING = set()


def _stop_all():
    for server in list(_RUNNING):
        server.stop()


atexit.register(_stop_all)


def _die_with_parent():
    # Runs in the child before exec: if the test process dies (ctest
    # timeout, SIGKILL), the kernel sends the server SIGTERM.
    try:
        libc = ctypes.CDLL("libc.so.6", use_errno=True)
        PR_SET_PDEATHSIG = 1
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    except OSError:
        pass


def unique_name(prefix):
    """A table name no other test uses."""
    return "%s-%s" % (prefix, uuid.uuid4().hex[:12])


class DynaminiServer:
    """One `dynamini --port 0` subprocess; `url`, `host`, `port` once started."""

    def __init__(self, inbox=True, extra_args=(), capture_stderr=False):
        self.inbox = inbox
        self.extra_args = list(extra_args)
        # With capture_stderr, stderr goes into the same pipe as stdout and
        # output() returns both; otherwise it is the test's own stderr.
        self.capture_stderr = capture_stderr
        self.process = None
        self.url = None
        self.host = None
        self.port = None
        self._stdout_lines = []

    def start(self):
        binary = os.environ.get("DYNAMINI_BIN")
        if not binary:
            raise RuntimeError(
                "DYNAMINI_BIN is not set: point it at the built dynamini "
                "binary (ctest sets it)")
        if not os.access(binary, os.X_OK):
            raise RuntimeError("DYNAMINI_BIN=%s is not an executable" % binary)
        args = [binary, "--port", "0"]
        if not self.inbox:
            args.append("--no-inbox")
        args += self.extra_args
        self.process = subprocess.Popen(
            args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT if self.capture_stderr else None,
            text=True, bufsize=1, preexec_fn=_die_with_parent)
        _RUNNING.add(self)
        ready = queue.Queue()

        def pump():
            # Reads stdout for the whole life of the server so a chatty
            # server never blocks on a full pipe.
            announced = False
            for line in self.process.stdout:
                self._stdout_lines.append(line)
                if not announced:
                    m = READY_PATTERN.search(line)
                    if m:
                        announced = True
                        ready.put(m)
            if not announced:
                ready.put(None)

        threading.Thread(target=pump, daemon=True).start()
        try:
            match = ready.get(timeout=STARTUP_TIMEOUT_S)
        except queue.Empty:
            self.stop()
            raise RuntimeError(
                "dynamini printed no 'dynamini listening on' line within %ss; "
                "stdout so far: %r" % (STARTUP_TIMEOUT_S,
                                       "".join(self._stdout_lines)))
        if match is None:
            code = self.process.wait(timeout=5)
            raise RuntimeError(
                "dynamini exited (status %s) before listening; stdout: %r"
                % (code, "".join(self._stdout_lines)))
        self.url, self.host, self.port = match.group(1), match.group(2), int(
            match.group(3))
        return self

    def stop(self):
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)
        if self.process.stdout:
            self.process.stdout.close()
        self.process = None
        _RUNNING.discard(self)

    def output(self, until=None, timeout=10):
        """What the server printed so far (stdout, and stderr when captured);
        with `until`, once that text is there (lines printed after the ready
        line arrive on their own time), or after `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while until is not None and until not in "".join(self._stdout_lines):
            if time.monotonic() > deadline or not self.alive():
                break
            time.sleep(0.02)
        return "".join(self._stdout_lines)

    def alive(self):
        return self.process is not None and self.process.poll() is None

    # ---- clients ----------------------------------------------------------

    def client(self):
        """boto3's low-level DynamoDB client. Retries are off so a 500 or a
        throttle shows up as the error it is, not as a slow retry loop."""
        return boto3.session.Session().client(
            "dynamodb",
            endpoint_url=self.url,
            region_name="us-east-1",
            aws_access_key_id="x",
            aws_secret_access_key="x",
            config=Config(retries={"max_attempts": 1, "mode": "standard"},
                          connect_timeout=5, read_timeout=30))

    def raw(self, body, target="DynamoDB_20120810.ListTables", method="POST",
            path="/", headers=None):
        """Sends `body` (bytes or str) as-is. Returns (status, headers dict
        with lower-case names, body bytes)."""
        if isinstance(body, str):
            body = body.encode("utf-8")
        conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
        try:
            h = {"Content-Type": "application/x-amz-json-1.0"}
            if target is not None:
                h["X-Amz-Target"] = target
            h.update(headers or {})
            conn.request(method, path, body=body, headers=h)
            resp = conn.getresponse()
            data = resp.read()
            return resp.status, {k.lower(): v for k, v in resp.getheaders()}, data
        finally:
            conn.close()

    def raw_json(self, operation, body):
        """raw() for a well-formed request; returns (status, parsed body)."""
        status, _, data = self.raw(
            body if isinstance(body, (bytes, str)) else json.dumps(body),
            target="DynamoDB_20120810." + operation)
        return status, json.loads(data) if data else None

    AWS_CLI = os.environ.get("DYNAMINI_AWS_CLI", "/usr/bin/aws")

    def aws(self, command, *args, check=True):
        """Runs `aws dynamodb <command> <args> --endpoint-url URL --output json`
        and returns the parsed JSON output (None for empty output). With
        check=False returns the CompletedProcess instead."""
        argv = [self.AWS_CLI, "dynamodb", command, *args,
                "--endpoint-url", self.url, "--output", "json"]
        env = dict(os.environ)
        env.update(CLIENT_ENV)
        proc = subprocess.run(argv, env=env, capture_output=True, text=True,
                              timeout=60)
        if not check:
            return proc
        if proc.returncode != 0:
            raise AssertionError("aws dynamodb %s failed (%d): %s" %
                                 (command, proc.returncode, proc.stderr))
        out = proc.stdout.strip()
        return json.loads(out) if out else None


class ServerTestCase(unittest.TestCase):
    """Base class: one server for the whole class. Set `inbox = False` to
    start it with --no-inbox; `server_args` are passed to dynamini."""

    inbox = False
    server_args = ()
    server = None
    ddb = None

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.server = DynaminiServer(inbox=cls.inbox, extra_args=cls.server_args)
        # Class cleanups run even when setUpClass fails after this point
        # (tearDownClass would not), so no server outlives its tests.
        cls.addClassCleanup(cls.server.stop)
        cls.server.start()
        cls.ddb = cls.server.client()

    @classmethod
    def tearDownClass(cls):
        if cls.server is not None:
            cls.server.stop()
        super().tearDownClass()

    # ---- helpers ----------------------------------------------------------

    def assertClientError(self, ctx, code, status=400, message_contains=None):
        """Checks a ClientError caught by `with self.assertRaises(ClientError)
        as ctx`: typed code, HTTP status and, optionally, the message."""
        err = ctx.exception.response["Error"]
        self.assertEqual(err["Code"], code, ctx.exception.response)
        self.assertEqual(
            ctx.exception.response["ResponseMetadata"]["HTTPStatusCode"],
            status)
        if message_contains is not None:
            self.assertIn(message_contains, err.get("Message", ""))

    def assertServerStillServes(self):
        self.assertTrue(self.server.alive(), "dynamini process exited")
        out = self.ddb.list_tables()
        self.assertEqual(out["ResponseMetadata"]["HTTPStatusCode"], 200)

    def create_table(self, name=None, hash_key=("pk", "S"), range_key=("sk", "S"),
                     **extra):
        """Creates a PAY_PER_REQUEST table; extra kwargs go to CreateTable
        (extra AttributeDefinitions via `attributes=[(name, type), ...]`)."""
        name = name or unique_name(self.id().split(".")[-1][:40])
        attributes = [hash_key] + ([range_key] if range_key else [])
        attributes += extra.pop("attributes", [])
        key_schema = [{"AttributeName": hash_key[0], "KeyType": "HASH"}]
        if range_key:
            key_schema.append({"AttributeName": range_key[0],
                               "KeyType": "RANGE"})
        self.ddb.create_table(
            TableName=name,
            AttributeDefinitions=[{"AttributeName": a, "AttributeType": t}
                                  for a, t in attributes],
            KeySchema=key_schema,
            BillingMode=extra.pop("BillingMode", "PAY_PER_REQUEST"),
            **extra)
        return name
