// Global secondary indexes with multi-attribute keys through the AWS SDK for
// JavaScript v3 (its model knows them; Debian's boto3 refuses more than two
// key elements client-side). DynamoDB Developer Guide, "Multi-attribute key
// schema": up to four HASH and four RANGE attributes; items sort by the
// RANGE attributes in key-schema order, each by its own type; an item
// lacking any key attribute is not in the index; a key condition needs an
// equality on every HASH attribute and conditions on a prefix of the RANGE
// attributes, equalities but the last. Covered: CreateTable and its errors,
// DescribeTable, sparse puts, Query (every rule, DynamoDB's messages),
// pagination, Scan of the index, UpdateTable with backfill, PartiQL, legacy
// KeyConditions, and a file database reopened.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  CreateTableCommand, DescribeTableCommand, ExecuteStatementCommand, QueryCommand as RawQuery,
  UpdateTableCommand,
} from "@aws-sdk/client-dynamodb";
import { PutCommand, QueryCommand, ScanCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { inProcess, startDynamini } from "./harness.mjs";

const INDEX = "ByMatch";
// HASH tournamentId (S), region (S); RANGE round (N), bracket (S), matchId (S).
const GSI_KEYS = [
  { AttributeName: "tournamentId", KeyType: "HASH" },
  { AttributeName: "region", KeyType: "HASH" },
  { AttributeName: "round", KeyType: "RANGE" },
  { AttributeName: "bracket", KeyType: "RANGE" },
  { AttributeName: "matchId", KeyType: "RANGE" },
];
const GSI_ATTRIBUTES = [
  { AttributeName: "tournamentId", AttributeType: "S" },
  { AttributeName: "region", AttributeType: "S" },
  { AttributeName: "round", AttributeType: "N" },
  { AttributeName: "bracket", AttributeType: "S" },
  { AttributeName: "matchId", AttributeType: "S" },
];
const createGames = (TableName) => new CreateTableCommand({
  TableName,
  BillingMode: "PAY_PER_REQUEST",
  AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }, ...GSI_ATTRIBUTES],
  KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
  GlobalSecondaryIndexes: [{ IndexName: INDEX, KeySchema: GSI_KEYS, Projection: { ProjectionType: "ALL" } }],
});

// (WINTER, NA-EAST) in key order: round -1 < 2 < 10 < 10.5 by value, then
// bracket, then matchId (m4 LOWER a < m3 LOWER c < m6 UPPER a < m1 UPPER b). m8 has no bracket and m9 no round: not in the index.
const MATCHES = [
  { pk: "m1", round: 10, bracket: "UPPER", matchId: "b" },
  { pk: "m2", round: 2, bracket: "UPPER", matchId: "z" },
  { pk: "m3", round: 10, bracket: "LOWER", matchId: "c" },
  { pk: "m4", round: 10, bracket: "LOWER", matchId: "a" },
  { pk: "m5", round: 10.5, bracket: "FINAL", matchId: "a" },
  { pk: "m6", round: 10, bracket: "UPPER", matchId: "a" },
  { pk: "m7", round: -1, bracket: "QUALIFIER", matchId: "a" },
  { pk: "m8", round: 10, matchId: "a" },
  { pk: "m9", bracket: "UPPER", matchId: "a" },
  { pk: "m10", round: 1, bracket: "UPPER", matchId: "a", region: "EU-WEST" },
];
const ORDER = ["m7", "m2", "m4", "m3", "m6", "m1", "m5"];

let server;
const put = (TableName, m) => server.doc.send(new PutCommand({
  TableName, Item: { tournamentId: "WINTER", region: "NA-EAST", ...m } }));

before(async () => {
  server = await startDynamini();
  await server.client.send(createGames("games"));
  for (const m of MATCHES) await put("games", m);
});
after(async () => server.stop());

