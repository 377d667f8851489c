// Vector indexes and SearchVectors through the AWS SDK for JavaScript v3
// (@aws-sdk/client-dynamodb 3.1141.0 knows SearchVectorsCommand and the
// VectorIndexes members): CreateTable, DescribeTable, UpdateTable adding an
// index to a table with items, searches with and without a condition, each
// distance function's order and scores (computed here, in double, from the
// same float32 values), projection, ConsumedCapacity and DynamoDB's errors.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import {
  CreateTableCommand, DescribeTableCommand, UpdateTableCommand, PutItemCommand,
  SearchVectorsCommand,
} from "@aws-sdk/client-dynamodb";
import { startDynamini } from "./harness.mjs";

let server;
const N = (xs) => xs.map((x) => ({ N: String(x) }));
const f32 = (x) => Math.fround(x);
const DOCS = { a: [1, 0, 0], b: [0.6, 0.8, 0], c: [0, 0, 2.5], d: [-1, -1, 0], e: [3, 1, 1.5] };
const index = (IndexName, DistanceFunction, extra = {}) => ({
  IndexName, VectorAttribute: { AttributeName: "emb" }, Dimensions: 3, DistanceFunction,
  Projection: { ProjectionType: "ALL" }, ...extra,
});

before(async () => {
  server = await startDynamini();
  const created = await server.client.send(new CreateTableCommand({
    TableName: "docs",
    BillingMode: "PAY_PER_REQUEST",
    AttributeDefinitions: [
      { AttributeName: "pk", AttributeType: "S" },
      { AttributeName: "tenant", AttributeType: "S" },
      { AttributeName: "kind", AttributeType: "S" },
    ],
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
    VectorIndexes: [
      index("cos", "COSINE"),
      index("dot", "DOT_PRODUCT", { Projection: { ProjectionType: "KEYS_ONLY" } }),
      index("euc", "EUCLIDEAN", { Projection: { ProjectionType: "INCLUDE", NonKeyAttributes: ["title"] } }),
      index("scoped", "COSINE", { SearchSchema: [
        { AttributeName: "tenant", SearchSchemaElementType: "HASH" },
        { AttributeName: "kind", SearchSchemaElementType: "INLINE_FILTER" }] }),
    ],
  }));
  assert.equal(created.TableDescription.VectorIndexes.length, 4);
  for (const [pk, v] of Object.entries(DOCS)) {
    await server.client.send(new PutItemCommand({ TableName: "docs", Item: {
      pk: { S: pk }, emb: { L: N(v) }, title: { S: `title ${pk}` }, body: { S: "text" },
      tenant: { S: pk < "c" ? "t1" : "t2" }, kind: { S: pk === "a" ? "x" : "y" } } }));
  }
});
after(async () => server.stop());

const search = (input) => server.client.send(new SearchVectorsCommand({ TableName: "docs", TopK: 10, ...input }));

function expected(fn, q) {
  const dot = (x, y) => x.reduce((s, xi, i) => s + f32(xi) * f32(y[i]), 0);
  const scores = Object.entries(DOCS).map(([pk, v]) => {
    let s;
    if (fn === "DOT_PRODUCT") s = dot(q, v);
    else if (fn === "EUCLIDEAN") s = Math.sqrt(q.reduce((t, qi, i) => t + (f32(qi) - f32(v[i])) ** 2, 0));
    else s = 1 - dot(q, v) / Math.sqrt(dot(q, q) * dot(v, v));
    return { pk, s };
  });
  scores.sort((x, y) => (fn === "DOT_PRODUCT" ? y.s - x.s : x.s - y.s));
  return scores;
}

test("DescribeTable lists the vector indexes, ACTIVE", async () => {
  const d = await server.client.send(new DescribeTableCommand({ TableName: "docs" }));
  const byName = Object.fromEntries(d.Table.VectorIndexes.map((v) => [v.IndexName, v]));
  assert.equal(byName.cos.IndexStatus, "ACTIVE");
  assert.equal(byName.cos.Dimensions, 3);
  assert.equal(byName.dot.DistanceFunction, "DOT_PRODUCT");
  assert.equal(byName.cos.VectorAttribute.AttributeName, "emb");
  assert.deepEqual(byName.scoped.SearchSchema.map((e) => e.SearchSchemaElementType), ["HASH", "INLINE_FILTER"]);
  assert.equal(byName.cos.ItemCount, 5);
  assert.match(byName.euc.IndexArn, /table\/docs\/index\/euc$/);
  assert.equal(byName.cos.Backfilling, undefined);
});

