// The teaching console (GET /console) in headless Chromium against a server
// with the inbox preloaded. The console knows no model: its patterns, the
// picture's entities and index come from the catalogue the server publishes
// (GET /console/api/model), and patterns run on the server (POST
// /console/api/model/run). Covered: the catalogue driving the page, AP1 with
// paging, AP3 taking an item out of the GSI1 picture in one transaction, an
// error from the request builder, the request log (server-rendered cost and
// AWS CLI command), tables, streams, and a server without a model.
// Screenshots go to $DYNAMINI_ARTIFACTS (default: <build>/artifacts/console).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { CreateTableCommand, DescribeTableCommand, PutItemCommand } from "@aws-sdk/client-dynamodb";
import { BatchWriteCommand, GetCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { startDynamini } from "./harness.mjs";

const CHROMIUM = process.env.DYNAMINI_CHROMIUM ?? "/usr/bin/chromium";
const ARTIFACTS = process.env.DYNAMINI_ARTIFACTS ??
  path.resolve(path.dirname(process.env.DYNAMINI_BIN ?? "."), "..", "artifacts", "console");
const UNREAD_ID = "01HWYQRBZ07H6NWVVGG69A7D65";  // u_alice's newest sample notification
const UNREAD_SK = `NOTIF#${UNREAD_ID}`;
const SEEDED = 30;

let server, context, page, profile;

async function shot(name) {
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}

before(async () => {
  mkdirSync(ARTIFACTS, { recursive: true });
  server = await startDynamini([]);  // with the inbox
  // 30 more unread notifications for u_alice, through the SDK, so AP1 pages.
  const items = Array.from({ length: SEEDED }, (_, i) => {
    const id = `02${String(i).padStart(24, "0")}`;
    return { pk: "USER#u_alice", sk: `NOTIF#${id}`, gsi1pk: "UNREAD#u_alice", gsi1sk: `NOTIF#${id}`,
             userId: "u_alice", notifId: id, type: "like", read: false, payload: { preview: `Seeded like ${i}` } };
  });
  for (let i = 0; i < items.length; i += 25) {
    await server.doc.send(new BatchWriteCommand({
      RequestItems: { inbox: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
  }
  await server.doc.send(new UpdateCommand({ TableName: "inbox", Key: { pk: "USER#u_alice", sk: "#INBOX" },
    UpdateExpression: "ADD unreadCount :n", ExpressionAttributeValues: { ":n": SEEDED } }));

  profile = mkdtempSync(path.join(tmpdir(), "dynamini-chromium-"));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
           "--disable-component-update", "--disable-sync"],
    viewport: { width: 1600, height: 1000 },
  });
  page = context.pages()[0] ?? await context.newPage();
  page.setDefaultTimeout(15000);
  // The console must need nothing but this server.
  const endpointOrigin = new URL(server.endpoint).origin;
  await page.route("**/*", (route) =>
    new URL(route.request().url()).origin === endpointOrigin ? route.continue() : route.abort());
});

after(async () => {
  await context?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
  await server?.stop();
});

test("the console loads from the server and draws the table and GSI1 the catalogue names", async () => {
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const response = await page.goto(`${server.endpoint}/console`);
  assert.equal(response.status(), 200);
  assert.match(response.headers()["content-type"], /^text\/html/);
  // The pattern buttons are the catalogue's patterns, in its order.
  const catalogue = await page.evaluate(() => fetch("/console/api/model").then((r) => r.json()));
  assert.equal(catalogue.table, "inbox");
  assert.equal(catalogue.index, "GSI1");
  await page.locator(".pattern").first().waitFor();
  assert.deepEqual(await page.locator(".pattern").evaluateAll((b) => b.map((x) => x.dataset.pattern)),
                   catalogue.patterns.map((p) => p.id));
  assert.ok(["AP1", "AP2", "AP3", "AP4", "AP5"].every((id) => catalogue.patterns.some((p) => p.id === id)));
  await page.locator(".partition-head", { hasText: "pk = USER#u_alice" }).waitFor();
  const gsi = page.locator("#index-GSI1");
  await gsi.locator(`.item[data-sk="${UNREAD_SK}"]`).waitFor();
  // The read sample notification is in the table but not in the sparse index.
  assert.equal(await gsi.locator('.item[data-sk="NOTIF#01HWSPZ3H038NKRKAYDXR834N3"]').count(), 0);
  assert.equal(await page.locator('.pic-table .item[data-sk="NOTIF#01HWSPZ3H038NKRKAYDXR834N3"] .idx.no').count(), 1);
  // Items are drawn as the catalogue's entities, recognised by their keys.
  assert.match(await page.locator(`.pic-table .item[data-sk="${UNREAD_SK}"] .chip`).innerText(), /Notification/);
  assert.match(await page.locator('.pic-table .item[data-sk="#INBOX"] .chip').innerText(), /InboxMeta/);
  await shot("01-loaded");
  assert.deepEqual(errors, []);
});

test("AP1 runs on the server from its template, shows Count, ScannedCount and cost, and pages", async () => {
  await page.locator('.pattern[data-pattern="AP1"]').click();
  // The step shows the catalogue's request template, placeholders and all.
  assert.match(await page.locator("#pattern-detail .step").first().innerText(), /USER#\{\{user\}\}/);
  await page.locator("#run-pattern").click();
  const result = page.locator("#pattern-transcript .result").first();
  await result.locator(".metric", { hasText: "ScannedCount" }).waitFor();
  assert.equal(await metric(result, "Count"), "20");
  assert.equal(await metric(result, "ScannedCount"), "20");
  assert.match(await metric(result, "ConsumedCapacity"), /RCU/);
  assert.match(await page.locator("#pattern-totals").innerText(), /1 request.*RCU/s);
  assert.match(await result.locator(".paging code").innerText(), /USER#u_alice/);
  const sent = JSON.parse(await result.locator("details.sent pre").textContent());
  assert.equal(sent.ScanIndexForward, false);
  assert.equal(sent.Limit, 20);
  assert.match(await result.locator("details.aws-cli pre").textContent(), /^aws dynamodb query --table-name inbox /);
  await shot("02-ap1-first-page");

  await result.locator("button.next-page").click();
  const second = page.locator("#pattern-transcript .result", { hasText: "page 2" });
  await second.waitFor();
  assert.equal(await metric(second, "Count"), String(SEEDED + 3 - 20));
  await second.locator(".paging.done").waitFor();
  const resent = JSON.parse(await second.locator("details.sent pre").textContent());
  assert.equal(resent.ExclusiveStartKey.pk.S, "USER#u_alice", "page 2 resumes from LastEvaluatedKey");
  assert.match(await page.locator("#param-cursor").inputValue(), /USER#u_alice/);
  await shot("03-ap1-next-page");
});

test("marking one read from the picture runs AP3: one transaction, out of GSI1, counter down", async () => {
  const counter = page.locator('.partition[data-pk="USER#u_alice"] .counter');
  const before = Number((await counter.innerText()).replace(/\D/g, ""));
  await page.locator(`.pic-table .item[data-sk="${UNREAD_SK}"]`).click();
  await page.locator('.pattern.selected[data-pattern="AP3"]').waitFor();
  // The item's keys gave the parameters; the choice list is filled from AP4,
  // which takes longer on a slow (sanitizer) build: wait for it, then check.
  await page.waitForFunction(
    (id) => document.querySelector("#param-notifId")?.value === id, UNREAD_ID, { timeout: 10000 })
    .catch(() => {});
  assert.equal(await page.locator("#param-notifId").inputValue(), UNREAD_ID);
  await page.locator("#run-pattern").click();
  await page.locator("#pattern-outcome .note").waitFor();
  assert.match(await page.locator("#pattern-outcome").innerText(), /marked read; badge decremented/);
  const results = page.locator("#pattern-transcript .result");
  assert.equal(await results.count(), 1);
  assert.match(await results.first().locator(".op").innerText(), /TransactWriteItems/);
  assert.match(await results.first().innerText(), /leave GSI1 and take one off the badge/);
  assert.match(await metric(results.first(), "ConsumedCapacity"), /WCU/);
  const gsi = page.locator("#index-GSI1");
  await gsi.locator(`.item.leaving[data-sk="${UNREAD_SK}"]`).waitFor();
  assert.equal(await gsi.locator(`.item:not(.leaving)[data-sk="${UNREAD_SK}"]`).count(), 0);
  await page.waitForFunction((n) => document.querySelector('.partition[data-pk="USER#u_alice"] .counter')
    ?.textContent.includes(String(n)), before - 1);
  await shot("04-ap3-marked-read");
  const item = await server.doc.send(new GetCommand({ TableName: "inbox", Key: { pk: "USER#u_alice", sk: UNREAD_SK } }));
  assert.equal(item.Item.gsi1pk, undefined);
  assert.equal(item.Item.read, true);
});

test("the run route refuses an unknown pattern or a missing parameter, sending nothing", async () => {
  const run = (body) => page.evaluate((b) => fetch("/console/api/model/run", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(b) })
    .then(async (r) => [r.status, await r.json()]), body);
  const [status, body] = await run({ pattern: "AP3", params: { user: "u_alice" } });
  assert.equal(status, 400);
  assert.match(body.error, /needs parameter notifId/);
  const [unknown, why] = await run({ pattern: "AP9", params: {} });
  assert.equal(unknown, 400);
  assert.match(why.error, /no pattern AP9/);
});

test("a free-form request with an error shows DynamoDB's error", async () => {
  await page.locator('[data-tab="any"]').click();
  await page.locator("#any-op").selectOption("GetItem");
  await page.locator("#any-body").fill(JSON.stringify({ TableName: "no_such_table", Key: { pk: { S: "x" } } }, null, 2));
  // The command is rendered by the server as the request is edited.
  await page.waitForFunction(() => /--table-name no_such_table/.test(document.querySelector("#any-cli").textContent));
  assert.match(await page.locator("#any-cli").innerText(), /aws dynamodb get-item .*--table-name no_such_table/s);
  await page.locator("#any-send").click();
  const error = page.locator("#any-result .error-box");
  await error.waitFor();
  assert.match(await error.innerText(), /ResourceNotFoundException/);
  assert.match(await page.locator("#any-result .metric", { hasText: "status" }).innerText(), /400/);
  await shot("05-any-request-error");
});

test("any request sends a GSI with a multi-attribute key, and a Query on it that pages", async () => {
  const send = async (op, request) => {
    await page.locator('[data-tab="any"]').click();
    await page.locator("#any-op").selectOption(op);
    await page.locator("#any-body").fill(JSON.stringify(request, null, 2));
    await page.locator("#any-send").click();
    const result = page.locator("#any-result .result");
    await result.waitFor();
    return result;
  };
  const created = await send("CreateTable", {
    TableName: "matches", BillingMode: "PAY_PER_REQUEST",
    AttributeDefinitions: ["pk", "tournamentId", "region", "round"].map((n) =>
      ({ AttributeName: n, AttributeType: n === "round" ? "N" : "S" })),
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
    GlobalSecondaryIndexes: [{ IndexName: "ByRound", Projection: { ProjectionType: "ALL" }, KeySchema: [
      { AttributeName: "tournamentId", KeyType: "HASH" }, { AttributeName: "region", KeyType: "HASH" },
      { AttributeName: "round", KeyType: "RANGE" }] }],
  });
  assert.match(await created.locator(".metric", { hasText: "status" }).innerText(), /200 OK/);
  for (const [pk, round] of [["a", 3], ["b", 1], ["c", 2]]) {
    await server.doc.send(new PutCommand({ TableName: "matches", Item: { pk, tournamentId: "T", region: "EU", round } }));
  }
  const queried = await send("Query", {
    TableName: "matches", IndexName: "ByRound", Limit: 2,
    KeyConditionExpression: "tournamentId = :t AND #r = :r AND #n >= :n",
    ExpressionAttributeNames: { "#r": "region", "#n": "round" },
    ExpressionAttributeValues: { ":t": { S: "T" }, ":r": { S: "EU" }, ":n": { N: "1" } },
  });
  assert.match(await queried.locator(".metric", { hasText: "Count" }).first().innerText(), /2/);
  // LastEvaluatedKey holds the table key and every index key attribute (the page's last item,
  // c: round 2); the next page follows from it.
  const lek = (await queried.locator(".paging code").innerText()).split(" / ");
  assert.deepEqual([...lek].sort(), ["2", "EU", "T", "c"]);
  await queried.locator(".next-page").click();
  await page.locator("#any-result .paging.done").waitFor();
  assert.match(await page.locator("#any-result .response").innerText(), /"a"/);
  await shot("05b-any-request-multi-attribute-gsi");
});

test("a free-form SearchVectors request is sent and its results shown", async () => {
  await server.client.send(new CreateTableCommand({ TableName: "vecs", BillingMode: "PAY_PER_REQUEST",
    AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }],
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
    VectorIndexes: [{ IndexName: "vix", VectorAttribute: { AttributeName: "v" }, Dimensions: 3,
      DistanceFunction: "COSINE", Projection: { ProjectionType: "ALL" } }] }));
  await server.client.send(new PutItemCommand({ TableName: "vecs",
    Item: { pk: { S: "nearest-one" }, v: { L: [{ N: "1" }, { N: "0" }, { N: "0" }] } } }));
  await page.locator('[data-tab="any"]').click();
  await page.locator("#any-op").selectOption("SearchVectors");
  await page.locator("#any-body").fill(JSON.stringify({ TableName: "vecs", IndexName: "vix",
    SearchVector: [{ N: "1" }, { N: "0" }, { N: "0" }], TopK: 5 }, null, 2));
  await page.waitForFunction(() => /search-vectors/.test(document.querySelector("#any-cli").textContent));
  await page.locator("#any-send").click();
  await page.locator("#any-result", { hasText: "nearest-one" }).waitFor();
  assert.match(await page.locator("#any-result .metric", { hasText: "status" }).innerText(), /200/);
});

test("any request sends the table features: a policy by its example, DescribeTable by ARN", async () => {
  await page.locator('[data-tab="any"]').click();
  await page.locator("#any-op").selectOption("PutResourcePolicy");
  // The example is built from the model's table: its ARN and a policy document.
  await page.waitForFunction(() => /"ResourceArn": "arn:aws:dynamodb:/.test(document.querySelector("#any-body").value));
  await page.locator("#any-send").click();
  await page.locator("#any-result .result.ok").waitFor();
  assert.match(await page.locator("#any-result .response").innerText(), /RevisionId/);
  await page.locator("#any-op").selectOption("DescribeTable");
  await page.waitForFunction(() => /"TableName": "arn:aws:dynamodb:/.test(document.querySelector("#any-body").value));
  await page.locator("#any-send").click();
  await page.locator("#any-result .result.ok").waitFor();
  assert.match(await page.locator("#any-result .response").innerText(), /WarmThroughput/);
  await page.locator("#any-op").selectOption("DeleteResourcePolicy");
  await page.waitForFunction(() => !/"Policy"/.test(document.querySelector("#any-body").value));
  await page.locator("#any-send").click();
  await page.locator("#any-result .result.ok").waitFor();
});

test("the request log shows other clients' requests with an aws cli command", async () => {
  await server.doc.send(new GetCommand({ TableName: "inbox", Key: { pk: "USER#u_alice", sk: "#INBOX" },
                                         ReturnConsumedCapacity: "TOTAL" }));
  await page.locator('[data-tab="log"]').click();
  // Every logged call is measured now, so earlier GetItems from this client show a cost too: pick
  // this request's row by its key, then check the cost the log shows for it.
  const row = page.locator("#log-table tr.entry", { hasText: "GetItem" }).filter({ hasText: "js sdk" })
    .filter({ hasText: "USER#u_alice / #INBOX" }).first();
  await row.waitFor();
  assert.match(await row.innerText(), /0\.5 RCU/);
  await page.locator("#log-table tr.entry", { hasText: "no_such_table" }).first().waitFor();
  await row.click();
  const cli = page.locator("#log-table tr.entry-details:not([hidden]) pre.cli").first();
  assert.match(await cli.innerText(), /^aws dynamodb get-item --table-name inbox .*--endpoint-url http:\/\/127\.0\.0\.1:\d+$/s);
  // The console's pattern runs are in the log too, sent by the server on its behalf.
  await page.locator("#log-table tr.entry", { hasText: "TransactWriteItems" }).filter({ hasText: "console" })
    .filter({ hasText: "WCU" }).first().waitFor();
  await shot("06-request-log");
});

test("the tables view lists indexes and pages through items", async () => {
  await page.locator('[data-tab="tables"]').click();
  const detail = page.locator("#table-detail");
  await detail.locator("td code", { hasText: /^GSI1$/ }).waitFor();
  assert.match(await detail.locator("table.grid").first().innerText(), /gsi1pk \(HASH\), gsi1sk \(RANGE\)\s+ALL/);
  await detail.locator("#next-items").waitFor();
  const firstPage = await detail.locator("table.items tbody").innerText();
  await detail.locator("#next-items").click();
  await detail.locator("h3", { hasText: "page 2" }).waitFor();
  assert.notEqual(await detail.locator("table.items tbody").innerText(), firstPage);
  await shot("07-tables");
});

test("the streams and TTL view shows each setting", async () => {
  await page.locator('[data-tab="streams"]').click();
  await page.locator("#streams-body h2", { hasText: "Time to live" }).waitFor();
  await page.locator("#streams-body h2", { hasText: "Stream" }).waitFor();
  await shot("08-streams-ttl");
});

test("any request sends DescribeStream with ShardFilter and paging members", async () => {
  const table = await server.client.send(new DescribeTableCommand({ TableName: "inbox" }));
  const arn = table.Table.LatestStreamArn;
  await page.locator('[data-tab="any"]').click();
  await page.locator("#any-op").selectOption("DescribeStream");
  await page.locator("#any-body").fill(JSON.stringify({ StreamArn: arn, Limit: 1 }, null, 2));
  await page.locator("#any-send").click();
  const shardId = await page.waitForFunction(
    () => document.querySelector("#any-result")?.innerText.match(/shardId-\d{20}-[0-9a-f]{8}/)?.[0]);
  const parent = await shardId.jsonValue();
  const request = { StreamArn: arn, ShardFilter: { Type: "CHILD_SHARDS", ShardId: parent } };
  await page.locator("#any-body").fill(JSON.stringify(request, null, 2));
  await page.waitForFunction(() => /--shard-filter/.test(document.querySelector("#any-cli").textContent));
  assert.match(await page.locator("#any-cli").innerText(),
               /aws dynamodbstreams describe-stream --stream-arn \S+ --shard-filter /);
  await page.locator("#any-send").click();
  await page.locator("#any-result .metric", { hasText: "status" }).filter({ hasText: "200" }).waitFor();
  // The open shard has no child yet: an empty list, no error.
  assert.equal(await page.locator("#any-result .error-box").count(), 0);
});

async function metric(scope, label) {
  const m = scope.locator(".metric").filter({ has: page.locator(".label", { hasText: new RegExp(`^${label}$`) }) });
  return (await m.locator(".value").innerText()).trim();
}

test("without a model the console offers no patterns but tables, any request and the log work", async () => {
  const bare = await startDynamini(["--no-inbox"]);
  const other = await context.newPage();
  try {
    const errors = [];
    other.on("pageerror", (e) => errors.push(e.message));
    await bare.client.send(new CreateTableCommand({ TableName: "things", BillingMode: "PAY_PER_REQUEST",
      AttributeDefinitions: [{ AttributeName: "id", AttributeType: "S" }], KeySchema: [{ AttributeName: "id", KeyType: "HASH" }] }));
    await bare.doc.send(new PutCommand({ TableName: "things", Item: { id: "t1", colour: "red" } }));
    const catalogue = await other.request.get(`${bare.endpoint}/console/api/model`);
    assert.equal(catalogue.status(), 404);
    await other.goto(`${bare.endpoint}/console`);
    await other.locator("#table-detail h2", { hasText: "things" }).waitFor();  // opens on Tables
    assert.equal(await other.locator(".pattern").count(), 0);
    assert.equal(await other.locator("#picture").isHidden(), true);
    await other.locator('[data-tab="any"]').click();
    // The example is built from the table that exists, with a real key.
    await other.waitForFunction(() => document.querySelector("#any-body").value.includes('"t1"'));
    await other.locator("#any-send").click();
    await other.locator("#any-result .metric", { hasText: "ConsumedCapacity" }).waitFor();
    assert.match(await other.locator("#any-result").innerText(), /0\.5 RCU/);
    await other.locator('[data-tab="patterns"]').click();
    await other.locator("#no-model").waitFor();
    await other.screenshot({ path: path.join(ARTIFACTS, "09-no-model.png"), fullPage: true });
    assert.deepEqual(errors, []);
  } finally {
    await other.close();
    await bare.stop();
  }
});
