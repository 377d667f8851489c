// The teaching console (GET /console) in headless Chromium against a server
// with the inbox preloaded: AP1 with paging, AP3 taking an item out of the
// GSI1 picture, an error from the request builder, the request log, tables.
// Screenshots go to $DYNAMINI_ARTIFACTS (default: <build>/artifacts/console).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { BatchWriteCommand, GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { startDynamini } from "./harness.mjs";

const CHROMIUM = process.env.DYNAMINI_CHROMIUM ?? "/usr/bin/chromium";
const ARTIFACTS = process.env.DYNAMINI_ARTIFACTS ??
  path.resolve(path.dirname(process.env.DYNAMINI_BIN ?? "."), "..", "artifacts", "console");
const UNREAD_SK = "NOTIF#01HWYQRBZ07H6NWVVGG69A7D65";  // u_alice's newest sample notification
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

test("the console loads from the server and draws the table and GSI1", async () => {
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const response = await page.goto(`${server.endpoint}/console`);
  assert.equal(response.status(), 200);
  assert.match(response.headers()["content-type"], /^text\/html/);
  await page.locator(".partition-head", { hasText: "pk = USER#u_alice" }).waitFor();
  const gsi = page.locator("#gsi-view");
  await gsi.locator(`.item[data-sk="${UNREAD_SK}"]`).waitFor();
  // The read sample notification is in the table but not in the sparse index.
  assert.equal(await gsi.locator('.item[data-sk="NOTIF#01HWSPZ3H038NKRKAYDXR834N3"]').count(), 0);
  assert.equal(await page.locator('.pic-table .item[data-sk="NOTIF#01HWSPZ3H038NKRKAYDXR834N3"] .idx.no').count(), 1);
  await shot("01-loaded");
  assert.deepEqual(errors, []);
});

test("AP1 shows Count, ScannedCount and cost, and pages with LastEvaluatedKey", async () => {
  await page.locator('.pattern[data-pattern="ap1"]').click();
  await page.locator("#run-pattern").click();
  const result = page.locator("#pattern-transcript .result").first();
  await result.locator(".metric", { hasText: "ScannedCount" }).waitFor();
  assert.equal(await metric(result, "Count"), "20");
  assert.equal(await metric(result, "ScannedCount"), "20");
  assert.match(await metric(result, "ConsumedCapacity"), /RCU/);
  assert.match(await result.locator(".paging code").innerText(), /USER#u_alice/);
  const sent = JSON.parse(await page.locator("#pattern-detail textarea").first().inputValue());
  assert.equal(sent.ScanIndexForward, false);
  await shot("02-ap1-first-page");

  await result.locator("button.next-page").click();
  const second = page.locator("#pattern-transcript .result", { hasText: "page 2" });
  await second.waitFor();
  assert.equal(await metric(second, "Count"), String(SEEDED + 3 - 20));
  await second.locator(".paging.done").waitFor();
  const edited = JSON.parse(await page.locator("#pattern-detail textarea").first().inputValue());
  assert.ok(edited.ExclusiveStartKey, "the request shown carries ExclusiveStartKey");
  await shot("03-ap1-next-page");
});

test("marking one read moves it out of the GSI1 view and lowers the badge", async () => {
  const badge = page.locator('.partition[data-pk="USER#u_alice"] .badge');
  const before = Number((await badge.innerText()).replace(/\D/g, ""));
  await page.locator(`.pic-table .item[data-sk="${UNREAD_SK}"]`).click();
  await page.locator("#ap3-notification").waitFor();
  // The choice is filled in once the console has listed the unread items,
  // which takes longer on a slow (sanitizer) build: wait for it, then check.
  await page.waitForFunction(
    (sk) => document.querySelector("#ap3-notification")?.value === sk, UNREAD_SK, { timeout: 10000 })
    .catch(() => {});
  assert.equal(await page.locator("#ap3-notification").inputValue(), UNREAD_SK);
  await page.locator("#run-pattern").click();
  await page.locator("#pattern-transcript .result").nth(1).waitFor();
  const gsi = page.locator("#gsi-view");
  await gsi.locator(`.item.leaving[data-sk="${UNREAD_SK}"]`).waitFor();
  assert.equal(await gsi.locator(`.item:not(.leaving)[data-sk="${UNREAD_SK}"]`).count(), 0);
  await page.waitForFunction((n) => document.querySelector('.partition[data-pk="USER#u_alice"] .badge')
    ?.textContent.includes(String(n)), before - 1);
  await shot("04-ap3-marked-read");
  const item = await server.doc.send(new GetCommand({ TableName: "inbox", Key: { pk: "USER#u_alice", sk: UNREAD_SK } }));
  assert.equal(item.Item.gsi1pk, undefined);
  assert.equal(item.Item.read, true);
});

test("a free-form request with an error shows DynamoDB's error", async () => {
  await page.locator('[data-tab="any"]').click();
  await page.locator("#any-op").selectOption("GetItem");
  await page.locator("#any-body").fill(JSON.stringify({ TableName: "no_such_table", Key: { pk: { S: "x" } } }, null, 2));
  assert.match(await page.locator("#any-cli").innerText(), /aws dynamodb get-item .*--table-name no_such_table/s);
  await page.locator("#any-send").click();
  const error = page.locator("#any-result .error-box");
  await error.waitFor();
  assert.match(await error.innerText(), /ResourceNotFoundException/);
  assert.match(await page.locator("#any-result .metric", { hasText: "status" }).innerText(), /400/);
  await shot("05-any-request-error");
});

test("the request log shows other clients' requests with an aws cli command", async () => {
  await server.doc.send(new GetCommand({ TableName: "inbox", Key: { pk: "USER#u_alice", sk: "#INBOX" },
                                         ReturnConsumedCapacity: "TOTAL" }));
  await page.locator('[data-tab="log"]').click();
  const row = page.locator("#log-table tr.entry", { hasText: "GetItem" }).filter({ hasText: "js sdk" })
    .filter({ hasText: "0.5 RCU" }).first();
  await row.waitFor();
  assert.match(await row.locator("td.key").innerText(), /USER#u_alice \/ #INBOX/);
  await page.locator("#log-table tr.entry", { hasText: "no_such_table" }).first().waitFor();
  await row.click();
  const cli = page.locator("#log-table tr.entry-details:not([hidden]) pre.cli").first();
  assert.match(await cli.innerText(), /aws dynamodb get-item --endpoint-url http:\/\/127\.0\.0\.1:\d+/);
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

async function metric(scope, label) {
  const m = scope.locator(".metric").filter({ has: page.locator(".label", { hasText: new RegExp(`^${label}$`) }) });
  return (await m.locator(".value").innerText()).trim();
}