// Queries the index; the pks in the order they came back.
async function query(condition, values, extra = {}) {
  const names = { "#region": "region", "#round": "round" };
  const used = Object.fromEntries(Object.entries(names).filter(([k]) => condition.includes(k)));
  const all = { ":t": "WINTER", ":r": "NA-EAST", ...values };
  const res = await server.doc.send(new QueryCommand({
    TableName: "games", IndexName: INDEX, KeyConditionExpression: condition,
    ExpressionAttributeValues: Object.fromEntries(Object.entries(all).filter(([k]) => condition.includes(k))),
    ...(Object.keys(used).length ? { ExpressionAttributeNames: used } : {}),
    ...extra,
  }));
  return res.Items.map((i) => i.pk);
}
const HASH = "tournamentId = :t AND #region = :r";

async function validationError(promise, message) {
  await assert.rejects(promise, (e) => {
    assert.equal(e.name, "ValidationException");
    assert.equal(e.$metadata.httpStatusCode, 400);
    assert.equal(e.message, message);
    return true;
  });
}

test("CreateTable and DescribeTable keep the key schema as given", async () => {
  const described = await server.client.send(new DescribeTableCommand({ TableName: "games" }));
  const gsi = described.Table.GlobalSecondaryIndexes[0];
  assert.deepEqual(gsi.KeySchema, GSI_KEYS);
  assert.equal(gsi.IndexStatus, "ACTIVE");
  assert.equal(gsi.ItemCount, 8);  // m8 and m9 lack a key attribute
});

test("CreateTable refuses what DynamoDB refuses, with its messages", async () => {
  const create = (KeySchema) => server.client.send(new CreateTableCommand({
    TableName: "bad", BillingMode: "PAY_PER_REQUEST",
    AttributeDefinitions: ["pk", "a", "b", "c", "d", "e"].map((n) => ({ AttributeName: n, AttributeType: "S" })),
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
    GlobalSecondaryIndexes: [{ IndexName: "Gsi", KeySchema, Projection: { ProjectionType: "ALL" } }],
  }));
  const keys = (spec) => spec.map(([AttributeName, KeyType]) => ({ AttributeName, KeyType }));
  await validationError(create(keys([["a", "HASH"], ["b", "HASH"], ["c", "HASH"], ["d", "HASH"], ["e", "HASH"]])),
    "One or more parameter values were invalid: The KeySchema exceeds the maximum allowed number of HASH key attributes");
  await validationError(create(keys([["pk", "HASH"], ["a", "RANGE"], ["b", "RANGE"], ["c", "RANGE"], ["d", "RANGE"], ["e", "RANGE"]])),
    "One or more parameter values were invalid: The KeySchema exceeds the maximum allowed number of RANGE key attributes");
  await validationError(create(keys([["a", "HASH"], ["b", "RANGE"], ["c", "HASH"]])),
    "One or more parameter values were invalid: All HASH key attributes must precede RANGE key attributes in the KeySchema");
  await validationError(create(keys([["a", "HASH"], ["b", "RANGE"], ["b", "RANGE"]])),
    "The KeySchema contains multiple key attributes with the same name");
  // The table's own key schema keeps one HASH and one RANGE attribute.
  await validationError(server.client.send(new CreateTableCommand({
    TableName: "bad", BillingMode: "PAY_PER_REQUEST",
    AttributeDefinitions: ["a", "b", "c"].map((n) => ({ AttributeName: n, AttributeType: "S" })),
    KeySchema: keys([["a", "HASH"], ["b", "RANGE"], ["c", "RANGE"]]),
  })), "1 validation error detected: Value '[KeySchemaElement(attributeName=a, keyType=HASH), " +
    "KeySchemaElement(attributeName=b, keyType=RANGE), KeySchemaElement(attributeName=c, keyType=RANGE)]' " +
    "at 'keySchema' failed to satisfy constraint: Member must have length less than or equal to 2");
});

