// dynamini-wasm/test's useDynamini with node:test: this file gets its own
// database, with the inbox, put back to its start before each test.
import * as t from "node:test";
import assert from "node:assert/strict";
import { DynamoDBClient, GetItemCommand, PutItemCommand } from "@aws-sdk/client-dynamodb";
import { useDynamini } from "dynamini-wasm/test";

const dynamo = useDynamini(t, { model: "inbox" });
const key = { pk: { S: "USER#helper" }, sk: { S: "1" } };

t.test("the first test writes an item", async () => {
  const client = new DynamoDBClient(dynamo.clientConfig);
  await client.send(new PutItemCommand({ TableName: "inbox", Item: key }));
  assert.deepEqual((await client.send(new GetItemCommand({ TableName: "inbox", Key: key }))).Item, key);
});

t.test("the next test starts from the model's sample items again", async () => {
  const client = new DynamoDBClient({ requestHandler: dynamo.requestHandler, region: "us-east-1" });
  assert.equal((await client.send(new GetItemCommand({ TableName: "inbox", Key: key }))).Item, undefined);
  const badge = await client.send(new GetItemCommand({ TableName: "inbox",
    Key: { pk: { S: "USER#u_alice" }, sk: { S: "#INBOX" } } }));
  assert.equal(badge.Item.unreadCount.N, "2");
});