for (const [name, fn] of [["cos", "COSINE"], ["dot", "DOT_PRODUCT"], ["euc", "EUCLIDEAN"]]) {
  test(`${fn}: results nearest first with DynamoDB's scores`, async () => {
    const q = [0.5, 0.3, 1];  // no two documents tie
    const got = await search({ IndexName: name, SearchVector: N(q), TopK: 4 });
    const want = expected(fn, q).slice(0, 4);
    assert.deepEqual(got.SearchResults.map((r) => r.Item.pk.S), want.map((w) => w.pk));
    got.SearchResults.forEach((r, i) => assert.ok(Math.abs(r.Score - want[i].s) < 1e-6, `${r.Score} vs ${want[i].s}`));
  });
}

test("projection: the index's attributes, the vector only when asked; capacity in request bytes", async () => {
  const all = await search({ IndexName: "cos", SearchVector: N([1, 0, 0]), TopK: 1, ReturnConsumedCapacity: "TOTAL" });
  assert.deepEqual(Object.keys(all.SearchResults[0].Item).sort(), ["body", "kind", "pk", "tenant", "title"]);
  assert.ok(all.ConsumedCapacity.VectorSearchRequestBytes >= 1024);
  const keysOnly = await search({ IndexName: "dot", SearchVector: N([1, 0, 0]), TopK: 1 });
  assert.deepEqual(Object.keys(keysOnly.SearchResults[0].Item), ["pk"]);
  assert.equal(keysOnly.ConsumedCapacity, undefined);
  const include = await search({ IndexName: "euc", SearchVector: N([1, 0, 0]), TopK: 1,
    ProjectionExpression: "title, emb, body" });
  assert.deepEqual(include.SearchResults[0].Item, { title: { S: "title a" }, emb: { L: N([1, 0, 0]) } });
});

test("a SearchConditionExpression scopes to the HASH value and filters inline", async () => {
  const t1 = await search({ IndexName: "scoped", SearchVector: N([1, 0, 0]),
    SearchConditionExpression: "tenant = :t", ExpressionAttributeValues: { ":t": { S: "t1" } } });
  assert.deepEqual(t1.SearchResults.map((r) => r.Item.pk.S), ["a", "b"]);
  const filtered = await search({ IndexName: "scoped", SearchVector: N([1, 0, 0]),
    SearchConditionExpression: "tenant = :t AND #k = :k", ExpressionAttributeNames: { "#k": "kind" },
    ExpressionAttributeValues: { ":t": { S: "t1" }, ":k": { S: "y" } } });
  assert.deepEqual(filtered.SearchResults.map((r) => r.Item.pk.S), ["b"]);
});

async function rejects(input, name, message) {
  await assert.rejects(search(input), (e) => {
    assert.equal(e.name, name);
    assert.equal(e.message, message);
    return true;
  });
}

test("DynamoDB's errors", async () => {
  const v = N([1, 0, 0]);
  await rejects({ IndexName: "cos", SearchVector: v, TopK: 101 }, "ValidationException",
    "Provided TopK value '101' is out of valid range. The value must be between 1 and 100 inclusive");
  await rejects({ IndexName: "cos", SearchVector: N([1, 0]) }, "ValidationException",
    "Input search vector dimension 2 does not match vector index dimension 3");
  await rejects({ IndexName: "cos", SearchVector: [{ S: "1" }, ...N([0, 0])] }, "ValidationException",
    "Search vector contains invalid values. All values in the search vector must be a 32-bit floating-point number attribute");
  await rejects({ IndexName: "cos", SearchVector: v, SearchConditionExpression: "tenant = :t",
    ExpressionAttributeValues: { ":t": { S: "t1" } } }, "ValidationException",
  "SearchConditionExpression must not contain any attributes that is not in SearchSchema. Invalid attribute: tenant");
  await rejects({ IndexName: "scoped", SearchVector: v }, "ValidationException",
    "SearchConditionExpression must be provided when SearchSchema has a HASH key");
  await rejects({ IndexName: "scoped", SearchVector: v, SearchConditionExpression: "tenant = :t AND kind > :k",
    ExpressionAttributeValues: { ":t": { S: "t1" }, ":k": { S: "a" } } }, "ValidationException",
  "Invalid SearchConditionExpression: Invalid comparator used in SearchConditionExpression");
  // A null member: the SDK drops nulls, so the body is replaced before signing.
  const command = new SearchVectorsCommand({ TableName: "docs", IndexName: "cos", SearchVector: v, TopK: 1 });
  const body = '{"TableName":"docs","IndexName":null,"SearchVector":[{"N":"1"}],"TopK":1}';
  command.middlewareStack.add((next) => async (args) => {
    args.request.body = body;
    args.request.headers["content-length"] = String(Buffer.byteLength(body));
    return next(args);
  }, { step: "build", priority: "high", name: "nullBody" });
  await assert.rejects(server.client.send(command), (e) => {
    assert.equal(e.name, "SerializationException");
    assert.equal(e.message, `invalid type: null, expected a string at line 1 column ${body.indexOf("null") + 4}`);
    return true;
  });
  await assert.rejects(server.client.send(new PutItemCommand({ TableName: "docs",
    Item: { pk: { S: "z" }, emb: { L: N([1, 2]) } } })), (e) => {
    assert.equal(e.name, "ValidationException");
    assert.match(e.message, /Invalid size for parameter emb, Expected: 3, Actual: 2 IndexName: /);
    return true;
  });
});

