// dynamini-wasm as a project installs it (tests/wasm/package_from_tarball.sh
// installs the tarball into an empty folder and runs this file there): the
// AWS SDK for JavaScript v3 through db.requestHandler, in process.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import {
  ConditionalCheckFailedException, CreateTableCommand, DynamoDBClient, GetItemCommand, PutItemCommand,
  QueryCommand, TransactWriteItemsCommand, TransactionCanceledException,
} from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, PutCommand, QueryCommand as DocQuery } from "@aws-sdk/lib-dynamodb";
import { Entity } from "electrodb";
import { createDynamini, EngineError } from "dynamini-wasm";

const ALICE = "USER#u_alice";
const NEWEST = "01HWYQRBZ07H6NWVVGG69A7D65";  // the inbox's sample: unread

let db;
let client;
before(async () => {
  db = await createDynamini({ model: "inbox" });
  client = new DynamoDBClient({ requestHandler: db.requestHandler, region: "us-east-1" });
});
after(() => db.close());

const badge = async () => {
  const { Item } = await client.send(new GetItemCommand({ TableName: "inbox", Key: { pk: { S: ALICE }, sk: { S: "#INBOX" } } }));
  return Number(Item?.unreadCount?.N ?? 0);
};
const unread = async () => (await client.send(new QueryCommand({
  TableName: "inbox", IndexName: "GSI1", KeyConditionExpression: "gsi1pk = :u",
  ExpressionAttributeValues: { ":u": { S: "UNREAD#u_alice" } },
}))).Items;

test("the inbox's five access patterns, as the model's templates send them", async () => {
  // AP1: newest first
  const recent = await client.send(new QueryCommand({
    TableName: "inbox", KeyConditionExpression: "pk = :pk AND begins_with(sk, :prefix)",
    ExpressionAttributeValues: { ":pk": { S: ALICE }, ":prefix": { S: "NOTIF#" } }, ScanIndexForward: false,
  }));
  assert.equal(recent.Items[0].notifId.S, NEWEST);
  assert.ok(recent.Items.length >= 3);
  // AP2: the badge; AP4: the unread ones, oldest first
  assert.equal(await badge(), 2);
  assert.deepEqual((await unread()).map((i) => i.sk.S).slice(-1), [`NOTIF#${NEWEST}`]);
  // AP3: one read, in one transaction
  await client.send(new TransactWriteItemsCommand({ TransactItems: [
    { Update: { TableName: "inbox", Key: { pk: { S: ALICE }, sk: { S: `NOTIF#${NEWEST}` } },
      UpdateExpression: "REMOVE gsi1pk, gsi1sk SET #read = :t", ConditionExpression: "attribute_exists(gsi1pk)",
      ExpressionAttributeNames: { "#read": "read" }, ExpressionAttributeValues: { ":t": { BOOL: true } } } },
    { Update: { TableName: "inbox", Key: { pk: { S: ALICE }, sk: { S: "#INBOX" } },
      UpdateExpression: "ADD unreadCount :dec", ConditionExpression: "unreadCount > :zero",
      ExpressionAttributeValues: { ":dec": { N: "-1" }, ":zero": { N: "0" } } } },
  ] }));
  assert.equal(await badge(), 1);
  assert.equal((await unread()).length, 1);
  // AP5: all read: the badge zeroed and the job recorded, in one transaction
  await client.send(new TransactWriteItemsCommand({ TransactItems: [
    { Update: { TableName: "inbox", Key: { pk: { S: ALICE }, sk: { S: "#INBOX" } },
      UpdateExpression: "SET unreadCount = :zero, readAllCutoff = :cutoff",
      ExpressionAttributeValues: { ":zero": { N: "0" }, ":cutoff": { S: "NOTIF#ZZZZ" } } } },
    { Put: { TableName: "inbox", Item: { pk: { S: ALICE }, sk: { S: "#JOB#READALL#1" }, status: { S: "PENDING" } },
      ConditionExpression: "attribute_not_exists(pk)" } },
  ] }));
  assert.equal(await badge(), 0);
});

test("a TransactWriteItems commits all its writes, or none with its reasons", async () => {
  await client.send(new TransactWriteItemsCommand({ TransactItems: [
    { Put: { TableName: "inbox", Item: { pk: { S: "USER#t" }, sk: { S: "A" } } } },
    { Put: { TableName: "inbox", Item: { pk: { S: "USER#t" }, sk: { S: "B" } } } },
  ] }));
  await assert.rejects(client.send(new TransactWriteItemsCommand({ TransactItems: [
    { Put: { TableName: "inbox", Item: { pk: { S: "USER#t" }, sk: { S: "C" } } } },
    { Put: { TableName: "inbox", Item: { pk: { S: "USER#t" }, sk: { S: "A" } }, ConditionExpression: "attribute_not_exists(pk)" } },
  ] })), (e) => {
    assert.ok(e instanceof TransactionCanceledException);
    assert.deepEqual(e.CancellationReasons.map((r) => r.Code), ["None", "ConditionalCheckFailed"]);
    return true;
  });
  const items = await client.send(new QueryCommand({ TableName: "inbox", KeyConditionExpression: "pk = :p",
    ExpressionAttributeValues: { ":p": { S: "USER#t" } } }));
  assert.deepEqual(items.Items.map((i) => i.sk.S), ["A", "B"]);
});

