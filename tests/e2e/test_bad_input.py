"""Hostile and broken input: every request gets a 4xx with a DynamoDB error
type, the server stays up, and no data changes."""

import http.client
import json
import socket
import unittest

from dynamini_harness import ServerTestCase

# A valid request per operation; the battery breaks each in many ways.
VALID = {
    "PutItem": {"TableName": "bad", "Item": {"pk": {"S": "new"}, "sk": {"S": "1"}}},
    "GetItem": {"TableName": "bad", "Key": {"pk": {"S": "a"}, "sk": {"S": "1"}}},
    "UpdateItem": {"TableName": "bad", "Key": {"pk": {"S": "a"}, "sk": {"S": "1"}},
                   "UpdateExpression": "SET v = :v", "ExpressionAttributeValues": {":v": {"N": "2"}}},
    "DeleteItem": {"TableName": "bad", "Key": {"pk": {"S": "a"}, "sk": {"S": "1"}}},
    "Query": {"TableName": "bad", "KeyConditionExpression": "pk = :p",
              "ExpressionAttributeValues": {":p": {"S": "a"}}},
    "Scan": {"TableName": "bad", "Limit": 5},
    "BatchGetItem": {"RequestItems": {"bad": {"Keys": [{"pk": {"S": "a"}, "sk": {"S": "1"}}]}}},
    "BatchWriteItem": {"RequestItems": {"bad": [{"DeleteRequest": {"Key": {"pk": {"S": "a"}, "sk": {"S": "1"}}}}]}},
    "TransactWriteItems": {"TransactItems": [{"Delete": {"TableName": "bad", "Key": {"pk": {"S": "a"}, "sk": {"S": "1"}}}}]},
    "CreateTable": {"TableName": "bad2", "BillingMode": "PAY_PER_REQUEST",
                    "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
                    "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}]},
    "DescribeTable": {"TableName": "bad"},
    "ListTables": {"Limit": 5},
}
WRONG_VALUES = [None, 5, -1, 1.5, True, "text", "", [], [1, "x"], {}, {"S": 1}, {"N": "x"},
                "\u0000", 10 ** 30, [[[[]]]]]
WRITES = {"PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem", "TransactWriteItems", "CreateTable"}


class BadInputTest(ServerTestCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.ddb.create_table(
            TableName="bad", BillingMode="PAY_PER_REQUEST",
            AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"},
                                  {"AttributeName": "sk", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"},
                       {"AttributeName": "sk", "KeyType": "RANGE"}])
        cls.ddb.put_item(TableName="bad", Item={"pk": {"S": "a"}, "sk": {"S": "1"}, "v": {"N": "1"}})

    def snapshot(self):
        return sorted(json.dumps(i, sort_keys=True)
                      for i in self.ddb.scan(TableName="bad", ConsistentRead=True)["Items"]), \
            sorted(self.ddb.list_tables()["TableNames"])

    def assertRejected(self, status, body, raw=b""):
        self.assertGreaterEqual(status, 400, raw[:300])
        self.assertLess(status, 500, raw[:300])
        if body is not None:
            self.assertIn("#", body.get("__type", ""), body)

    def send(self, op, payload):
        status, _, data = self.server.raw(payload, target="DynamoDB_20120810." + op)
        try:
            body = json.loads(data) if data else None
        except ValueError:
            body = None
        return status, body, data

    def test_malformed_and_truncated_json_is_a_serialization_exception(self):
        before = self.snapshot()
        for op, valid in VALID.items():
            text = json.dumps(valid)
            for broken in (text[: len(text) // 2], text + "}", "{" + text, text.replace(":", "", 1),
                           "[" + text + "]", "null", "", "{\"TableName\": tru}"):
                status, body, raw = self.send(op, broken)
                self.assertRejected(status, body, raw)
                if body and broken not in ("null", "[" + text + "]"):
                    self.assertTrue(body["__type"].endswith("SerializationException"), (op, broken, body))
        self.assertEqual(self.snapshot(), before)
        self.assertServerStillServes()

    def test_wrong_types_in_every_member_are_4xx_and_change_nothing(self):
        before = self.snapshot()
        for op, valid in VALID.items():
            for member in valid:
                for wrong in WRONG_VALUES:
                    if wrong is None and op in WRITES:
                        continue  # null means "not given": may be a valid request then
                    request = dict(valid)
                    request[member] = wrong
                    status, body, raw = self.send(op, json.dumps(request))
                    if status == 200:
                        # Some mutations stay valid (TableName "text" names a
                        # table CreateTable may create): the new state is the
                        # baseline for the rejected requests that follow.
                        before = self.snapshot()
                        continue
                    self.assertRejected(status, body, raw)
                    self.assertEqual(self.snapshot(), before, (op, member, wrong))
        # Nested wrong types inside items and keys.
        for wrong in WRONG_VALUES:
            request = {"TableName": "bad", "Item": {"pk": {"S": "z"}, "sk": {"S": "1"}, "x": wrong}}
            status, body, raw = self.send("PutItem", json.dumps(request))
            self.assertRejected(status, body, raw)
        self.assertEqual(self.snapshot(), before)
        self.assertServerStillServes()

    def test_deep_nesting_is_rejected_without_crashing(self):
        before = self.snapshot()
        deep_json = "[" * 200000 + "]" * 200000
        status, body, raw = self.send("PutItem", deep_json)
        self.assertRejected(status, body, raw)
        value = '{"L":[' * 5000 + '{"S":"x"}' + ']}' * 5000
        status, body, raw = self.send("PutItem", '{"TableName":"bad","Item":{"pk":{"S":"d"},"sk":{"S":"1"},"v":%s}}' % value)
        self.assertRejected(status, body, raw)
        self.assertIn("Nesting Levels", body["message"])
        self.assertEqual(self.snapshot(), before)
        self.assertServerStillServes()

    def test_huge_numbers_are_validation_errors(self):
        before = self.snapshot()
        for number in ("1e999999999999", "9" * 1000, "-1e-999999", "1" * 39, "0x10", "NaN", "Infinity"):
            status, body, raw = self.send("PutItem", json.dumps(
                {"TableName": "bad", "Item": {"pk": {"S": "n"}, "sk": {"S": "1"}, "v": {"N": number}}}))
            self.assertRejected(status, body, raw)
            self.assertTrue(body["__type"].endswith("ValidationException"), body)
        self.assertEqual(self.snapshot(), before)

    def test_invalid_utf8_is_rejected(self):
        before = self.snapshot()
        payload = b'{"TableName":"bad","Item":{"pk":{"S":"\xff\xfe"},"sk":{"S":"1"}}}'
        status, body, raw = self.send("PutItem", payload)
        self.assertRejected(status, body, raw)
        self.assertEqual(self.snapshot(), before)

    def test_oversize_item_and_oversize_body_and_headers(self):
        before = self.snapshot()
        big = {"TableName": "bad", "Item": {"pk": {"S": "big"}, "sk": {"S": "1"}, "v": {"S": "x" * (400 * 1024)}}}
        status, body, raw = self.send("PutItem", json.dumps(big))
        self.assertRejected(status, body, raw)
        self.assertEqual(body["message"], "Item size has exceeded the maximum allowed size")
        huge_body = b'{"TableName":"bad","x":"' + b"x" * (17 * 1024 * 1024) + b'"}'
        status, body, raw = self.send("PutItem", huge_body)
        self.assertRejected(status, body, raw)
        # A 100 KB header.
        sock = socket.create_connection((self.server.host, self.server.port), timeout=10)
        sock.sendall(b"POST / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * (100 * 1024) + b"\r\n\r\n")
        reply = sock.recv(4096)
        sock.close()
        self.assertRegex(reply, rb"^HTTP/1\.1 4\d\d")
        self.assertEqual(self.snapshot(), before)
        self.assertServerStillServes()

    def test_unknown_operations_and_targets(self):
        for target in ("DynamoDB_20120810.Nope", "Nope", "", "DynamoDB_20120810.", "DynamoDB_20120810.PutItem.x"):
            status, _, data = self.server.raw("{}", target=target or None)
            self.assertRejected(status, json.loads(data) if data else None, data)
        self.assertServerStillServes()


if __name__ == "__main__":
    unittest.main()