test("UpdateTable adds a vector index to a table with items: CREATING, then ACTIVE and searchable", async () => {
  await server.client.send(new CreateTableCommand({ TableName: "later", BillingMode: "PAY_PER_REQUEST",
    AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }],
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }] }));
  for (const [pk, v] of Object.entries(DOCS)) {
    await server.client.send(new PutItemCommand({ TableName: "later", Item: { pk: { S: pk }, v: { L: N(v) } } }));
  }
  const updated = await server.client.send(new UpdateTableCommand({ TableName: "later",
    VectorIndexUpdates: [{ Create: { IndexName: "vix", VectorAttribute: { AttributeName: "v" }, Dimensions: 3,
      DistanceFunction: "EUCLIDEAN", Projection: { ProjectionType: "ALL" } } }] }));
  const creating = updated.TableDescription.VectorIndexes[0];
  assert.equal(creating.IndexStatus, "CREATING");
  assert.equal(creating.Backfilling, false);
  const d = await server.client.send(new DescribeTableCommand({ TableName: "later" }));
  assert.equal(d.Table.VectorIndexes[0].IndexStatus, "ACTIVE");
  assert.equal(d.Table.VectorIndexes[0].ItemCount, 5);
  const got = await server.client.send(new SearchVectorsCommand({ TableName: "later", IndexName: "vix",
    SearchVector: N([1, 0, 0]), TopK: 2 }));
  // a is the query itself; then b at sqrt(0.4^2 + 0.8^2).
  assert.deepEqual(got.SearchResults.map((r) => r.Item.pk.S), ["a", "b"]);
  assert.equal(got.SearchResults[0].Score, 0);
  assert.ok(Math.abs(got.SearchResults[1].Score - Math.sqrt(0.8)) < 1e-6);
});

test("with --update-table-ms, a vector index added by UpdateTable refuses searches until its backfill ends", async () => {
  const slow = await startDynamini(["--no-inbox", "--update-table-ms", "1500"]);
  try {
    await slow.client.send(new CreateTableCommand({ TableName: "later", BillingMode: "PAY_PER_REQUEST",
      AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }],
      KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }] }));
    await slow.client.send(new PutItemCommand({ TableName: "later", Item: { pk: { S: "a" }, v: { L: N([1, 0, 0]) } } }));
    await slow.client.send(new UpdateTableCommand({ TableName: "later",
      VectorIndexUpdates: [{ Create: { IndexName: "vix", VectorAttribute: { AttributeName: "v" }, Dimensions: 3,
        DistanceFunction: "COSINE", Projection: { ProjectionType: "ALL" } } }] }));
    const search = new SearchVectorsCommand({ TableName: "later", IndexName: "vix", SearchVector: N([1, 0, 0]), TopK: 1 });
    const d = await slow.client.send(new DescribeTableCommand({ TableName: "later" }));
    assert.equal(d.Table.TableStatus, "UPDATING");
    assert.equal(d.Table.VectorIndexes[0].IndexStatus, "CREATING");
    await assert.rejects(slow.client.send(search), (e) => e.name === "ValidationException" &&
      e.message === "Cannot search backfilling vector index: vix" && e.$metadata.httpStatusCode === 400);
    const deadline = Date.now() + 10000;
    for (;;) {
      const t = (await slow.client.send(new DescribeTableCommand({ TableName: "later" }))).Table;
      if (t.TableStatus === "ACTIVE" && t.VectorIndexes[0].IndexStatus === "ACTIVE") break;
      assert.ok(Date.now() < deadline, "the window ends");
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal((await slow.client.send(search)).SearchResults[0].Item.pk.S, "a");
  } finally {
    await slow.stop();
  }
});
