"""The AWS CLI (`aws dynamodb ... --endpoint-url URL --output json`) against
dynamini: every command a user reaches for first."""

import json
import unittest

from dynamini_harness import ServerTestCase

TABLE = "cli_table"


class AwsCli(ServerTestCase):
    inbox = True

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.server.aws(
            "create-table", "--table-name", TABLE,
            "--attribute-definitions",
            "AttributeName=pk,AttributeType=S", "AttributeName=sk,AttributeType=N",
            "--key-schema", "AttributeName=pk,KeyType=HASH",
            "AttributeName=sk,KeyType=RANGE",
            "--billing-mode", "PAY_PER_REQUEST")

    def aws(self, *args):
        return self.server.aws(*args)

    def put(self, pk, sk, **attrs):
        item = {"pk": {"S": pk}, "sk": {"N": str(sk)}, **attrs}
        self.aws("put-item", "--table-name", TABLE, "--item", json.dumps(item))

    def get(self, pk, sk):
        out = self.aws("get-item", "--table-name", TABLE, "--key",
                       json.dumps({"pk": {"S": pk}, "sk": {"N": str(sk)}}))
        return (out or {}).get("Item")

    def test_cli_describe_table_reports_the_created_key_schema(self):
        out = self.aws("describe-table", "--table-name", TABLE)
        self.assertEqual(out["Table"]["TableName"], TABLE)
        self.assertEqual(out["Table"]["TableStatus"], "ACTIVE")
        self.assertEqual(out["Table"]["KeySchema"],
                         [{"AttributeName": "pk", "KeyType": "HASH"},
                          {"AttributeName": "sk", "KeyType": "RANGE"}])

    def test_cli_list_tables_includes_created_and_preloaded_inbox(self):
        names = self.aws("list-tables")["TableNames"]
        self.assertIn(TABLE, names)
        self.assertIn("inbox", names)

    def test_cli_put_item_then_get_item_round_trips(self):
        self.put("put", 1, msg={"S": "hello"}, n={"N": "1.50"})
        item = self.get("put", 1)
        self.assertEqual(item["msg"], {"S": "hello"})
        self.assertEqual(item["n"], {"N": "1.5"})

    def test_cli_get_item_missing_prints_nothing(self):
        self.assertIsNone(self.get("nobody", 0))

    def test_cli_query_numeric_range_descending(self):
        for sk in (-5, 3, 20, 100):
            self.put("q", sk)
        out = self.aws("query", "--table-name", TABLE,
                       "--key-condition-expression", "pk = :p AND sk > :min",
                       "--expression-attribute-values",
                       json.dumps({":p": {"S": "q"}, ":min": {"N": "-10"}}),
                       "--no-scan-index-forward")
        self.assertEqual([i["sk"]["N"] for i in out["Items"]],
                         ["100", "20", "3", "-5"])

    def test_cli_scan_with_filter(self):
        self.put("scan", 1, color={"S": "red"})
        self.put("scan", 2, color={"S": "blue"})
        out = self.aws("scan", "--table-name", TABLE,
                       "--filter-expression", "color = :c",
                       "--expression-attribute-values",
                       json.dumps({":c": {"S": "blue"}}))
        self.assertEqual([(i["pk"]["S"], i["sk"]["N"]) for i in out["Items"]],
                         [("scan", "2")])

    def test_cli_update_item_returns_updated_new(self):
        self.put("upd", 1, count={"N": "0.3"})
        out = self.aws("update-item", "--table-name", TABLE, "--key",
                       json.dumps({"pk": {"S": "upd"}, "sk": {"N": "1"}}),
                       "--update-expression", "SET #c = #c - :d",
                       "--expression-attribute-names",
                       json.dumps({"#c": "count"}),
                       "--expression-attribute-values",
                       json.dumps({":d": {"N": "0.1"}}),
                       "--return-values", "UPDATED_NEW")
        self.assertEqual(out["Attributes"], {"count": {"N": "0.2"}})

    def test_cli_delete_item_returns_all_old(self):
        self.put("del", 1, v={"S": "gone"})
        out = self.aws("delete-item", "--table-name", TABLE, "--key",
                       json.dumps({"pk": {"S": "del"}, "sk": {"N": "1"}}),
                       "--return-values", "ALL_OLD")
        self.assertEqual(out["Attributes"]["v"], {"S": "gone"})
        self.assertIsNone(self.get("del", 1))

    def test_cli_failed_condition_exits_nonzero_naming_the_exception(self):
        self.put("cond", 1)
        proc = self.server.aws(
            "put-item", "--table-name", TABLE, "--item",
            json.dumps({"pk": {"S": "cond"}, "sk": {"N": "1"}, "x": {"S": "y"}}),
            "--condition-expression", "attribute_not_exists(pk)", check=False)
        self.assertNotEqual(proc.returncode, 0)
        self.assertIn("ConditionalCheckFailedException", proc.stderr)
        self.assertNotIn("x", self.get("cond", 1))

    def test_cli_batch_write_item_then_batch_get_item(self):
        self.put("bw", 9)
        request = {TABLE: [
            {"PutRequest": {"Item": {"pk": {"S": "bw"}, "sk": {"N": "1"}}}},
            {"PutRequest": {"Item": {"pk": {"S": "bw"}, "sk": {"N": "2"}}}},
            {"DeleteRequest": {"Key": {"pk": {"S": "bw"}, "sk": {"N": "9"}}}},
        ]}
        out = self.aws("batch-write-item", "--request-items", json.dumps(request))
        self.assertEqual(out.get("UnprocessedItems", {}), {})
        keys = [{"pk": {"S": "bw"}, "sk": {"N": str(n)}} for n in (1, 2, 9)]
        out = self.aws("batch-get-item", "--request-items",
                       json.dumps({TABLE: {"Keys": keys}}))
        self.assertEqual(sorted(i["sk"]["N"] for i in out["Responses"][TABLE]),
                         ["1", "2"])

    def test_cli_query_preloaded_inbox_unread_index(self):
        out = self.aws("query", "--table-name", "inbox", "--index-name", "GSI1",
                       "--key-condition-expression", "gsi1pk = :u",
                       "--expression-attribute-values",
                       json.dumps({":u": {"S": "UNREAD#u_alice"}}))
        self.assertEqual(out["Count"], 2)

    def test_cli_create_and_delete_table(self):
        self.aws("create-table", "--table-name", "cli_temp",
                 "--attribute-definitions", "AttributeName=id,AttributeType=S",
                 "--key-schema", "AttributeName=id,KeyType=HASH",
                 "--provisioned-throughput",
                 "ReadCapacityUnits=1,WriteCapacityUnits=1")
        self.assertIn("cli_temp", self.aws("list-tables")["TableNames"])
        out = self.aws("delete-table", "--table-name", "cli_temp")
        self.assertEqual(out["TableDescription"]["TableName"], "cli_temp")
        self.assertNotIn("cli_temp", self.aws("list-tables")["TableNames"])
        proc = self.server.aws("describe-table", "--table-name", "cli_temp",
                               check=False)
        self.assertNotEqual(proc.returncode, 0)
        self.assertIn("ResourceNotFoundException", proc.stderr)


if __name__ == "__main__":
    unittest.main()