test("items sort by the RANGE attributes, each by its type; an item lacking one is not indexed", async () => {
  assert.deepEqual(await query(HASH, {}), ORDER);
  assert.deepEqual(await query(HASH, {}, { ScanIndexForward: false }), [...ORDER].reverse());
  assert.deepEqual(await query(HASH, { ":r": "EU-WEST" }), ["m10"]);
  // Giving m8 its bracket puts it in; removing m2's matchId takes it out.
  await server.doc.send(new UpdateCommand({ TableName: "games", Key: { pk: "m8" },
    UpdateExpression: "SET bracket = :b", ExpressionAttributeValues: { ":b": "A" } }));
  await server.doc.send(new UpdateCommand({ TableName: "games", Key: { pk: "m2" }, UpdateExpression: "REMOVE matchId" }));
  assert.deepEqual(await query(HASH, {}), ["m7", "m8", "m4", "m3", "m6", "m1", "m5"]);
  await server.doc.send(new UpdateCommand({ TableName: "games", Key: { pk: "m8" }, UpdateExpression: "REMOVE bracket" }));
  await server.doc.send(new UpdateCommand({ TableName: "games", Key: { pk: "m2" },
    UpdateExpression: "SET matchId = :m", ExpressionAttributeValues: { ":m": "z" } }));
  assert.deepEqual(await query(HASH, {}), ORDER);
});

test("a key condition on a prefix of the RANGE attributes, the last one any condition", async () => {
  assert.deepEqual(await query(`${HASH} AND #round = :n`, { ":n": 10 }), ["m4", "m3", "m6", "m1"]);
  assert.deepEqual(await query(`${HASH} AND #round = :n AND bracket = :b`, { ":n": 10, ":b": "UPPER" }), ["m6", "m1"]);
  assert.deepEqual(await query(`${HASH} AND #round = :n AND bracket = :b AND matchId = :m`,
    { ":n": 10, ":b": "UPPER", ":m": "b" }), ["m1"]);
  assert.deepEqual(await query(`${HASH} AND #round < :n`, { ":n": 10 }), ["m7", "m2"]);
  assert.deepEqual(await query(`${HASH} AND #round >= :n`, { ":n": 10 }), ["m4", "m3", "m6", "m1", "m5"]);
  assert.deepEqual(await query(`${HASH} AND #round BETWEEN :a AND :b`, { ":a": 2, ":b": 10 }), ["m2", "m4", "m3", "m6", "m1"]);
  assert.deepEqual(await query(`${HASH} AND #round = :n AND bracket > :b`, { ":n": 10, ":b": "LOWER" }), ["m6", "m1"]);
  assert.deepEqual(await query(`${HASH} AND #round = :n AND begins_with(bracket, :b)`, { ":n": 10, ":b": "UP" }), ["m6", "m1"]);
  assert.deepEqual(await query(`${HASH} AND #round = :n AND bracket = :b AND begins_with(matchId, :m)`,
    { ":n": 10, ":b": "LOWER", ":m": "c" }), ["m3"]);
  // The clauses in any order.
  assert.deepEqual(await query(`bracket = :b AND #region = :r AND #round = :n AND tournamentId = :t`,
    { ":n": 10, ":b": "UPPER" }), ["m6", "m1"]);
});

test("a key condition that does not fit gets DynamoDB's message", async () => {
  const equality = "must have equality conditions specified in the query because a condition is present on key attribute";
  await validationError(query(`${HASH} AND bracket = :b`, { ":b": "UPPER" }),
    `RANGE key attributes round ${equality} bracket`);
  await validationError(query(`${HASH} AND #round > :n AND bracket = :b`, { ":n": 1, ":b": "UPPER" }),
    `RANGE key attributes round ${equality} bracket`);
  await validationError(query(`${HASH} AND #round = :n AND matchId = :m`, { ":n": 1, ":m": "a" }),
    `RANGE key attributes bracket ${equality} matchId`);
  await validationError(query("tournamentId = :t", {}),
    "Query condition missed key schema element: region");
  await validationError(query(`tournamentId = :t AND #region > :r`, {}), "Query key condition not supported");
  await validationError(query(`${HASH} AND #round = :n`, { ":n": "10" }),
    "One or more parameter values were invalid: Condition parameter type does not match schema type");
});

