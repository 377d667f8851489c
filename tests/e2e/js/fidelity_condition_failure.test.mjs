// The AWS SDK for JavaScript v3: ReturnValuesOnConditionCheckFailure ALL_OLD
// surfaces the old item on ConditionalCheckFailedException.Item, and the
// legacy Expected parameter still conditions a write.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import {
  CreateTableCommand, PutItemCommand, UpdateItemCommand, ConditionalCheckFailedException,
} from "@aws-sdk/client-dynamodb";
import { startDynamini } from "./harness.mjs";

let server;
before(async () => {
  server = await startDynamini();
  await server.client.send(new CreateTableCommand({
    TableName: "cond_fail",
    BillingMode: "PAY_PER_REQUEST",
    AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }],
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
  }));
  await server.client.send(new PutItemCommand({
    TableName: "cond_fail", Item: { pk: { S: "a" }, v: { N: "1" } },
  }));
});
after(async () => server.stop());

test("ConditionalCheckFailedException carries Item with ALL_OLD", async () => {
  await assert.rejects(server.client.send(new UpdateItemCommand({
    TableName: "cond_fail", Key: { pk: { S: "a" } },
    UpdateExpression: "SET v = :two", ConditionExpression: "v = :two",
    ExpressionAttributeValues: { ":two": { N: "2" } },
    ReturnValuesOnConditionCheckFailure: "ALL_OLD",
  })), (e) => {
    assert.ok(e instanceof ConditionalCheckFailedException);
    assert.equal(e.$metadata.httpStatusCode, 400);
    assert.deepEqual(e.Item, { pk: { S: "a" }, v: { N: "1" } });
    return true;
  });
});

test("legacy Expected with Exists false refuses an existing key", async () => {
  await assert.rejects(server.client.send(new PutItemCommand({
    TableName: "cond_fail", Item: { pk: { S: "a" } }, Expected: { pk: { Exists: false } },
  })), (e) => e instanceof ConditionalCheckFailedException && e.message === "The conditional request failed");
});
