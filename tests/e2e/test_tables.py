"""Table operations through boto3: CreateTable, DescribeTable, ListTables,
DeleteTable."""

import unittest

from dynamini_harness import ClientError, ServerTestCase, unique_name


def _by_name(indexes):
    return {i["IndexName"]: i for i in indexes}


class TableOperations(ServerTestCase):
    inbox = False

    def _create_with_indexes(self, name, **billing):
        return self.ddb.create_table(
            TableName=name,
            AttributeDefinitions=[
                {"AttributeName": "pk", "AttributeType": "S"},
                {"AttributeName": "sk", "AttributeType": "S"},
                {"AttributeName": "g1pk", "AttributeType": "S"},
                {"AttributeName": "g1sk", "AttributeType": "N"},
                {"AttributeName": "lsk", "AttributeType": "N"},
            ],
            KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"},
                       {"AttributeName": "sk", "KeyType": "RANGE"}],
            GlobalSecondaryIndexes=[{
                "IndexName": "Gsi1",
                "KeySchema": [{"AttributeName": "g1pk", "KeyType": "HASH"},
                              {"AttributeName": "g1sk", "KeyType": "RANGE"}],
                "Projection": {"ProjectionType": "ALL"},
                **({"ProvisionedThroughput": billing["ProvisionedThroughput"]}
                   if "ProvisionedThroughput" in billing else {}),
            }],
            LocalSecondaryIndexes=[{
                "IndexName": "Lsi1",
                "KeySchema": [{"AttributeName": "pk", "KeyType": "HASH"},
                              {"AttributeName": "lsk", "KeyType": "RANGE"}],
                "Projection": {"ProjectionType": "KEYS_ONLY"},
            }],
            **billing)

    def test_create_table_pay_per_request_with_gsi_and_lsi_is_described_back(self):
        name = unique_name("ppr")
        created = self._create_with_indexes(name, BillingMode="PAY_PER_REQUEST")
        desc = created["TableDescription"]
        self.assertEqual(desc["TableName"], name)
        self.assertIn(desc["TableStatus"], ("CREATING", "ACTIVE"))

        table = self.ddb.describe_table(TableName=name)["Table"]
        self.assertEqual(table["TableName"], name)
        self.assertEqual(table["TableStatus"], "ACTIVE")
        self.assertEqual(table["KeySchema"],
                         [{"AttributeName": "pk", "KeyType": "HASH"},
                          {"AttributeName": "sk", "KeyType": "RANGE"}])
        self.assertEqual(
            sorted((a["AttributeName"], a["AttributeType"])
                   for a in table["AttributeDefinitions"]),
            [("g1pk", "S"), ("g1sk", "N"), ("lsk", "N"), ("pk", "S"), ("sk", "S")])
        self.assertEqual(table["BillingModeSummary"]["BillingMode"],
                         "PAY_PER_REQUEST")
        self.assertEqual(table["ItemCount"], 0)
        self.assertTrue(table["TableArn"].endswith(":table/" + name),
                        table["TableArn"])
        gsi = _by_name(table["GlobalSecondaryIndexes"])["Gsi1"]
        self.assertEqual(gsi["KeySchema"],
                         [{"AttributeName": "g1pk", "KeyType": "HASH"},
                          {"AttributeName": "g1sk", "KeyType": "RANGE"}])
        self.assertEqual(gsi["Projection"]["ProjectionType"], "ALL")
        self.assertEqual(gsi["IndexStatus"], "ACTIVE")
        lsi = _by_name(table["LocalSecondaryIndexes"])["Lsi1"]
        self.assertEqual(lsi["KeySchema"],
                         [{"AttributeName": "pk", "KeyType": "HASH"},
                          {"AttributeName": "lsk", "KeyType": "RANGE"}])
        self.assertEqual(lsi["Projection"]["ProjectionType"], "KEYS_ONLY")

    def test_create_table_provisioned_reports_its_throughput(self):
        name = unique_name("prov")
        self._create_with_indexes(
            name, BillingMode="PROVISIONED",
            ProvisionedThroughput={"ReadCapacityUnits": 7,
                                   "WriteCapacityUnits": 3})
        table = self.ddb.describe_table(TableName=name)["Table"]
        self.assertEqual(table["ProvisionedThroughput"]["ReadCapacityUnits"], 7)
        self.assertEqual(table["ProvisionedThroughput"]["WriteCapacityUnits"], 3)
        if "BillingModeSummary" in table:
            self.assertEqual(table["BillingModeSummary"]["BillingMode"],
                             "PROVISIONED")
        gsi = _by_name(table["GlobalSecondaryIndexes"])["Gsi1"]
        self.assertEqual(gsi["ProvisionedThroughput"]["ReadCapacityUnits"], 7)

    def test_create_table_hash_only_table_is_usable(self):
        name = self.create_table(hash_key=("id", "N"), range_key=None)
        self.ddb.put_item(TableName=name, Item={"id": {"N": "1"}})
        item = self.ddb.get_item(TableName=name, Key={"id": {"N": "1"}})["Item"]
        self.assertEqual(item, {"id": {"N": "1"}})

    def test_create_table_twice_is_resource_in_use(self):
        name = self.create_table()
        with self.assertRaises(ClientError) as ctx:
            self.create_table(name=name)
        self.assertClientError(ctx, "ResourceInUseException")

    def test_create_table_key_attribute_without_definition_is_rejected(self):
        with self.assertRaises(ClientError) as ctx:
            self.ddb.create_table(
                TableName=unique_name("bad"),
                AttributeDefinitions=[{"AttributeName": "pk",
                                       "AttributeType": "S"}],
                KeySchema=[{"AttributeName": "pk", "KeyType": "HASH"},
                           {"AttributeName": "sk", "KeyType": "RANGE"}],
                BillingMode="PAY_PER_REQUEST")
        self.assertClientError(ctx, "ValidationException")

    def test_describe_table_unknown_table_is_resource_not_found(self):
        with self.assertRaises(ClientError) as ctx:
            self.ddb.describe_table(TableName="no-such-table")
        self.assertClientError(ctx, "ResourceNotFoundException",
                               message_contains="Requested resource not found")

    def test_describe_table_item_count_counts_items(self):
        name = self.create_table()
        for i in range(3):
            self.ddb.put_item(TableName=name, Item={"pk": {"S": "p"},
                                                     "sk": {"S": str(i)}})
        table = self.ddb.describe_table(TableName=name)["Table"]
        self.assertEqual(table["ItemCount"], 3)

    def test_list_tables_pages_with_limit_and_exclusive_start_table_name(self):
        prefix = unique_name("list")
        mine = ["%s-%02d" % (prefix, i) for i in range(7)]
        for name in reversed(mine):
            self.create_table(name=name)
        everything = self.ddb.list_tables()["TableNames"]
        self.assertEqual(everything, sorted(everything))
        for name in mine:
            self.assertIn(name, everything)

        pages, start = [], None
        for _ in range(len(everything) + 2):
            kwargs = {"Limit": 3}
            if start:
                kwargs["ExclusiveStartTableName"] = start
            out = self.ddb.list_tables(**kwargs)
            pages.append(out["TableNames"])
            self.assertLessEqual(len(out["TableNames"]), 3)
            start = out.get("LastEvaluatedTableName")
            if not start:
                break
            self.assertEqual(start, out["TableNames"][-1])
        else:
            self.fail("ListTables paging never ended: %r" % pages)
        flat = [n for page in pages for n in page]
        self.assertEqual(flat, everything)  # no duplicates, no gaps, in order
        for page in pages[:-1]:
            self.assertEqual(len(page), 3)

    def test_list_tables_exclusive_start_table_name_starts_after_that_name(self):
        prefix = unique_name("after")
        a, b, c = prefix + "-a", prefix + "-b", prefix + "-c"
        for name in (a, b, c):
            self.create_table(name=name)
        out = self.ddb.list_tables(ExclusiveStartTableName=a, Limit=2)
        self.assertEqual(out["TableNames"], [b, c])

    def test_delete_table_removes_it_from_describe_and_list(self):
        name = self.create_table()
        self.ddb.put_item(TableName=name, Item={"pk": {"S": "a"},
                                                 "sk": {"S": "b"}})
        out = self.ddb.delete_table(TableName=name)
        self.assertEqual(out["TableDescription"]["TableName"], name)
        with self.assertRaises(ClientError) as ctx:
            self.ddb.describe_table(TableName=name)
        self.assertClientError(ctx, "ResourceNotFoundException")
        self.assertNotIn(name, self.ddb.list_tables()["TableNames"])
        # A new table of the same name starts empty.
        self.create_table(name=name)
        self.assertEqual(self.ddb.scan(TableName=name)["Count"], 0)

    def test_delete_table_unknown_table_is_resource_not_found(self):
        with self.assertRaises(ClientError) as ctx:
            self.ddb.delete_table(TableName="never-created")
        self.assertClientError(ctx, "ResourceNotFoundException")


if __name__ == "__main__":
    unittest.main()
