// TransactWriteItems / TransactGetItems through the AWS SDK for JavaScript v3.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { CreateTableCommand, TransactionCanceledException } from "@aws-sdk/client-dynamodb";
import { TransactWriteCommand, TransactGetCommand, GetCommand } from "@aws-sdk/lib-dynamodb";
import { startDynamini } from "./harness.mjs";

let server;
before(async () => {
  server = await startDynamini();
  await server.client.send(new CreateTableCommand({
    TableName: "txn",
    BillingMode: "PAY_PER_REQUEST",
    AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }],
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
  }));
});
after(async () => server.stop());

test("a write transaction applies every action", async () => {
  await server.doc.send(new TransactWriteCommand({
    TransactItems: [
      { Put: { TableName: "txn", Item: { pk: "a", n: 1 } } },
      { Put: { TableName: "txn", Item: { pk: "b", n: 2 } } },
    ],
  }));
  const got = await server.doc.send(new GetCommand({ TableName: "txn", Key: { pk: "b" } }));
  assert.equal(got.Item.n, 2);
});

test("CancellationReasons arrive on TransactionCanceledException and nothing is written", async () => {
  await assert.rejects(server.doc.send(new TransactWriteCommand({
    TransactItems: [
      { Put: { TableName: "txn", Item: { pk: "c" } } },
      { ConditionCheck: { TableName: "txn", Key: { pk: "a" }, ConditionExpression: "n = :x",
        ExpressionAttributeValues: { ":x": 5 }, ReturnValuesOnConditionCheckFailure: "ALL_OLD" } },
    ],
  })), (e) => {
    assert.ok(e instanceof TransactionCanceledException);
    assert.equal(e.CancellationReasons[0].Code, "None");
    assert.equal(e.CancellationReasons[1].Code, "ConditionalCheckFailed");
    assert.deepEqual(e.CancellationReasons[1].Item.n, { N: "1" });
    return true;
  });
  const got = await server.doc.send(new GetCommand({ TableName: "txn", Key: { pk: "c" } }));
  assert.equal(got.Item, undefined);
});

test("a get transaction answers in request order", async () => {
  const out = await server.doc.send(new TransactGetCommand({
    TransactItems: [{ Get: { TableName: "txn", Key: { pk: "missing" } } }, { Get: { TableName: "txn", Key: { pk: "a" } } }],
  }));
  assert.equal(out.Responses[0].Item, undefined);
  assert.equal(out.Responses[1].Item.n, 1);
});
