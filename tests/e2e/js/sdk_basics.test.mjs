// The AWS SDK for JavaScript v3 against dynamini: table and item basics,
// typed errors, and the document client's marshalling.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import {
  CreateTableCommand, DescribeTableCommand, ListTablesCommand, ResourceNotFoundException,
  ConditionalCheckFailedException,
} from "@aws-sdk/client-dynamodb";
import { PutCommand, GetCommand, UpdateCommand, QueryCommand } from "@aws-sdk/lib-dynamodb";
import { startDynamini } from "./harness.mjs";

let server;
before(async () => {
  server = await startDynamini();
  await server.client.send(new CreateTableCommand({
    TableName: "things",
    BillingMode: "PAY_PER_REQUEST",
    AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }, { AttributeName: "sk", AttributeType: "N" }],
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }, { AttributeName: "sk", KeyType: "RANGE" }],
  }));
});
after(async () => server.stop());

test("ListTables and DescribeTable answer through the SDK", async () => {
  const tables = await server.client.send(new ListTablesCommand({}));
  assert.deepEqual(tables.TableNames, ["things"]);
  const described = await server.client.send(new DescribeTableCommand({ TableName: "things" }));
  assert.equal(described.Table.TableStatus, "ACTIVE");
});

test("a missing table is a typed ResourceNotFoundException with status 400", async () => {
  await assert.rejects(server.client.send(new DescribeTableCommand({ TableName: "nope" })), (e) => {
    assert.ok(e instanceof ResourceNotFoundException);
    assert.equal(e.$metadata.httpStatusCode, 400);
    return true;
  });
});

test("document client round-trips nested values and exact numbers", async () => {
  const item = { pk: "a", sk: 1, payload: { tags: new Set(["x", "y"]), list: [1, "two", null, true] }, price: 0.3 };
  await server.doc.send(new PutCommand({ TableName: "things", Item: item }));
  await server.doc.send(new UpdateCommand({
    TableName: "things", Key: { pk: "a", sk: 1 },
    UpdateExpression: "SET price = price - :d", ExpressionAttributeValues: { ":d": 0.1 },
  }));
  const got = await server.doc.send(new GetCommand({ TableName: "things", Key: { pk: "a", sk: 1 } }));
  assert.equal(got.Item.price, 0.2);
  assert.deepEqual([...got.Item.payload.tags].sort(), ["x", "y"]);
  assert.deepEqual(got.Item.payload.list, [1, "two", null, true]);
});

test("a failed condition is a typed ConditionalCheckFailedException", async () => {
  await assert.rejects(
    server.doc.send(new PutCommand({ TableName: "things", Item: { pk: "a", sk: 1 }, ConditionExpression: "attribute_not_exists(pk)" })),
    (e) => e instanceof ConditionalCheckFailedException);
});

test("numeric sort keys come back in numeric order", async () => {
  for (const sk of [10, -2, 3.5, 0]) await server.doc.send(new PutCommand({ TableName: "things", Item: { pk: "n", sk } }));
  const q = await server.doc.send(new QueryCommand({
    TableName: "things", KeyConditionExpression: "pk = :p", ExpressionAttributeValues: { ":p": "n" },
  }));
  assert.deepEqual(q.Items.map((i) => i.sk), [-2, 0, 3.5, 10]);
});