test("pages carry the table key and every index key attribute, and resume exactly", async () => {
  for (const ScanIndexForward of [true, false]) {
    const seen = [];
    let ExclusiveStartKey;
    let pages = 0;
    do {
      const res = await server.doc.send(new QueryCommand({
        TableName: "games", IndexName: INDEX, KeyConditionExpression: HASH, Limit: 2, ScanIndexForward,
        ExpressionAttributeNames: { "#region": "region" },
        ExpressionAttributeValues: { ":t": "WINTER", ":r": "NA-EAST" }, ExclusiveStartKey }));
      seen.push(...res.Items.map((i) => i.pk));
      ExclusiveStartKey = res.LastEvaluatedKey;
      if (ExclusiveStartKey) {
        assert.deepEqual(Object.keys(ExclusiveStartKey).sort(),
          ["bracket", "matchId", "pk", "region", "round", "tournamentId"]);
      }
      assert.ok(++pages < 10);
    } while (ExclusiveStartKey);
    assert.deepEqual(seen, ScanIndexForward ? ORDER : [...ORDER].reverse());
  }
});

test("Scan of the index reads only indexed items, page by page", async () => {
  const seen = [];
  let ExclusiveStartKey;
  do {
    const res = await server.doc.send(new ScanCommand({ TableName: "games", IndexName: INDEX, Limit: 3, ExclusiveStartKey }));
    seen.push(...res.Items.map((i) => i.pk));
    ExclusiveStartKey = res.LastEvaluatedKey;
    if (ExclusiveStartKey) assert.equal(Object.keys(ExclusiveStartKey).length, 6);
  } while (ExclusiveStartKey);
  assert.deepEqual([...seen].sort(), [...ORDER, "m10"].sort());
  // Within a partition, key order.
  assert.deepEqual(seen.filter((pk) => pk !== "m10"), ORDER);
});

test("UpdateTable adds such an index to a table that has items (backfill)", async () => {
  await server.client.send(new CreateTableCommand({
    TableName: "later", BillingMode: "PAY_PER_REQUEST",
    AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }],
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
  }));
  for (const m of MATCHES) await put("later", m);
  const updated = await server.client.send(new UpdateTableCommand({
    TableName: "later", AttributeDefinitions: GSI_ATTRIBUTES,
    GlobalSecondaryIndexUpdates: [{ Create: { IndexName: INDEX, KeySchema: GSI_KEYS, Projection: { ProjectionType: "ALL" } } }],
  }));
  assert.deepEqual(updated.TableDescription.GlobalSecondaryIndexes[0].KeySchema, GSI_KEYS);
  const res = await server.doc.send(new QueryCommand({
    TableName: "later", IndexName: INDEX, KeyConditionExpression: HASH,
    ExpressionAttributeNames: { "#region": "region" }, ExpressionAttributeValues: { ":t": "WINTER", ":r": "NA-EAST" } }));
  assert.deepEqual(res.Items.map((i) => i.pk), ORDER);
});

