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

test("RETURNING gives the item before or after an UPDATE and a DELETE", async () => {
  let out = await server.doc.send(new ExecuteStatementCommand({ Statement: `UPDATE "pqtable" SET v = 'r' WHERE pk = 'p' AND sk = 3 RETURNING MODIFIED OLD *` }));
  assert.deepEqual(out.Items, [{ v: "v3" }]);
  out = await server.doc.send(new ExecuteStatementCommand({ Statement: `UPDATE "pqtable" SET w = 1 WHERE pk = 'p' AND sk = 3 RETURNING ALL NEW *` }));
  assert.deepEqual(out.Items, [{ pk: "p", sk: 3, v: "r", w: 1 }]);
  out = await server.doc.send(new ExecuteStatementCommand({ Statement: `DELETE FROM "pqtable" WHERE pk = 'p' AND sk = 3 RETURNING ALL OLD *` }));
  assert.deepEqual(out.Items, [{ pk: "p", sk: 3, v: "r", w: 1 }]);
  await server.doc.send(new ExecuteStatementCommand({ Statement: `INSERT INTO "pqtable" VALUE {'pk': 'p', 'sk': 3, 'v': 'v3'}` }));
});

test("functions, nested paths and ORDER BY in a SELECT", async () => {
  await server.doc.send(new ExecuteStatementCommand({
    Statement: `INSERT INTO "pqtable" VALUE {'pk': 'f', 'sk': 1, 'name': 'alpha', 'm': {'l': [10, 20]}, 'tags': <<'a', 'b'>>}` }));
  let out = await server.doc.send(new ExecuteStatementCommand({
    Statement: `SELECT m.l[1], "name" FROM "pqtable" WHERE pk = 'f' AND begins_with("name", 'al') AND size(tags) = 2 AND m.l[0] = 10 AND nope IS MISSING` }));
  assert.deepEqual(out.Items, [{ "l[1]": 20, name: "alpha" }]);
  out = await server.doc.send(new ExecuteStatementCommand({ Statement: `SELECT sk FROM "pqtable" WHERE pk = 'p' ORDER BY sk DESC` }));
  assert.deepEqual(out.Items.map((i) => i.sk), [3, 2, 1]);
});

test("an index-qualified SELECT reads the index", async () => {
  await server.client.send(new CreateTableCommand({
    TableName: "pqindexed",
    BillingMode: "PAY_PER_REQUEST",
    AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }, { AttributeName: "g", AttributeType: "S" }],
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
    GlobalSecondaryIndexes: [{ IndexName: "byg", KeySchema: [{ AttributeName: "g", KeyType: "HASH" }], Projection: { ProjectionType: "KEYS_ONLY" } }],
  }));
  await server.doc.send(new ExecuteStatementCommand({ Statement: `INSERT INTO "pqindexed" VALUE {'pk': 'a', 'g': 'x', 'other': 1}` }));
  const out = await server.doc.send(new ExecuteStatementCommand({ Statement: `SELECT * FROM "pqindexed"."byg" WHERE g = 'x'` }));
  assert.deepEqual(out.Items, [{ pk: "a", g: "x" }]);
  await assert.rejects(server.doc.send(new ExecuteStatementCommand({ Statement: `SELECT * FROM "pqindexed"."byg"`, ConsistentRead: true })),
    (e) => e.name === "ValidationException" && e.message === "Strongly consistent read is not supported on Global Secondary Indexes");
});

test("ExecuteTransaction of writes answers an empty Responses list", async () => {
  const out = await server.doc.send(new ExecuteTransactionCommand({ TransactStatements: [
    { Statement: `UPDATE "pqtable" SET t = 1 WHERE pk = 'p' AND sk = 1` },
    { Statement: `EXISTS(SELECT * FROM "pqtable" WHERE pk = 'p' AND sk = 2 AND v = 'v2')` },
  ] }));
  assert.deepEqual(out.Responses, []);
});
