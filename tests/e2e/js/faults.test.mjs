// Deterministic faults and enforced throughput through the AWS SDK for
// JavaScript v3: its retry strategy (standard mode, 3 attempts by default)
// engages on a throttle and gives up as configured; one transaction in three
// conflicts with CancellationReasons where DynamoDB puts them; an enforced
// throttle carries ThrottlingReasons, which this SDK parses.
import { test, after, before } from "node:test";
import assert from "node:assert/strict";
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  TransactWriteItemsCommand,
} from "@aws-sdk/client-dynamodb";
import { startDynamini } from "./harness.mjs";

let dynamo;

before(async () => {
  dynamo = await startDynamini(["--no-inbox", "--admin", "--enforce-throughput=1"]);
  for (const [TableName, capacity] of [
    ["orders", { BillingMode: "PAY_PER_REQUEST" }],
    ["slow", { ProvisionedThroughput: { ReadCapacityUnits: 5, WriteCapacityUnits: 1 } }],
  ]) {
    await dynamo.client.send(new CreateTableCommand({
      TableName,
      KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
      AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }],
      ...capacity,
    }));
  }
});

after(async () => dynamo?.stop());

async function rule(body) {
  const res = await fetch(`${dynamo.endpoint}/dynamini/admin/faults`, {
    method: body === undefined ? "DELETE" : "POST",
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  assert.equal(res.status, 200);
  return res.json();
}

const exists = async (pk) => (await dynamo.client.send(new GetItemCommand({
  TableName: "orders", Key: { pk: { S: pk } },
}))).Item !== undefined;

test("the SDK retries a throttled PutItem until the rule is spent", async () => {
  await rule({ rule: "op=PutItem,table=orders,error=Throttling,times=2" });
  const out = await dynamo.client.send(new PutItemCommand({
    TableName: "orders", Item: { pk: { S: "retried" } },
  }));
  assert.equal(out.$metadata.attempts, 3);
  assert.ok(await exists("retried"));
  await rule();
});

test("with maxAttempts 1 the fault reaches the caller and nothing is written", async () => {
  const once = new DynamoDBClient({ ...dynamo.config, maxAttempts: 1 });
  await rule({ op: "PutItem", error: "ProvisionedThroughputExceeded" });
  await assert.rejects(
    once.send(new PutItemCommand({ TableName: "orders", Item: { pk: { S: "never" } } })),
    (e) => e.name === "ProvisionedThroughputExceededException" && e.$metadata.httpStatusCode === 400);
  await rule();
  assert.equal(await exists("never"), false);
  once.destroy();
});

test("one TransactWriteItems in three conflicts", async () => {
  await rule({ rule: "op=TransactWriteItems,error=TransactionConflict,every=3" });
  const outcomes = [];
  for (let i = 0; i < 6; i++) {
    try {
      await dynamo.client.send(new TransactWriteItemsCommand({ TransactItems: [
        { Put: { TableName: "orders", Item: { pk: { S: `t${i}-a` } } } },
        { Put: { TableName: "orders", Item: { pk: { S: `t${i}-b` } } } },
      ] }));
      outcomes.push("ok");
    } catch (e) {
      assert.equal(e.name, "TransactionCanceledException");
      assert.deepEqual(e.CancellationReasons.map((r) => r.Code), ["TransactionConflict", "None"]);
      assert.equal(await exists(`t${i}-a`), false);
      outcomes.push("conflict");
    }
  }
  assert.deepEqual(outcomes, ["ok", "ok", "conflict", "ok", "ok", "conflict"]);
  await rule();
});

test("an enforced throttle names its reason and the table", async () => {
  const once = new DynamoDBClient({ ...dynamo.config, maxAttempts: 1 });
  const { Table } = await dynamo.client.send(new DescribeTableCommand({ TableName: "slow" }));
  const put = (pk) => once.send(new PutItemCommand({ TableName: "slow", Item: { pk: { S: pk } } }));
  await put("first"); // the second's one write unit
  await assert.rejects(put("second"), (e) => {
    assert.equal(e.name, "ProvisionedThroughputExceededException");
    assert.deepEqual(e.ThrottlingReasons, [
      { reason: "TableWriteProvisionedThroughputExceeded", resource: Table.TableArn },
    ]);
    return true;
  });
  once.destroy();
});