test("PartiQL SELECT on the index", async () => {
  const select = async (Statement, Parameters) =>
    (await server.client.send(new ExecuteStatementCommand({ Statement, Parameters }))).Items.map((i) => i.pk.S);
  assert.deepEqual(await select(
    `SELECT * FROM "games"."${INDEX}" WHERE "tournamentId" = ? AND "region" = ? AND "round" = ?`,
    [{ S: "WINTER" }, { S: "NA-EAST" }, { N: "10" }]), ["m4", "m3", "m6", "m1"]);
  assert.deepEqual(await select(
    `SELECT * FROM "games"."${INDEX}" WHERE "region" = 'NA-EAST' AND "tournamentId" = 'WINTER' AND "round" = 10 AND "bracket" > 'LOWER'`),
    ["m6", "m1"]);
  // A keyed read: ORDER BY runs it backwards, and key values must have the schema's types.
  assert.deepEqual(await select(
    `SELECT * FROM "games"."${INDEX}" WHERE "region" = 'NA-EAST' AND "tournamentId" = 'WINTER' AND "round" = 10 AND "bracket" > 'LOWER' ORDER BY "bracket" DESC`),
    ["m1", "m6"]);
  await validationError(server.client.send(new ExecuteStatementCommand({ Statement:
    `SELECT * FROM "games"."${INDEX}" WHERE "region" = 'NA-EAST' AND "tournamentId" = 'WINTER' AND "round" = 10 AND "bracket" > 1` })),
  "Key attribute's data type should match its data type in table's schema: Key bracket");
  // A gap in the RANGE attributes: a Scan of the index with the WHERE as filter
  // (so no key type check: a number matches no matchId).
  assert.deepEqual(await select(
    `SELECT * FROM "games"."${INDEX}" WHERE "tournamentId" = 'WINTER' AND "region" = 'NA-EAST' AND "matchId" = 'a'`),
    ["m7", "m4", "m6", "m5"]);
  assert.deepEqual(await select(
    `SELECT * FROM "games"."${INDEX}" WHERE "tournamentId" = 'WINTER' AND "region" = 'NA-EAST' AND "matchId" = 1`),
    []);
});

test("legacy KeyConditions follow the same rules", async () => {
  const res = await server.client.send(new RawQuery({
    TableName: "games", IndexName: INDEX, KeyConditions: {
      tournamentId: { ComparisonOperator: "EQ", AttributeValueList: [{ S: "WINTER" }] },
      region: { ComparisonOperator: "EQ", AttributeValueList: [{ S: "NA-EAST" }] },
      round: { ComparisonOperator: "GT", AttributeValueList: [{ N: "2" }] },
    } }));
  assert.deepEqual(res.Items.map((i) => i.pk.S), ["m4", "m3", "m6", "m1", "m5"]);
  await validationError(server.client.send(new RawQuery({
    TableName: "games", IndexName: INDEX, KeyConditions: {
      tournamentId: { ComparisonOperator: "EQ", AttributeValueList: [{ S: "WINTER" }] },
      region: { ComparisonOperator: "EQ", AttributeValueList: [{ S: "NA-EAST" }] },
      matchId: { ComparisonOperator: "EQ", AttributeValueList: [{ S: "a" }] },
    } })),
    "RANGE key attributes round, bracket must have equality conditions specified in the query because a condition is present on key attribute matchId");
});

test("a file database keeps the index across a restart", {
  skip: inProcess && "the WebAssembly build has no database files",
}, async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "dynamini-multikey-"));
  const file = path.join(dir, "games.db");
  try {
    const first = await startDynamini(["--no-inbox", "--db", file]);
    try {
      await first.client.send(createGames("games"));
      for (const m of MATCHES) {
        await first.doc.send(new PutCommand({ TableName: "games", Item: { tournamentId: "WINTER", region: "NA-EAST", ...m } }));
      }
    } finally {
      await first.stop();
    }
    const second = await startDynamini(["--no-inbox", "--db", file]);
    try {
      const described = await second.client.send(new DescribeTableCommand({ TableName: "games" }));
      assert.deepEqual(described.Table.GlobalSecondaryIndexes[0].KeySchema, GSI_KEYS);
      const res = await second.doc.send(new QueryCommand({
        TableName: "games", IndexName: INDEX, KeyConditionExpression: `${HASH} AND #round >= :n`,
        ExpressionAttributeNames: { "#region": "region", "#round": "round" },
        ExpressionAttributeValues: { ":t": "WINTER", ":r": "NA-EAST", ":n": 10 } }));
      assert.deepEqual(res.Items.map((i) => i.pk), ["m4", "m3", "m6", "m1", "m5"]);
    } finally {
      await second.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
