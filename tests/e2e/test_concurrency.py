"""Concurrency through the wire: no lost update, no partial transaction."""

import http.client
import json
import threading
import unittest

from dynamini_harness import ServerTestCase

CLIENTS = 64


class Client:
    def __init__(self, server):
        self.conn = http.client.HTTPConnection(server.host, server.port, timeout=30)

    def call(self, op, body):
        self.conn.request("POST", "/", body=json.dumps(body), headers={
            "Content-Type": "application/x-amz-json-1.0",
            "X-Amz-Target": "DynamoDB_20120810." + op})
        resp = self.conn.getresponse()
        return resp.status, json.loads(resp.read() or b"{}")


def run_clients(server, work):
    errors = []

    def runner(n):
        try:
            work(Client(server), n)
        except Exception as e:  # surfaced below
            errors.append(e)

    threads = [threading.Thread(target=runner, args=(n,)) for n in range(CLIENTS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return errors


class ConcurrencyTest(ServerTestCase):
    # Several serving threads (the default is one), so concurrent calls run
    # the engine from several threads at once, under ThreadSanitizer too.
    server_args = ("--threads", "4")

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.ddb.create_table(
            TableName="counters", BillingMode="PAY_PER_REQUEST",
            AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "id", "KeyType": "HASH"}])

    def test_64_clients_conditional_add_on_one_counter_end_with_the_exact_count(self):
        per_client = 25
        self.ddb.put_item(TableName="counters", Item={"id": {"S": "c"}, "n": {"N": "0"}})

        def work(client, _):
            for _ in range(per_client):
                status, body = client.call("UpdateItem", {
                    "TableName": "counters", "Key": {"id": {"S": "c"}},
                    "UpdateExpression": "ADD n :one", "ConditionExpression": "n >= :zero",
                    "ExpressionAttributeValues": {":one": {"N": "1"}, ":zero": {"N": "0"}}})
                assert status == 200, body

        self.assertEqual(run_clients(self.server, work), [])
        item = self.ddb.get_item(TableName="counters", Key={"id": {"S": "c"}}, ConsistentRead=True)
        self.assertEqual(item["Item"]["n"]["N"], str(CLIENTS * per_client))

    def test_concurrent_transactions_on_overlapping_items_never_leave_a_partial_result(self):
        # Ten accounts of 100; each transaction moves 1 from one to the next,
        # only if the source stays >= 0. Any partial transaction breaks the sum.
        accounts = 10
        for a in range(accounts):
            self.ddb.put_item(TableName="counters",
                              Item={"id": {"S": "acct%d" % a}, "n": {"N": "100"}})

        def work(client, n):
            for i in range(20):
                src, dst = (n + i) % accounts, (n + i + 1) % accounts
                status, body = client.call("TransactWriteItems", {"TransactItems": [
                    {"Update": {"TableName": "counters", "Key": {"id": {"S": "acct%d" % src}},
                                "UpdateExpression": "ADD n :minus",
                                "ConditionExpression": "n >= :one",
                                "ExpressionAttributeValues": {":minus": {"N": "-1"},
                                                              ":one": {"N": "1"}}}},
                    {"Update": {"TableName": "counters", "Key": {"id": {"S": "acct%d" % dst}},
                                "UpdateExpression": "ADD n :plus",
                                "ExpressionAttributeValues": {":plus": {"N": "1"}}}}]})
                assert status == 200 or body.get("__type", "").endswith(
                    ("TransactionCanceledException", "TransactionConflictException")), body

        self.assertEqual(run_clients(self.server, work), [])
        total = 0
        for a in range(accounts):
            item = self.ddb.get_item(TableName="counters", Key={"id": {"S": "acct%d" % a}},
                                     ConsistentRead=True)["Item"]
            self.assertGreaterEqual(int(item["n"]["N"]), 0)
            total += int(item["n"]["N"])
        self.assertEqual(total, accounts * 100)


if __name__ == "__main__":
    unittest.main()
