"""PartiQL (ExecuteStatement, BatchExecuteStatement, ExecuteTransaction) through boto3."""

import unittest

from dynamini_harness import ClientError, ServerTestCase


class PartiqlTest(ServerTestCase):

    def setUp(self):
        self.table = self.create_table()
        for sk in ("1", "2", "3"):
            self.ddb.put_item(TableName=self.table,
                              Item={"pk": {"S": "u"}, "sk": {"S": sk}, "n": {"N": sk}})

    def run_statement(self, statement, **kwargs):
        return self.ddb.execute_statement(Statement=statement, **kwargs)

    def test_select_with_parameters(self):
        out = self.run_statement('SELECT sk FROM "%s" WHERE pk = ? AND n >= ?' % self.table,
                                 Parameters=[{"S": "u"}, {"N": "2"}])
        self.assertEqual(out["Items"], [{"sk": {"S": "2"}}, {"sk": {"S": "3"}}])

    def test_select_pages_with_next_token(self):
        statement = 'SELECT * FROM "%s" WHERE pk = \'u\'' % self.table
        first = self.run_statement(statement, Limit=2)
        self.assertEqual(len(first["Items"]), 2)
        second = self.run_statement(statement, Limit=2, NextToken=first["NextToken"])
        self.assertEqual([i["sk"]["S"] for i in second["Items"]], ["3"])

    def test_insert_update_delete(self):
        self.run_statement("INSERT INTO \"%s\" VALUE {'pk': 'w', 'sk': '1', 'tags': <<'a'>>}"
                           % self.table)
        self.run_statement("UPDATE \"%s\" SET label = ? REMOVE tags WHERE pk = 'w' AND sk = '1'"
                           % self.table, Parameters=[{"S": "x"}])
        got = self.ddb.get_item(TableName=self.table, Key={"pk": {"S": "w"}, "sk": {"S": "1"}})
        self.assertEqual(got["Item"], {"pk": {"S": "w"}, "sk": {"S": "1"}, "label": {"S": "x"}})
        self.run_statement("DELETE FROM \"%s\" WHERE pk = 'w' AND sk = '1'" % self.table)
        self.assertNotIn("Item", self.ddb.get_item(
            TableName=self.table, Key={"pk": {"S": "w"}, "sk": {"S": "1"}}))

    def test_insert_of_existing_key_is_duplicate_item(self):
        with self.assertRaises(ClientError) as ctx:
            self.run_statement("INSERT INTO \"%s\" VALUE {'pk': 'u', 'sk': '1'}" % self.table)
        self.assertClientError(ctx, "DuplicateItemException",
                               message_contains="Duplicate primary key exists in table")

    def test_delete_guards_only_an_item_that_exists(self):
        # Developer Guide, "PartiQL delete statements": no item with the key is a
        # success deleting nothing; a false condition on an item that exists fails.
        t = self.table
        out = self.run_statement("DELETE FROM \"%s\" WHERE pk = 'absent' AND sk = '1' AND n = 1"
                                 % t)
        self.assertEqual(out["Items"], [])
        with self.assertRaises(ClientError) as ctx:
            self.run_statement("DELETE FROM \"%s\" WHERE pk = 'u' AND sk = '1' AND n = 9" % t)
        self.assertClientError(ctx, "ConditionalCheckFailedException")

    def test_malformed_statement_is_validation_error(self):
        with self.assertRaises(ClientError) as ctx:
            self.run_statement("SELEC * FROM x")
        self.assertClientError(ctx, "ValidationException",
                               message_contains="Statement wasn't well formed")

    def test_batch_reports_errors_per_statement(self):
        out = self.ddb.batch_execute_statement(Statements=[
            {"Statement": "INSERT INTO \"%s\" VALUE {'pk': 'u', 'sk': '1'}" % self.table},
            {"Statement": "SELEC nonsense"}])
        self.assertEqual(out["Responses"][0]["Error"]["Code"], "DuplicateItem")
        self.assertEqual(out["Responses"][1]["Error"]["Code"], "ValidationError")
        out = self.ddb.batch_execute_statement(Statements=[
            {"Statement": "SELECT * FROM \"%s\" WHERE pk = ? AND sk = ?" % self.table,
             "Parameters": [{"S": "u"}, {"S": "2"}]}])
        self.assertEqual(out["Responses"][0]["Item"]["n"], {"N": "2"})

    def test_batch_of_reads_and_writes_is_refused(self):
        # API reference BatchExecuteStatement: all reads or all writes.
        with self.assertRaises(ClientError) as ctx:
            self.ddb.batch_execute_statement(Statements=[
                {"Statement": "INSERT INTO \"%s\" VALUE {'pk': 'u', 'sk': '1'}" % self.table},
                {"Statement": "SELECT * FROM \"%s\" WHERE pk = 'u' AND sk = '2'" % self.table}])
        self.assertClientError(ctx, "ValidationException",
                               message_contains="Read and write requests together")

    def test_execute_transaction_is_all_or_nothing(self):
        with self.assertRaises(ClientError) as ctx:
            self.ddb.execute_transaction(TransactStatements=[
                {"Statement": "DELETE FROM \"%s\" WHERE pk = 'u' AND sk = '1'" % self.table},
                {"Statement": "UPDATE \"%s\" SET a = 1 WHERE pk = 'u' AND sk = '2' AND n = 9"
                              % self.table}])
        self.assertClientError(ctx, "TransactionCanceledException")
        self.assertEqual([r["Code"] for r in ctx.exception.response["CancellationReasons"]],
                         ["None", "ConditionalCheckFailed"])
        self.assertIn("Item", self.ddb.get_item(
            TableName=self.table, Key={"pk": {"S": "u"}, "sk": {"S": "1"}}))

    def test_returning_on_update_and_delete(self):
        # Developer Guide, "PartiQL update statements" / "PartiQL delete statements".
        t = self.table
        out = self.run_statement("UPDATE \"%s\" SET n = n + 1 WHERE pk = 'u' AND sk = '1' "
                                 "RETURNING ALL OLD *" % t)
        self.assertEqual(out["Items"], [{"pk": {"S": "u"}, "sk": {"S": "1"}, "n": {"N": "1"}}])
        out = self.run_statement("UPDATE \"%s\" SET n = n + 1, x = 'y' WHERE pk = 'u' AND sk = '1' "
                                 "RETURNING MODIFIED NEW *" % t)
        self.assertEqual(out["Items"], [{"n": {"N": "3"}, "x": {"S": "y"}}])
        out = self.run_statement("UPDATE \"%s\" REMOVE x WHERE pk = 'u' AND sk = '1' "
                                 "RETURNING MODIFIED OLD *" % t)
        self.assertEqual(out["Items"], [{"x": {"S": "y"}}])
        out = self.run_statement("DELETE FROM \"%s\" WHERE pk = 'u' AND sk = '2' RETURNING ALL OLD *"
                                 % t)
        self.assertEqual(out["Items"], [{"pk": {"S": "u"}, "sk": {"S": "2"}, "n": {"N": "2"}}])
        with self.assertRaises(ClientError) as ctx:
            self.run_statement("DELETE FROM \"%s\" WHERE pk = 'u' AND sk = '3' RETURNING ALL NEW *"
                               % t)
        self.assertClientError(ctx, "ValidationException", message_contains=(
            "Invalid returning clause: RETURNING ALL NEW *. Only RETURNING ALL OLD * is allowed"))

    def test_functions_and_missing_in_where(self):
        t = self.table
        self.ddb.put_item(TableName=t, Item={
            "pk": {"S": "f"}, "sk": {"S": "1"}, "tags": {"SS": ["a", "b"]}, "name": {"S": "alpha"},
            "m": {"M": {"l": {"L": [{"N": "10"}, {"N": "20"}]}}}})
        def keys(condition):
            out = self.run_statement("SELECT sk FROM \"%s\" WHERE pk = 'f' AND %s" % (t, condition))
            return len(out["Items"])
        self.assertEqual(keys("begins_with(\"name\", 'al')"), 1)
        self.assertEqual(keys("contains(tags, 'b')"), 1)
        self.assertEqual(keys("size(tags) = 2"), 1)
        self.assertEqual(keys("attribute_type(m, 'M')"), 1)
        self.assertEqual(keys("attribute_exists(m.l[1]) AND attribute_not_exists(nope)"), 1)
        self.assertEqual(keys("nope IS MISSING AND tags IS NOT MISSING"), 1)
        self.assertEqual(keys("\"name\" IS STRING"), 1)
        self.assertEqual(keys("attribute_exists(nope) = true"), 0)
        self.assertEqual(keys("m.l[1] = 20 AND m.l[0] < 11"), 1)
        with self.assertRaises(ClientError) as ctx:
            keys("frobnicate(tags)")
        self.assertClientError(ctx, "ValidationException",
                               message_contains="Unrecognized function: frobnicate at 1:")

    def test_set_add_and_set_delete(self):
        t = self.table
        self.ddb.put_item(TableName=t, Item={"pk": {"S": "s"}, "sk": {"S": "1"},
                                             "tags": {"SS": ["a", "b"]}})
        self.run_statement("UPDATE \"%s\" SET tags = set_add(tags, <<'c'>>) "
                           "WHERE pk = 's' AND sk = '1'" % t)
        self.run_statement("UPDATE \"%s\" SET tags = set_delete(tags, <<'a'>>) "
                           "WHERE pk = 's' AND sk = '1'" % t)
        got = self.ddb.get_item(TableName=t, Key={"pk": {"S": "s"}, "sk": {"S": "1"}})
        self.assertEqual(sorted(got["Item"]["tags"]["SS"]), ["b", "c"])

    def test_nested_paths_and_order_by(self):
        t = self.table
        self.ddb.put_item(TableName=t, Item={
            "pk": {"S": "n"}, "sk": {"S": "1"},
            "profile": {"M": {"sub": {"S": "deep"}, "tags": {"L": [{"S": "a"}, {"S": "b"}]}}}})
        out = self.run_statement("SELECT profile.sub, profile.tags[1] FROM \"%s\" "
                                 "WHERE pk = 'n' AND sk = '1'" % t)
        self.assertEqual(out["Items"], [{"sub": {"S": "deep"}, "tags[1]": {"S": "b"}}])
        out = self.run_statement("SELECT sk FROM \"%s\" WHERE pk = 'u' ORDER BY sk DESC" % t)
        self.assertEqual([i["sk"]["S"] for i in out["Items"]], ["3", "2", "1"])
        out = self.run_statement("SELECT sk FROM \"%s\" WHERE pk = 'u' AND sk IN ['3', '1'] "
                                 "ORDER BY sk" % t)
        self.assertEqual([i["sk"]["S"] for i in out["Items"]], ["1", "3"])

    def test_where_reads_are_decomposed_as_dynamodb_plans_them(self):
        t = self.table
        with self.assertRaises(ClientError) as ctx:
            self.run_statement("SELECT * FROM \"%s\" WHERE pk = 'u' AND (sk > '0' OR sk < '5')" % t)
        self.assertClientError(ctx, "ValidationException", message_contains=(
            "Overlapping conditions with range keys are not supported in where clause"))
        out = self.run_statement("SELECT sk FROM \"%s\" WHERE pk = 'u' AND "
                                 "(sk = '1' OR sk = '3')" % t)
        self.assertEqual(sorted(i["sk"]["S"] for i in out["Items"]), ["1", "3"])

    def test_index_qualified_select(self):
        name = self.create_table(attributes=[("g", "S"), ("lsk", "S")], GlobalSecondaryIndexes=[{
            "IndexName": "gsi", "KeySchema": [{"AttributeName": "g", "KeyType": "HASH"}],
            "Projection": {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["kept"]}}],
            LocalSecondaryIndexes=[{"IndexName": "lsi", "KeySchema": [
                {"AttributeName": "pk", "KeyType": "HASH"}, {"AttributeName": "lsk", "KeyType": "RANGE"}],
                "Projection": {"ProjectionType": "KEYS_ONLY"}}])
        self.ddb.put_item(TableName=name, Item={"pk": {"S": "p"}, "sk": {"S": "1"}, "g": {"S": "x"},
                                                "lsk": {"S": "a"}, "kept": {"S": "k"},
                                                "data": {"S": "one"}})
        out = self.run_statement("SELECT * FROM \"%s\".\"gsi\" WHERE g = 'x'" % name)
        self.assertEqual(out["Items"], [{"pk": {"S": "p"}, "sk": {"S": "1"}, "g": {"S": "x"},
                                         "kept": {"S": "k"}}])
        with self.assertRaises(ClientError) as ctx:
            self.run_statement("SELECT * FROM \"%s\".\"gsi\"" % name, ConsistentRead=True)
        self.assertClientError(ctx, "ValidationException", message_contains=(
            "Strongly consistent read is not supported on Global Secondary Indexes"))
        # An LSI fetches what it does not project from the table, and charges it.
        out = self.run_statement("SELECT data FROM \"%s\".\"lsi\" WHERE pk = 'p'" % name,
                                 ConsistentRead=True, ReturnConsumedCapacity="INDEXES")
        self.assertEqual(out["Items"], [{"data": {"S": "one"}}])
        self.assertEqual(out["ConsumedCapacity"]["Table"]["CapacityUnits"], 1.0)
        self.assertEqual(out["ConsumedCapacity"]["LocalSecondaryIndexes"]["lsi"]["CapacityUnits"],
                         1.0)
        with self.assertRaises(ClientError) as ctx:
            self.run_statement("UPDATE \"%s\".\"gsi\" SET a = 1 WHERE pk = 'p' AND sk = '1'" % name)
        self.assertClientError(ctx, "ValidationException",
                               message_contains="This operation is not supported on an index")

    def test_next_token_of_another_statement_is_refused(self):
        t = self.table
        first = self.run_statement("SELECT * FROM \"%s\" WHERE pk = 'u'" % t, Limit=1)
        with self.assertRaises(ClientError) as ctx:
            self.run_statement("SELECT sk FROM \"%s\" WHERE pk = 'u'" % t, Limit=1,
                               NextToken=first["NextToken"])
        self.assertClientError(ctx, "ValidationException",
                               message_contains="NextToken does not match request")

    def test_execute_transaction_answers_responses_for_writes(self):
        out = self.ddb.execute_transaction(TransactStatements=[
            {"Statement": "UPDATE \"%s\" SET a = 1 WHERE pk = 'u' AND sk = '1'" % self.table},
            {"Statement": "EXISTS(SELECT * FROM \"%s\" WHERE pk = 'u' AND sk = '2' AND n = 2)"
                          % self.table}])
        self.assertEqual(out["Responses"], [])
        with self.assertRaises(ClientError) as ctx:
            self.ddb.execute_transaction(TransactStatements=[
                {"Statement": "UPDATE \"%s\" SET a = 1 WHERE pk = 'u' AND sk = '1' "
                              "RETURNING ALL NEW *" % self.table}])
        self.assertClientError(ctx, "ValidationException", message_contains=(
            "Validation failed in TransactStatements[0]: RETURNING clause is not supported"))

    def test_batch_read_needs_the_whole_key_and_writes_return(self):
        out = self.ddb.batch_execute_statement(Statements=[
            {"Statement": "UPDATE \"%s\" SET n = 9 WHERE pk = 'u' AND sk = '3' "
                          "RETURNING MODIFIED OLD *" % self.table}])
        self.assertEqual(out["Responses"][0]["Item"], {"n": {"N": "3"}})
        out = self.ddb.batch_execute_statement(Statements=[
            {"Statement": "SELECT * FROM \"%s\" WHERE pk = 'u'" % self.table}])
        self.assertEqual(out["Responses"][0]["Error"]["Message"],
                         "Select statements within BatchExecuteStatement must specify the "
                         "primary key in the where clause.")
        self.assertNotIn("TableName", out["Responses"][0])


if __name__ == "__main__":
    unittest.main()
