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


if __name__ == "__main__":
    unittest.main()
