"""Issue 16 behaviour through boto3: what DynamoDB does that is no error.

- UpdateItem of a missing item whose actions only take away (REMOVE, DELETE
  from a set, AttributeUpdates DELETE) creates nothing (scylladb
  test/alternator/test_item.py test_update_item_non_existent, run against
  DynamoDB); an update that writes, or an empty one, does create it.
- A comparison with an item attribute of a type without order is false, not
  an error (scylladb test/alternator/test_condition_expression.py
  test_update_condition_lt); only a literal of such a type is refused
  (validation_cases/behaviour.json).
- Update functions nest: list_append(if_not_exists(l, :empty), :v).
- DeleteTable's TableDescription carries no schema (no AttributeDefinitions,
  KeySchema or CreationDateTime: the AWS CLI getting-started tutorial's
  recorded delete-table output).
- Scan and Query read capacity: the page's bytes, rounded up to 4 KB once,
  before the filter and the projection (nubo-db/dynamodb-conformance
  tests/tier1/scan/consumedCapacity.test.ts and query/consumedCapacity.test.ts);
  eventually consistent reads cost half.
- A GSI added to a table with items skips the items whose index key values
  are of another type, empty or too long (Developer Guide, "Detecting and
  correcting index key violations"); once it exists such writes are refused.
- ADD to a string set is a union (the order of a set's members is not
  preserved by DynamoDB: Developer Guide, "Data types", Sets).
"""

import time
import unittest

from dynamini_harness import ClientError, ServerTestCase, unique_name


