"""Every validation path, through a real SDK: the catalogue in validation_cases/.

Each validation_cases/<area>.json holds
  {"fixtures": {"tables": [CreateTable requests], "items": [PutItem requests],
                "calls": [{"operation": ..., "request": ..., "transport": ...}]},
   "cases": [{"name": "...", "operation": "GetItem", "request": {...},
              "code": "ValidationException", "message": "exact text",
              "status": 400,            # optional, default 400
              "service": "dynamodb",    # or "dynamodbstreams"
              "transport": "boto3",     # or "raw" for bodies no SDK can build
              "source": "where the message was confirmed"}]}
Every case becomes one test method here, sent with boto3's low-level client
(parameter validation off, so the server sees exactly the bad request) and
checked for error code, HTTP status and the whole message. Requests are JSON,
so a binary value is written as its base64 text ({"B": "AAE="}) and turned into
bytes before boto3 encodes it again. Fixture "calls" run after the tables and
items exist and must succeed (they set up state a case needs: TTL enabled, a
protected table, an earlier transaction's token). In case requests,
"${stream_arn:T}" and "${shard_id:T}" stand for table T's stream and its shard,
"${backup_arn:N}" for the ARN of the (newest) backup named N, which only exist at
run time; "${repeat:N:c}" stands for the character c written N times (the
400 KB and 4 MB limits need values too long to keep in the file). tools/validation_coverage.py checks that
every error the engine can raise appears in this catalogue.
"""

import base64
import glob
import json
import os
import re
import unittest

from botocore import xform_name
from botocore.config import Config
import boto3

from dynamini_harness import ClientError, ServerTestCase

CASES_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "validation_cases")


def load_catalogue():
    """[(area, document)] for every validation_cases/*.json, sorted by name."""
    out = []
    for path in sorted(glob.glob(os.path.join(CASES_DIR, "*.json"))):
        with open(path, encoding="utf-8") as f:
            out.append((os.path.splitext(os.path.basename(path))[0], json.load(f)))
    return out


def binary_values_as_bytes(value):
    """Turns {"B": base64} and {"BS": [base64...]} into bytes for boto3."""
    if isinstance(value, dict):
        if len(value) == 1 and isinstance(value.get("B"), str):
            return {"B": base64.b64decode(value["B"])}
        if len(value) == 1 and isinstance(value.get("BS"), list) and all(
                isinstance(v, str) for v in value["BS"]):
            return {"BS": [base64.b64decode(v) for v in value["BS"]]}
        return {k: binary_values_as_bytes(v) for k, v in value.items()}
    if isinstance(value, list):
        return [binary_values_as_bytes(v) for v in value]
    return value


class ValidationCatalogue(ServerTestCase):
    inbox = False

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        config = Config(parameter_validation=False, retries={"max_attempts": 1, "mode": "standard"},
                        connect_timeout=5, read_timeout=30)
        cls.clients = {
            service: boto3.session.Session().client(
                service, endpoint_url=cls.server.url, region_name="us-east-1",
                aws_access_key_id="x", aws_secret_access_key="x", config=config)
            for service in ("dynamodb", "dynamodbstreams")}
        for _, doc in load_catalogue():
            fixtures = doc.get("fixtures", {})
            for table in fixtures.get("tables", []):
                cls.ddb.create_table(**binary_values_as_bytes(table))
            for item in fixtures.get("items", []):
                cls.ddb.put_item(**binary_values_as_bytes(item))
            for call in fixtures.get("calls", []):
                cls.send(call, expect_ok=True)

    @classmethod
    def stream_placeholders(cls, text):
        """Fills ${stream_arn:T}, ${shard_id:T} and ${backup_arn:N} in `text`."""
        def fill(match):
            kind, table = match.group(1), match.group(2)
            if kind == "backup_arn":
                backups = [b for b in cls.ddb.list_backups(BackupType="ALL")["BackupSummaries"]
                           if b["BackupName"] == table]
                return backups[-1]["BackupArn"]
            arn = cls.ddb.describe_table(TableName=table)["Table"]["LatestStreamArn"]
            if kind == "stream_arn":
                return arn
            shards = cls.clients["dynamodbstreams"].describe_stream(StreamArn=arn)
            return shards["StreamDescription"]["Shards"][0]["ShardId"]
        return re.sub(r"\$\{(stream_arn|shard_id|backup_arn):([\w.$-]+)\}", fill, text)

    @staticmethod
    def expand_repeats(text):
        """Fills ${repeat:N:c} (c written N times) in `text`."""
        return re.sub(r"\$\{repeat:(\d+):(\w)\}",
                      lambda m: m.group(2) * int(m.group(1)), text)

    @classmethod
    def send(cls, case, expect_ok=False):
        """Sends one request; returns (code, status, message), code None on success."""
        request = json.loads(cls.expand_repeats(cls.stream_placeholders(json.dumps(case["request"]))))
        if case.get("transport", "boto3") == "raw":
            prefix = ("DynamoDBStreams_20120810." if case.get("service") == "dynamodbstreams"
                      else "DynamoDB_20120810.")
            body = request if isinstance(request, str) else json.dumps(request)
            status, _, data = cls.server.raw(body, target=prefix + case["operation"])
            doc = json.loads(data)
            if status == 200:
                return None, status, None
            if expect_ok:
                raise AssertionError("fixture call failed: %s" % doc)
            return (doc.get("__type", "").rsplit("#", 1)[-1], status,
                    doc.get("message", doc.get("Message")))
        client = cls.clients[case.get("service", "dynamodb")]
        call = getattr(client, xform_name(case["operation"]))
        try:
            call(**binary_values_as_bytes(request))
        except ClientError as e:
            if expect_ok:
                raise
            error = e.response["Error"]
            return (error.get("Code"), e.response["ResponseMetadata"]["HTTPStatusCode"],
                    error.get("Message"))
        return None, 200, None

    def check_case(self, case):
        code, status, message = self.send(case)
        self.assertIsNotNone(code, "the request succeeded; expected " + case["code"])
        self.assertEqual((code, status), (case["code"], case.get("status", 400)), message)
        # A null message in a case: the answer has no message member.
        expected = case["message"]
        self.assertEqual(message, expected and self.stream_placeholders(expected))


def _add_case_methods():
    seen = set()
    for area, doc in load_catalogue():
        for case in doc.get("cases", []):
            name = "test_%s_%s" % (area, case["name"])
            if name in seen:
                raise ValueError("duplicate validation case name: " + name)
            seen.add(name)
            setattr(ValidationCatalogue, name,
                    lambda self, case=case: self.check_case(case))


_add_case_methods()

if __name__ == "__main__":
    unittest.main()
