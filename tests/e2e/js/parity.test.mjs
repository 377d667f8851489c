// Behaviours recorded against DynamoDB that the JavaScript SDK v3 sees: sets
// in DynamoDB's order, legacy filters on any type, expressions DynamoDB
// accepts (each test cites its recording).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { CreateTableCommand, GetItemCommand, PutItemCommand, UpdateItemCommand } from "@aws-sdk/client-dynamodb";
import { startDynamini } from "./harness.mjs";

let server;
before(async () => {
  server = await startDynamini();
  await server.client.send(new CreateTableCommand({
    TableName: "parity",
    BillingMode: "PAY_PER_REQUEST",
    AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }],
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
  }));
});
after(async () => server.stop());

// paritysuite/dynamodb-conformance tests/tier1/updateItem/basic.test.ts
// (eu-west-2, 2026-10-09): GetItem answers ['', 'a'] after ADD of '' to {'a'};
// string and binary sets bytewise, number sets by value.
test("sets come back in DynamoDB's order", async () => {
  await server.client.send(new PutItemCommand({
    TableName: "parity",
    Item: {
      pk: { S: "sets" }, tags: { SS: ["a"] }, ns: { NS: ["10", "9", "-1.5"] },
      bs: { BS: [Uint8Array.of(0xff), Uint8Array.of(0), Uint8Array.of(0, 1)] },
    },
  }));
  await server.client.send(new UpdateItemCommand({
    TableName: "parity", Key: { pk: { S: "sets" } },
    UpdateExpression: "ADD tags :v", ExpressionAttributeValues: { ":v": { SS: [""] } },
  }));
  const got = await server.client.send(new GetItemCommand({ TableName: "parity", Key: { pk: { S: "sets" } } }));
  assert.deepEqual(got.Item.tags.SS, ["", "a"]);
  assert.deepEqual(got.Item.ns.NS, ["-1.5", "9", "10"]);
  assert.deepEqual(got.Item.bs.BS.map((b) => [...b]), [[0], [0, 1], [0xff]]);
});