test("ConditionalCheckFailed carries the item with ReturnValuesOnConditionCheckFailure", async () => {
  await client.send(new PutItemCommand({ TableName: "inbox", Item: { pk: { S: "USER#c" }, sk: { S: "X" }, n: { N: "1" } } }));
  await assert.rejects(client.send(new PutItemCommand({
    TableName: "inbox", Item: { pk: { S: "USER#c" }, sk: { S: "X" } },
    ConditionExpression: "attribute_not_exists(pk)", ReturnValuesOnConditionCheckFailure: "ALL_OLD",
  })), (e) => {
    assert.ok(e instanceof ConditionalCheckFailedException);
    assert.equal(e.$metadata.httpStatusCode, 400);
    assert.deepEqual(e.Item, { pk: { S: "USER#c" }, sk: { S: "X" }, n: { N: "1" } });
    return true;
  });
});

test("a Query pages by LastEvaluatedKey through the DocumentClient", async () => {
  const doc = DynamoDBDocumentClient.from(client);
  for (let i = 0; i < 25; ++i) {
    await doc.send(new PutCommand({ TableName: "inbox", Item: { pk: "USER#pages", sk: `N#${String(i).padStart(2, "0")}`, i } }));
  }
  const seen = [];
  let start;
  let pages = 0;
  do {
    const page = await doc.send(new DocQuery({ TableName: "inbox", KeyConditionExpression: "pk = :p",
      ExpressionAttributeValues: { ":p": "USER#pages" }, Limit: 10, ExclusiveStartKey: start }));
    seen.push(...page.Items.map((item) => item.i));
    start = page.LastEvaluatedKey;
    pages += 1;
  } while (start);
  assert.equal(pages, 3);
  assert.deepEqual(seen, [...Array(25).keys()]);
});

test("ElectroDB entities on the inbox's table", async () => {
  const notification = new Entity({
    model: { entity: "notification", version: "1", service: "inbox" },
    attributes: { user: { type: "string" }, id: { type: "string" }, text: { type: "string" } },
    indexes: {
      byUser: { pk: { field: "pk", composite: ["user"] }, sk: { field: "sk", composite: ["id"] } },
    },
  }, { client: DynamoDBDocumentClient.from(client), table: "inbox" });
  await notification.create({ user: "u_eve", id: "n1", text: "hello" }).go();
  await notification.create({ user: "u_eve", id: "n2", text: "again" }).go();
  const { data } = await notification.query.byUser({ user: "u_eve" }).go();
  assert.deepEqual(data.map((n) => n.text).sort(), ["again", "hello"]);
  await assert.rejects(notification.create({ user: "u_eve", id: "n1", text: "twice" }).go(), /conditional/i);
});

test("reset, snapshot and restore; save and load give the same database", async () => {
  await client.send(new PutItemCommand({ TableName: "inbox", Item: { pk: { S: "USER#s" }, sk: { S: "1" } } }));
  const snapshot = db.snapshot();
  assert.equal(new TextDecoder().decode(snapshot.slice(0, 15)), "SQLite format 3");
  db.reset();
  const gone = await client.send(new GetItemCommand({ TableName: "inbox", Key: { pk: { S: "USER#s" }, sk: { S: "1" } } }));
  assert.equal(gone.Item, undefined);
  assert.equal(await badge(), 2);  // the model's sample items again
  db.restore(snapshot);
  const back = await client.send(new GetItemCommand({ TableName: "inbox", Key: { pk: { S: "USER#s" }, sk: { S: "1" } } }));
  assert.deepEqual(back.Item, { pk: { S: "USER#s" }, sk: { S: "1" } });
  const other = await createDynamini();
  other.load(db.save());
  assert.deepEqual(Object.keys(await other.execute("GetItem", { TableName: "inbox", Key: { pk: { S: "USER#s" }, sk: { S: "1" } } })), ["Item"]);
  other.close();
});

test("stream subscriptions are JavaScript callbacks, retried when they throw", async () => {
  const records = [];
  let failures = 0;
  const subscription = db.subscribe("inbox", (batch) => {
    if (failures++ === 0) throw new Error("once");
    records.push(...batch);
  }, { initialRetryDelayMs: 1 });
  await client.send(new PutItemCommand({ TableName: "inbox", Item: { pk: { S: "USER#streamed" }, sk: { S: "1" } } }));
  for (let i = 0; i < 100 && records.length === 0; ++i) await new Promise((r) => setTimeout(r, 20));
  assert.equal(records.length, 1);
  assert.equal(records[0].eventName, "INSERT");
  assert.deepEqual(records[0].dynamodb.Keys, { pk: { S: "USER#streamed" }, sk: { S: "1" } });
  assert.deepEqual(subscription.counts(), { delivered: 1, failures: 1, skippedBatches: 0 });
  subscription.unsubscribe();
});

test("what the WebAssembly build leaves out answers clearly", async () => {
  await assert.rejects(createDynamini({ path: "/tmp/x.db" }), (e) => e instanceof EngineError && /file databases/.test(e.message));
  await assert.rejects(db.execute("ListExports", {}), (e) => {
    assert.equal(e.name, "ValidationException");
    assert.match(e.message, /not available in dynamini's WebAssembly build/);
    return true;
  });
});

test("a model by name: the shop, loaded as `dynamini --model shop`", async () => {
  const shop = await createDynamini({ model: "shop" });
  const tables = await shop.execute("ListTables", {});
  assert.ok(tables.TableNames.length >= 1);
  shop.close();
  await assert.rejects(createDynamini({ model: "nope" }), /no model named nope/);
});