class UpdateOfMissingItem(ServerTestCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.table = unique_name("bhv_missing")
        cls.ddb.create_table(
            TableName=cls.table,
            AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
            BillingMode="PAY_PER_REQUEST")

    def get(self, key):
        return self.ddb.get_item(TableName=self.table, Key={"pk": {"S": key}},
                                 ConsistentRead=True).get("Item")

    def test_remove_only_creates_nothing_and_returns_nothing(self):
        out = self.ddb.update_item(TableName=self.table, Key={"pk": {"S": "r1"}},
                                   UpdateExpression="REMOVE a, b.c", ReturnValues="ALL_NEW")
        self.assertNotIn("Attributes", out)
        self.assertIsNone(self.get("r1"))

    def test_updated_new_of_a_remove_only_update_returns_nothing(self):
        out = self.ddb.update_item(TableName=self.table, Key={"pk": {"S": "r2"}},
                                   UpdateExpression="REMOVE a", ReturnValues="UPDATED_NEW")
        self.assertNotIn("Attributes", out)
        self.assertIsNone(self.get("r2"))

    def test_delete_from_a_set_creates_nothing(self):
        self.ddb.update_item(TableName=self.table, Key={"pk": {"S": "r3"}},
                             UpdateExpression="DELETE s :v REMOVE a",
                             ExpressionAttributeValues={":v": {"SS": ["x"]}})
        self.assertIsNone(self.get("r3"))

    def test_attribute_updates_delete_creates_nothing(self):
        self.ddb.update_item(TableName=self.table, Key={"pk": {"S": "r4"}},
                             AttributeUpdates={"a": {"Action": "DELETE"},
                                               "s": {"Action": "DELETE",
                                                     "Value": {"SS": ["x"]}}})
        self.assertIsNone(self.get("r4"))

    def test_transaction_remove_only_creates_nothing(self):
        self.ddb.transact_write_items(TransactItems=[
            {"Update": {"TableName": self.table, "Key": {"pk": {"S": "r5"}},
                        "UpdateExpression": "REMOVE a"}}])
        self.assertIsNone(self.get("r5"))

    def test_remove_and_set_creates_the_item(self):
        out = self.ddb.update_item(TableName=self.table, Key={"pk": {"S": "r6"}},
                                   UpdateExpression="REMOVE a SET b = :b",
                                   ExpressionAttributeValues={":b": {"N": "1"}},
                                   ReturnValues="ALL_NEW")
        self.assertEqual(out["Attributes"], {"pk": {"S": "r6"}, "b": {"N": "1"}})
        self.assertEqual(self.get("r6"), {"pk": {"S": "r6"}, "b": {"N": "1"}})

    def test_empty_attribute_updates_create_the_item(self):
        self.ddb.update_item(TableName=self.table, Key={"pk": {"S": "r7"}}, AttributeUpdates={})
        self.assertEqual(self.get("r7"), {"pk": {"S": "r7"}})

    def test_remove_from_an_existing_item_keeps_it(self):
        self.ddb.put_item(TableName=self.table, Item={"pk": {"S": "r8"}, "a": {"N": "1"}})
        out = self.ddb.update_item(TableName=self.table, Key={"pk": {"S": "r8"}},
                                   UpdateExpression="REMOVE a", ReturnValues="ALL_NEW")
        self.assertEqual(out["Attributes"], {"pk": {"S": "r8"}})
        self.assertEqual(self.get("r8"), {"pk": {"S": "r8"}})


class ExpressionBehaviour(ServerTestCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.table = unique_name("bhv_expr")
        cls.ddb.create_table(
            TableName=cls.table,
            AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"}],
            BillingMode="PAY_PER_REQUEST")

    def test_an_item_attribute_without_order_compares_false(self):
        self.ddb.put_item(TableName=self.table,
                          Item={"pk": {"S": "c"}, "x": {"L": [{"N": "1"}]}})
        for condition in ("x < :v", ":v < x", "x BETWEEN :v AND :w"):
            with self.assertRaises(ClientError) as ctx:
                self.ddb.update_item(TableName=self.table, Key={"pk": {"S": "c"}},
                                     UpdateExpression="SET z = :v", ConditionExpression=condition,
                                     ExpressionAttributeValues={":v": {"N": "1"}, ":w": {"N": "2"}}
                                     if "BETWEEN" in condition else {":v": {"N": "1"}})
            self.assertClientError(ctx, "ConditionalCheckFailedException")
        # Different types are unequal, not an error.
        self.ddb.update_item(TableName=self.table, Key={"pk": {"S": "c"}},
                             UpdateExpression="SET z = :v", ConditionExpression="x <> :v",
                             ExpressionAttributeValues={":v": {"N": "1"}})

    def test_a_filter_with_a_list_attribute_skips_the_item(self):
        self.ddb.put_item(TableName=self.table,
                          Item={"pk": {"S": "f"}, "x": {"L": [{"N": "1"}]}})
        out = self.ddb.scan(TableName=self.table, FilterExpression="pk = :p AND x > :v",
                            ExpressionAttributeValues={":p": {"S": "f"}, ":v": {"N": "0"}})
        self.assertEqual(out["Count"], 0)
        self.assertGreaterEqual(out["ScannedCount"], 1)

    def test_update_functions_nest(self):
        for _ in range(2):
            self.ddb.update_item(
                TableName=self.table, Key={"pk": {"S": "n"}},
                UpdateExpression="SET l = list_append(if_not_exists(l, :empty), :v)",
                ExpressionAttributeValues={":empty": {"L": []}, ":v": {"L": [{"S": "a"}]}})
        item = self.ddb.get_item(TableName=self.table, Key={"pk": {"S": "n"}})["Item"]
        self.assertEqual(item["l"], {"L": [{"S": "a"}, {"S": "a"}]})

    def test_add_to_a_string_set_is_a_union(self):
        self.ddb.put_item(TableName=self.table, Item={"pk": {"S": "s"}, "ss": {"SS": ["b", "a"]}})
        out = self.ddb.update_item(TableName=self.table, Key={"pk": {"S": "s"}},
                                   UpdateExpression="ADD ss :v",
                                   ExpressionAttributeValues={":v": {"SS": ["c", "a"]}},
                                   ReturnValues="UPDATED_NEW")
        members = out["Attributes"]["ss"]["SS"]
        self.assertEqual(sorted(members), ["a", "b", "c"])
        # Set equality in a condition does not depend on the members' order.
        self.ddb.update_item(TableName=self.table, Key={"pk": {"S": "s"}},
                             UpdateExpression="SET z = :z", ConditionExpression="ss = :same",
                             ExpressionAttributeValues={":z": {"N": "1"},
                                                        ":same": {"SS": ["c", "b", "a"]}})


class DeleteTableAnswer(ServerTestCase):
    def test_delete_table_description_has_no_schema(self):
        name = self.create_table(unique_name("bhv_del"), range_key=None)
        self.ddb.put_item(TableName=name, Item={"pk": {"S": "a"}})
        description = self.ddb.delete_table(TableName=name)["TableDescription"]
        for absent in ("AttributeDefinitions", "KeySchema", "CreationDateTime"):
            self.assertNotIn(absent, description)
        self.assertEqual(description["TableName"], name)
        self.assertEqual(description["TableStatus"], "DELETING")
        # DeletionProtectionEnabled is sent too, but Debian's botocore (1.29) predates the
        # member and drops it from the parsed answer.
        for present in ("ProvisionedThroughput", "TableSizeBytes", "ItemCount", "TableArn",
                        "TableId"):
            self.assertIn(present, description)
        self.assertEqual(description["BillingModeSummary"]["BillingMode"], "PAY_PER_REQUEST")

    def test_delete_table_description_has_no_indexes(self):
        # The AWS answer in architect/dynalite issue 60 has no LocalSecondaryIndexes
        # for a table that has one; GlobalSecondaryIndexes are left out alike.
        name = unique_name("bhv_delidx")
        key = lambda hash_name, range_name: [{"AttributeName": hash_name, "KeyType": "HASH"},
                                             {"AttributeName": range_name, "KeyType": "RANGE"}]
        self.ddb.create_table(
            TableName=name, BillingMode="PAY_PER_REQUEST",
            AttributeDefinitions=[{"AttributeName": a, "AttributeType": "S"}
                                  for a in ("pk", "sk", "l", "g")],
            KeySchema=key("pk", "sk"),
            LocalSecondaryIndexes=[{"IndexName": "lsi", "KeySchema": key("pk", "l"),
                                    "Projection": {"ProjectionType": "ALL"}}],
            GlobalSecondaryIndexes=[{"IndexName": "gsi", "KeySchema": key("g", "sk"),
                                     "Projection": {"ProjectionType": "KEYS_ONLY"}}])
        description = self.ddb.delete_table(TableName=name)["TableDescription"]
        for absent in ("LocalSecondaryIndexes", "GlobalSecondaryIndexes"):
            self.assertNotIn(absent, description)
        self.assertEqual(description["TableStatus"], "DELETING")


class ReadCapacity(ServerTestCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.table = unique_name("bhv_cap")
        cls.ddb.create_table(
            TableName=cls.table,
            AttributeDefinitions=[{"AttributeName": "pk", "AttributeType": "S"},
                                  {"AttributeName": "sk", "AttributeType": "S"}],
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"},
                       {"AttributeName": "sk", "KeyType": "RANGE"}],
            BillingMode="PAY_PER_REQUEST")
        # Three items of about 1.5 KB: 4.5 KB read in all.
        for i in range(3):
            cls.ddb.put_item(TableName=cls.table,
                             Item={"pk": {"S": "p"}, "sk": {"S": "s%d" % i},
                                   "keep": {"S": "yes" if i == 0 else "no"},
                                   "filler": {"S": "x" * 1500}})

    def units(self, operation, **extra):
        call = getattr(self.ddb, operation)
        if operation == "query":
            values = dict({":p": {"S": "p"}}, **extra.pop("values", {}))
            extra.update(KeyConditionExpression="pk = :p", ExpressionAttributeValues=values)
        elif "values" in extra:
            extra["ExpressionAttributeValues"] = extra.pop("values")
        out = call(TableName=self.table, ReturnConsumedCapacity="TOTAL", **extra)
        return out["ConsumedCapacity"]["CapacityUnits"], out["Count"]

    def test_the_page_is_rounded_up_once(self):
        for operation in ("scan", "query"):
            # 4.5 KB: 2 units consistent (3 if each item were rounded), 1 eventually consistent.
            self.assertEqual(self.units(operation, ConsistentRead=True), (2.0, 3))
            self.assertEqual(self.units(operation), (1.0, 3))

    def test_filter_and_projection_cost_nothing_less(self):
        for operation in ("scan", "query"):
            plain, count = self.units(operation, ConsistentRead=True)
            filtered, kept = self.units(operation, ConsistentRead=True,
                                        FilterExpression="keep = :k",
                                        values={":k": {"S": "yes"}})
            projected, _ = self.units(operation, ConsistentRead=True, ProjectionExpression="sk")
            self.assertEqual((count, kept), (3, 1))
            self.assertEqual(filtered, plain)
            self.assertEqual(projected, plain)


class GsiBackfillViolations(ServerTestCase):
    def wait_active(self, name):
        for _ in range(100):
            table = self.ddb.describe_table(TableName=name)["Table"]
            if all(i["IndexStatus"] == "ACTIVE" for i in table.get("GlobalSecondaryIndexes", [])):
                return table
            time.sleep(0.05)
        self.fail("index never ACTIVE")

    def test_backfill_skips_violating_items_and_writes_are_then_refused(self):
        name = self.create_table(unique_name("bhv_backfill"), range_key=None)
        items = {"good": {"S": "ok"}, "number": {"N": "1"}, "empty": {"S": ""},
                 "long": {"S": "h" * 2049}, "long_sort": {"S": "ok"}}
        for key, g in items.items():
            item = {"pk": {"S": key}, "g": g}
            item["gs"] = {"S": "r" * 1025} if key == "long_sort" else {"S": "r"}
            self.ddb.put_item(TableName=name, Item=item)
        self.ddb.update_table(
            TableName=name,
            AttributeDefinitions=[{"AttributeName": "g", "AttributeType": "S"},
                                  {"AttributeName": "gs", "AttributeType": "S"}],
            GlobalSecondaryIndexUpdates=[{"Create": {
                "IndexName": "by_g",
                "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"},
                              {"AttributeName": "gs", "KeyType": "RANGE"}],
                "Projection": {"ProjectionType": "KEYS_ONLY"}}}])
        table = self.wait_active(name)
        indexed = self.ddb.scan(TableName=name, IndexName="by_g")["Items"]
        self.assertEqual([i["pk"]["S"] for i in indexed], ["good"])
        self.assertEqual(table["GlobalSecondaryIndexes"][0]["ItemCount"], 1)
        # The violating items stay in the table.
        self.assertEqual(self.ddb.scan(TableName=name, Select="COUNT")["Count"], 5)
        # Now the index exists, a write of such a value is refused.
        with self.assertRaises(ClientError) as ctx:
            self.ddb.put_item(TableName=name,
                              Item={"pk": {"S": "new"}, "g": {"S": "h" * 2049}})
        self.assertClientError(ctx, "ValidationException",
                               message_contains="Size of hashkey has exceeded")
        # A violating item rewritten with a valid value joins the index.
        self.ddb.update_item(TableName=name, Key={"pk": {"S": "long"}},
                             UpdateExpression="SET g = :g",
                             ExpressionAttributeValues={":g": {"S": "fixed"}})
        keys = sorted(i["pk"]["S"] for i in self.ddb.scan(TableName=name,
                                                          IndexName="by_g")["Items"])
        self.assertEqual(keys, ["good", "long"])


if __name__ == "__main__":
    unittest.main()
