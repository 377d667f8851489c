"""SigV4 with `--auth`, beyond test_auth.py: boto3 requests signed at the
edges of the 15-minute window (botocore's clock set back or ahead while it
signs), temporary credentials (X-Amz-Security-Token, a signed header), and
what a signature covers: a signed header changed after signing fails, a
header the client did not sign may be added.

Forms no DynamoDB SDK uses are out of scope: DynamoDB's service model
(botocore data/dynamodb/2012-08-10/service-2.json) is the JSON protocol
with signatureVersion v4 and no streaming member, so boto3, the AWS CLI and
the JS SDK sign the Authorization header over the whole body; the
query-string (presigned URL) form and aws-chunked streaming payloads are
S3's. The JS SDK test is js/sigv4.test.mjs."""

import datetime
import types
import unittest
import unittest.mock
from contextlib import nullcontext

import boto3
from botocore.auth import SigV4Auth
from botocore.awsrequest import AWSRequest
from botocore.config import Config
from botocore.credentials import Credentials

from dynamini_harness import ClientError, DynaminiServer

try:
    from botocore.crt import auth as crt_auth
except ImportError:  # botocore without awscrt signs with SigV4Auth only
    crt_auth = None

KEY = "AKIDEDGES"
SECRET = "edges/secret+key"


def skewed_datetime_module(seconds):
    """A stand-in for the `datetime` module whose datetime.utcnow() is
    `seconds` off the real clock; everything else is the real module's."""
    class SkewedDatetime(datetime.datetime):
        @classmethod
        def utcnow(cls):
            return datetime.datetime.utcnow() + datetime.timedelta(seconds=seconds)

    module = types.SimpleNamespace(**vars(datetime))
    module.datetime = SkewedDatetime
    return module


class SigV4ExactnessTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = DynaminiServer(inbox=False, extra_args=["--auth", KEY + ":" + SECRET])
        cls.addClassCleanup(cls.server.stop)
        cls.server.start()

    def client(self, **credentials):
        return boto3.session.Session().client(
            "dynamodb", endpoint_url=self.server.url, region_name="sa-east-1",
            aws_access_key_id=credentials.get("key", KEY),
            aws_secret_access_key=credentials.get("secret", SECRET),
            aws_session_token=credentials.get("token"),
            config=Config(retries={"max_attempts": 1, "mode": "standard"}))

    def list_tables_signed_off_by(self, seconds):
        """ListTables signed by boto3 with its clock `seconds` off (negative: behind).
        botocore signs with SigV4Auth, or with CrtSigV4Auth when awscrt is
        installed (Debian's botocore has it); both read
        datetime.datetime.utcnow() of their module, so both are skewed."""
        clock = skewed_datetime_module(seconds)
        with unittest.mock.patch("botocore.auth.datetime", clock), \
                unittest.mock.patch.object(crt_auth, "datetime", clock) if crt_auth else nullcontext():
            client = self.client()
            sent = []
            client.meta.events.register(
                "before-send.*", lambda request, **_: sent.append(request.headers["X-Amz-Date"]))
            try:
                return client.list_tables()
            finally:
                client.close()
                # The request really was signed that far off (so the test can fail).
                signed_at = datetime.datetime.strptime(sent[0].decode(), "%Y%m%dT%H%M%SZ")
                off = (signed_at - datetime.datetime.utcnow()).total_seconds()
                self.assertLess(abs(off - seconds), 30, sent)

    def test_signed_14_50_behind_or_ahead_verifies(self):
        for seconds in (-14 * 60 - 50, 14 * 60 + 50):
            self.assertIn("TableNames", self.list_tables_signed_off_by(seconds))

    def test_signed_15_10_behind_is_expired_and_ahead_is_not_yet_current(self):
        for seconds, message in ((-15 * 60 - 10, "Signature expired: "),
                                 (15 * 60 + 10, "Signature not yet current: ")):
            with self.assertRaises(ClientError) as ctx:
                self.list_tables_signed_off_by(seconds)
            err = ctx.exception.response["Error"]
            self.assertEqual(err["Code"], "InvalidSignatureException")
            self.assertTrue(err["Message"].startswith(message), err["Message"])

    def test_temporary_credentials_sign_the_session_token(self):
        self.assertIn("TableNames", self.client(token="FwoGZXIvYXdzEXAMPLETOKEN").list_tables())

    def signed_request(self, headers):
        request = AWSRequest(method="POST", url=self.server.url + "/", data=b"{}", headers=headers)
        SigV4Auth(Credentials(KEY, SECRET), "dynamodb", "us-east-1").add_auth(request)
        return dict(request.headers.items())

    def send(self, headers):
        status, _, body = self.server.raw(b"{}", target=None, headers=headers)
        return status, body

    def test_a_signed_header_changed_after_signing_fails_an_unsigned_one_may_be_added(self):
        headers = self.signed_request({"Content-Type": "application/x-amz-json-1.0",
                                       "X-Amz-Target": "DynamoDB_20120810.ListTables",
                                       "Host": "%s:%d" % (self.server.host, self.server.port)})
        status, body = self.send(dict(headers, **{"X-Unsigned-Extra": "anything"}))
        self.assertEqual(status, 200, body)
        changed = dict(headers, **{"X-Amz-Target": "DynamoDB_20120810.DescribeLimits"})
        status, body = self.send(changed)
        self.assertEqual(status, 400)
        self.assertIn(b"InvalidSignatureException", body)


if __name__ == "__main__":
    unittest.main()
