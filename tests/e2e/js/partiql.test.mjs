// PartiQL through the AWS SDK for JavaScript v3 (document client commands).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { CreateTableCommand, DuplicateItemException, TransactionCanceledException } from "@aws-sdk/client-dynamodb";
import { ExecuteStatementCommand, BatchExecuteStatementCommand, ExecuteTransactionCommand } from "@aws-sdk/lib-dynamodb";
import { startDynamini } from "./harness.mjs";

let server;
before(async () => {
  server = await startDynamini();
  await server.client.send(new CreateTableCommand({
    TableName: "pqtable",
    BillingMode: "PAY_PER_REQUEST",
    AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }, { AttributeName: "sk", AttributeType: "N" }],
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }, { AttributeName: "sk", KeyType: "RANGE" }],
  }));
  for (const sk of [1, 2, 3]) {
    await server.doc.send(new ExecuteStatementCommand({ Statement: `INSERT INTO "pqtable" VALUE {'pk': ?, 'sk': ?, 'v': ?}`, Parameters: ["p", sk, `v${sk}`] }));
  }
});
after(async () => server.stop());

test("SELECT with parameters returns items in key order", async () => {
  const out = await server.doc.send(new ExecuteStatementCommand({ Statement: `SELECT sk, v FROM "pqtable" WHERE pk = ? AND sk > ?`, Parameters: ["p", 1] }));
  assert.deepEqual(out.Items, [{ sk: 2, v: "v2" }, { sk: 3, v: "v3" }]);
});

test("INSERT of an existing key is a typed DuplicateItemException", async () => {
  await assert.rejects(server.doc.send(new ExecuteStatementCommand({ Statement: `INSERT INTO "pqtable" VALUE {'pk': 'p', 'sk': 1}` })),
    (e) => e instanceof DuplicateItemException);
});

test("BatchExecuteStatement answers each statement", async () => {
  const out = await server.doc.send(new BatchExecuteStatementCommand({ Statements: [
    { Statement: `UPDATE "pqtable" SET v = ? WHERE pk = 'p' AND sk = 1`, Parameters: ["changed"] },
    { Statement: `UPDATE "pqtable" SET v = 'x' WHERE pk = 'nope' AND sk = 1` },
  ] }));
  assert.equal(out.Responses[0].Error, undefined);
  assert.equal(out.Responses[1].Error.Code, "ConditionalCheckFailed");
});

test("ExecuteTransaction cancels all-or-nothing with CancellationReasons", async () => {
  await assert.rejects(server.doc.send(new ExecuteTransactionCommand({ TransactStatements: [
    { Statement: `DELETE FROM "pqtable" WHERE pk = 'p' AND sk = 2` },
    { Statement: `INSERT INTO "pqtable" VALUE {'pk': 'p', 'sk': 3}` },
  ] })), (e) => {
    assert.ok(e instanceof TransactionCanceledException);
    assert.deepEqual(e.CancellationReasons.map((r) => r.Code), ["None", "DuplicateItem"]);
    return true;
  });
  const out = await server.doc.send(new ExecuteStatementCommand({ Statement: `SELECT * FROM "pqtable" WHERE pk = 'p' AND sk = 2` }));
  assert.equal(out.Items.length, 1);
});
