"""--auth ACCESS_KEY:SECRET: AWS Signature Version 4 verified on every API
request, with boto3 and the AWS CLI signing as usual."""

import os
import subprocess
import unittest

import boto3
from botocore.config import Config

from dynamini_harness import CLIENT_ENV, ClientError, DynaminiServer

KEY = "AKIDDYNAMINITEST"
SECRET = "s3cr3t/with+symbols"


class AuthTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = DynaminiServer(inbox=False, extra_args=["--auth", KEY + ":" + SECRET])
        cls.addClassCleanup(cls.server.stop)
        cls.server.start()

    def client(self, key, secret, region="eu-west-3"):
        return boto3.session.Session().client(
            "dynamodb", endpoint_url=self.server.url, region_name=region,
            aws_access_key_id=key, aws_secret_access_key=secret,
            config=Config(retries={"max_attempts": 1, "mode": "standard"}))

    def assertError(self, ctx, code, message=None):
        err = ctx.exception.response["Error"]
        self.assertEqual(err["Code"], code)
        self.assertEqual(ctx.exception.response["ResponseMetadata"]["HTTPStatusCode"], 400)
        if message is not None:
            self.assertEqual(err["Message"], message)

    def test_the_right_secret_works_in_any_region(self):
        for region in ("us-east-1", "ap-southeast-2"):
            ddb = self.client(KEY, SECRET, region)
            ddb.create_table(
                TableName="signed-" + region, BillingMode="PAY_PER_REQUEST",
                AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "S"}],
                KeySchema=[{"AttributeName": "id", "KeyType": "HASH"}])
            ddb.put_item(TableName="signed-" + region, Item={"id": {"S": "a"}})
            self.assertIn("Item", ddb.get_item(TableName="signed-" + region,
                                               Key={"id": {"S": "a"}}))

    def test_a_wrong_secret_is_invalid_signature(self):
        with self.assertRaises(ClientError) as ctx:
            self.client(KEY, "not-the-secret").list_tables()
        self.assertError(
            ctx, "InvalidSignatureException",
            "The request signature we calculated does not match the signature you provided. "
            "Check your AWS Secret Access Key and signing method. Consult the service "
            "documentation for details.")

    def test_an_unknown_access_key_is_unrecognized_client(self):
        with self.assertRaises(ClientError) as ctx:
            self.client("AKIDSOMEONEELSE", SECRET).list_tables()
        self.assertError(ctx, "UnrecognizedClientException",
                         "The security token included in the request is invalid.")

    def test_an_unsigned_request_is_missing_authentication_token(self):
        status, _, body = self.server.raw("{}")
        self.assertEqual(status, 400)
        self.assertIn(b"MissingAuthenticationTokenException", body)
        self.assertIn(b"Request is missing Authentication Token", body)

    def test_the_aws_cli_signs_and_is_served(self):
        env = dict(os.environ)
        env.update(CLIENT_ENV)
        env.update({"AWS_ACCESS_KEY_ID": KEY, "AWS_SECRET_ACCESS_KEY": SECRET})
        proc = subprocess.run(
            [DynaminiServer.AWS_CLI, "dynamodb", "list-tables", "--endpoint-url",
             self.server.url, "--output", "json"],
            env=env, capture_output=True, text=True, timeout=60)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertIn("TableNames", proc.stdout)

    def test_the_console_explains_it_is_off(self):
        status, headers, body = self.server.raw(b"", target=None, method="GET", path="/console")
        self.assertEqual(status, 403)
        self.assertIn(b"--auth", body)


if __name__ == "__main__":
    unittest.main()
