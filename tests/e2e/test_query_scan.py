"""Query and Scan through boto3: key operators, ordering, paging, filters,
Select COUNT, global and local secondary indexes."""

import unittest

from dynamini_harness import ServerTestCase

NUMERIC_SKS = ["-100", "-10", "-2.5", "-1", "0", "1", "2", "10", "100", "1e3"]


def n_values(items, attr):
    return [i[attr]["N"] for i in items]


class QueryScan(ServerTestCase):
    inbox = False

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        ddb = cls.ddb
        # Numeric sort key, plus a GSI (hash g, range gsort) and an LSI
        # (range lsort) to query the same items in other orders.
        ddb.create_table(
            TableName="nums",
            AttributeDefinitions=[
                {"AttributeName": "pk", "AttributeType": "S"},
                {"AttributeName": "n", "AttributeType": "N"},
                {"AttributeName": "g", "AttributeType": "S"},
                {"AttributeName": "gsort", "AttributeType": "N"},
                {"AttributeName": "lsort", "AttributeType": "S"},
            ],
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"},
                       {"AttributeName": "n", "KeyType": "RANGE"}],
            GlobalSecondaryIndexes=[{
                "IndexName": "byG",
                "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"},
                              {"AttributeName": "gsort", "KeyType": "RANGE"}],
                "Projection": {"ProjectionType": "ALL"}}],
            LocalSecondaryIndexes=[{
                "IndexName": "byL",
                "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                              {"AttributeName": "lsort", "KeyType": "RANGE"}],
                "Projection": {"ProjectionType": "ALL"}}],
            BillingMode="PAY_PER_REQUEST")
        # Insert in a scrambled order so storage order can't be insertion order.
        for i, n in enumerate(reversed(NUMERIC_SKS)):
            item = {"pk": {"S": "P"}, "n": {"N": n},
                    "parity": {"S": "even" if i % 2 == 0 else "odd"},
                    "lsort": {"S": "L%02d" % ((i * 7) % 10)}}
            # Sparse GSI: only some items carry both index keys; one carries
            # the index hash key without its range key and must not appear.
            if i % 3 != 2:
                item["g"] = {"S": "G"}
                item["gsort"] = {"N": str(100 - i)}
            elif i == 2:
                item["g"] = {"S": "G"}
            ddb.put_item(TableName="nums", Item=item)
        ddb.put_item(TableName="nums", Item={"pk": {"S": "OTHER"},
                                             "n": {"N": "5"}})

        # String sort keys for begins_with and string comparisons.
        ddb.create_table(
            TableName="strs",
            AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"},
                                  {"AttributeName": "sk", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"},
                       {"AttributeName": "sk", "KeyType": "RANGE"}],
            BillingMode="PAY_PER_REQUEST")
        for sk in ["A#1", "A#2", "AB", "B#1", "B#2", "a#1"]:
            ddb.put_item(TableName="strs",
                         Item={"pk": {"S": "S"}, "sk": {"S": sk}})

        # 45 items over 3 partitions for Scan.
        ddb.create_table(
            TableName="scanme",
            AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "id", "KeyType": "HASH"}],
            BillingMode="PAY_PER_REQUEST")
        for i in range(45):
            ddb.put_item(TableName="scanme",
                         Item={"id": {"S": "item-%03d" % i},
                               "i": {"N": str(i)},
                               "kind": {"S": "fizz" if i % 3 == 0 else "plain"}})

    def query_nums(self, condition, values, **kwargs):
        return self.ddb.query(
            TableName="nums", KeyConditionExpression=condition,
            ExpressionAttributeValues={":p": {"S": "P"}, **values}, **kwargs)

    def query_strs(self, condition, values, **kwargs):
        out = self.ddb.query(
            TableName="strs", KeyConditionExpression=condition,
            ExpressionAttributeValues={":p": {"S": "S"}, **values}, **kwargs)
        return [i["sk"]["S"] for i in out["Items"]]

    # ---- ordering -----------------------------------------------------------

    def test_query_numeric_sort_key_orders_negative_numbers_by_value(self):
        out = self.query_nums("pk = :p", {})
        self.assertEqual(n_values(out["Items"], "n"),
                         ["-100", "-10", "-2.5", "-1", "0", "1", "2", "10",
                          "100", "1000"])
        self.assertEqual(out["Count"], 10)

    def test_query_scan_index_forward_false_returns_descending_order(self):
        out = self.query_nums("pk = :p", {}, ScanIndexForward=False)
        self.assertEqual(n_values(out["Items"], "n"),
                         ["1000", "100", "10", "2", "1", "0", "-1", "-2.5",
                          "-10", "-100"])

    def test_query_only_returns_the_requested_partition(self):
        out = self.ddb.query(TableName="nums",
                             KeyConditionExpression="pk = :o",
                             ExpressionAttributeValues={":o": {"S": "OTHER"}})
        self.assertEqual(n_values(out["Items"], "n"), ["5"])

    # ---- key condition operators -------------------------------------------

    def test_query_numeric_less_than(self):
        out = self.query_nums("pk = :p AND n < :v", {":v": {"N": "-1"}})
        self.assertEqual(n_values(out["Items"], "n"), ["-100", "-10", "-2.5"])

    def test_query_numeric_less_than_or_equal(self):
        out = self.query_nums("pk = :p AND n <= :v", {":v": {"N": "-1"}})
        self.assertEqual(n_values(out["Items"], "n"),
                         ["-100", "-10", "-2.5", "-1"])

    def test_query_numeric_greater_than(self):
        out = self.query_nums("pk = :p AND n > :v", {":v": {"N": "2"}})
        self.assertEqual(n_values(out["Items"], "n"), ["10", "100", "1000"])

    def test_query_numeric_greater_than_or_equal(self):
        out = self.query_nums("pk = :p AND n >= :v", {":v": {"N": "2"}})
        self.assertEqual(n_values(out["Items"], "n"), ["2", "10", "100", "1000"])

    def test_query_numeric_equal_matches_equal_value_in_other_notation(self):
        out = self.query_nums("pk = :p AND n = :v", {":v": {"N": "1E+3"}})
        self.assertEqual(n_values(out["Items"], "n"), ["1000"])

    def test_query_numeric_between_is_inclusive(self):
        out = self.query_nums("pk = :p AND n BETWEEN :lo AND :hi",
                              {":lo": {"N": "-10"}, ":hi": {"N": "10"}})
        self.assertEqual(n_values(out["Items"], "n"),
                         ["-10", "-2.5", "-1", "0", "1", "2", "10"])

    def test_query_string_begins_with_is_case_sensitive_prefix(self):
        self.assertEqual(self.query_strs("pk = :p AND begins_with(sk, :x)",
                                         {":x": {"S": "A#"}}), ["A#1", "A#2"])

    def test_query_string_comparisons_use_byte_order(self):
        self.assertEqual(self.query_strs("pk = :p AND sk > :x",
                                         {":x": {"S": "B#1"}}), ["B#2", "a#1"])
        self.assertEqual(self.query_strs("pk = :p AND sk BETWEEN :a AND :b",
                                         {":a": {"S": "A#2"}, ":b": {"S": "B"}}),
                         ["A#2", "AB"])
        self.assertEqual(self.query_strs("pk = :p AND sk = :x",
                                         {":x": {"S": "AB"}}), ["AB"])

    # ---- paging -------------------------------------------------------------

    def test_query_limit_and_last_evaluated_key_page_through_everything(self):
        seen, start, pages = [], None, 0
        while True:
            kwargs = {"Limit": 3}
            if start:
                kwargs["ExclusiveStartKey"] = start
            out = self.query_nums("pk = :p", {}, **kwargs)
            pages += 1
            self.assertLessEqual(out["Count"], 3)
            seen += n_values(out["Items"], "n")
            start = out.get("LastEvaluatedKey")
            if not start:
                break
            self.assertEqual(start, {"pk": {"S": "P"},
                                     "n": out["Items"][-1]["n"]})
            self.assertLess(pages, 10)
        self.assertEqual(seen, ["-100", "-10", "-2.5", "-1", "0", "1", "2",
                                "10", "100", "1000"])

    def test_query_descending_pages_resume_after_the_last_key(self):
        first = self.query_nums("pk = :p", {}, ScanIndexForward=False, Limit=4)
        self.assertEqual(n_values(first["Items"], "n"),
                         ["1000", "100", "10", "2"])
        second = self.query_nums("pk = :p", {}, ScanIndexForward=False, Limit=4,
                                 ExclusiveStartKey=first["LastEvaluatedKey"])
        self.assertEqual(n_values(second["Items"], "n"), ["1", "0", "-1", "-2.5"])

    def test_query_limit_counts_items_evaluated_before_the_filter(self):
        # The three smallest are -100 (odd/even by position) ...: filter for a
        # value none of the first three have.
        # (DynamoDB refuses a filter on a key attribute such as n: "Filter
        # Expression can only contain non-primary key attributes".)
        out = self.query_nums("pk = :p", {":none": {"S": "none"}}, Limit=3,
                              FilterExpression="parity = :none")
        self.assertEqual(out["Count"], 0)
        self.assertEqual(out["ScannedCount"], 3)
        self.assertEqual(out["Items"], [])
        self.assertEqual(out["LastEvaluatedKey"],
                         {"pk": {"S": "P"}, "n": {"N": "-2.5"}})

    def test_query_filter_expression_drops_items_but_scanned_count_keeps_them(self):
        out = self.query_nums("pk = :p", {":e": {"S": "even"}},
                              FilterExpression="parity = :e")
        self.assertEqual(out["ScannedCount"], 10)
        self.assertEqual(out["Count"], 5)
        self.assertTrue(all(i["parity"]["S"] == "even" for i in out["Items"]))

    def test_query_select_count_returns_count_without_items(self):
        out = self.query_nums("pk = :p AND n >= :z", {":z": {"N": "0"}},
                              Select="COUNT")
        self.assertEqual(out["Count"], 6)
        self.assertNotIn("Items", out)

    # ---- secondary indexes --------------------------------------------------

    def test_query_gsi_returns_items_in_index_order_and_skips_items_missing_an_index_key(self):
        out = self.ddb.query(TableName="nums", IndexName="byG",
                             KeyConditionExpression="g = :g",
                             ExpressionAttributeValues={":g": {"S": "G"}})
        gsorts = n_values(out["Items"], "gsort")
        # Items i%3 != 2 of i in 0..9: i = 0,1,3,4,6,7,9 -> gsort 100-i.
        self.assertEqual(gsorts, ["91", "93", "94", "96", "97", "99", "100"])
        self.assertTrue(all("gsort" in i for i in out["Items"]))

    def test_query_gsi_pages_carry_table_and_index_keys_and_continue(self):
        seen, start = [], None
        for _ in range(10):
            kwargs = {"Limit": 2, "ScanIndexForward": False}
            if start:
                kwargs["ExclusiveStartKey"] = start
            out = self.ddb.query(TableName="nums", IndexName="byG",
                                 KeyConditionExpression="g = :g",
                                 ExpressionAttributeValues={":g": {"S": "G"}},
                                 **kwargs)
            seen += n_values(out["Items"], "gsort")
            start = out.get("LastEvaluatedKey")
            if not start:
                break
            self.assertEqual(set(start), {"pk", "n", "g", "gsort"})
        self.assertEqual(seen, ["100", "99", "97", "96", "94", "93", "91"])

    def test_query_lsi_orders_by_the_local_sort_key(self):
        out = self.ddb.query(TableName="nums", IndexName="byL",
                             KeyConditionExpression="pk = :p AND lsort >= :l",
                             ExpressionAttributeValues={":p": {"S": "P"},
                                                        ":l": {"S": "L05"}})
        lsorts = [i["lsort"]["S"] for i in out["Items"]]
        self.assertEqual(lsorts, ["L05", "L06", "L07", "L08", "L09"])

    def test_query_lsi_pages_carry_table_and_index_keys(self):
        out = self.ddb.query(TableName="nums", IndexName="byL",
                             KeyConditionExpression="pk = :p",
                             ExpressionAttributeValues={":p": {"S": "P"}},
                             Limit=4)
        self.assertEqual(set(out["LastEvaluatedKey"]), {"pk", "n", "lsort"})
        rest = self.ddb.query(TableName="nums", IndexName="byL",
                              KeyConditionExpression="pk = :p",
                              ExpressionAttributeValues={":p": {"S": "P"}},
                              ExclusiveStartKey=out["LastEvaluatedKey"])
        lsorts = [i["lsort"]["S"] for i in out["Items"] + rest["Items"]]
        self.assertEqual(lsorts, ["L%02d" % i for i in range(10)])

    # ---- scan ---------------------------------------------------------------

    def test_scan_returns_every_item(self):
        out = self.ddb.scan(TableName="scanme")
        self.assertEqual(out["Count"], 45)
        self.assertEqual(sorted(i["id"]["S"] for i in out["Items"]),
                         ["item-%03d" % i for i in range(45)])

    def test_scan_filter_expression_keeps_matching_items(self):
        out = self.ddb.scan(TableName="scanme",
                            FilterExpression="kind = :k AND i >= :min",
                            ExpressionAttributeValues={":k": {"S": "fizz"},
                                                       ":min": {"N": "30"}})
        self.assertEqual(sorted(int(i["i"]["N"]) for i in out["Items"]),
                         [30, 33, 36, 39, 42])
        self.assertEqual(out["ScannedCount"], 45)

    def test_scan_limit_pages_without_duplicates_or_gaps(self):
        seen, start, pages = [], None, 0
        while True:
            kwargs = {"Limit": 10}
            if start:
                kwargs["ExclusiveStartKey"] = start
            out = self.ddb.scan(TableName="scanme", **kwargs)
            pages += 1
            self.assertLessEqual(out["ScannedCount"], 10)
            seen += [i["id"]["S"] for i in out["Items"]]
            start = out.get("LastEvaluatedKey")
            if not start:
                break
            self.assertLess(pages, 8)
        self.assertEqual(len(seen), len(set(seen)))
        self.assertEqual(sorted(seen), ["item-%03d" % i for i in range(45)])

    def test_scan_filtered_page_may_be_empty_but_still_continues(self):
        seen, start, empty_pages_with_key = [], None, 0
        for _ in range(50):
            kwargs = {"Limit": 2, "FilterExpression": "i = :n",
                      "ExpressionAttributeValues": {":n": {"N": "44"}}}
            if start:
                kwargs["ExclusiveStartKey"] = start
            out = self.ddb.scan(TableName="scanme", **kwargs)
            seen += [i["id"]["S"] for i in out["Items"]]
            start = out.get("LastEvaluatedKey")
            if not start:
                break
            if out["Count"] == 0:
                empty_pages_with_key += 1
        else:
            self.fail("scan paging did not end")
        self.assertEqual(seen, ["item-044"])
        self.assertGreater(empty_pages_with_key, 0)

    def test_scan_select_count(self):
        out = self.ddb.scan(TableName="scanme", Select="COUNT",
                            FilterExpression="kind = :k",
                            ExpressionAttributeValues={":k": {"S": "fizz"}})
        self.assertEqual(out["Count"], 15)
        self.assertNotIn("Items", out)


if __name__ == "__main__":
    unittest.main()
