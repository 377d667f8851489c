// The classroom in one file (tools/wasm/build.sh's dynamini-classroom.html,
// DYNAMINI_CLASSROOM): opened from file:// in headless Chromium with the
// network off and every request to anywhere recorded, with no server. The
// console is the server's own (server/console/*.js) with the engine in the
// page: each shipped model's patterns, a transaction with its AWS CLI line in
// the request log, a stream read and a TTL expiry, the picture's lines before
// and after marking a notification read, a lesson, and the database saved
// to a file and loaded back. Registered by tests/wasm/CMakeLists.txt.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";

const CLASSROOM = process.env.DYNAMINI_CLASSROOM;
const UNREAD_SK = "NOTIF#01HWYQRBZ07H6NWVVGG69A7D65";  // u_alice's newest sample notification
const READ_SK = "NOTIF#01HWSPZ3H038NKRKAYDXR834N3";

let context, page, work;
const requested = [];  // every request the page made that is not the file itself

before(async () => {
  assert.ok(CLASSROOM, "DYNAMINI_CLASSROOM must name dynamini-classroom.html");
  work = mkdtempSync(path.join(tmpdir(), "dynamini-classroom-"));
  context = await chromium.launchPersistentContext(path.join(work, "profile"), {
    executablePath: process.env.DYNAMINI_CHROMIUM ?? "/usr/bin/chromium",
    headless: true,
    offline: true,
    acceptDownloads: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    viewport: { width: 1600, height: 1000 },
  });
  await context.route((url) => !["file:", "data:", "blob:"].includes(url.protocol), (route) => {
    requested.push(route.request().url());
    return route.abort();
  });
  context.on("request", (request) => {
    if (!request.url().startsWith("file://") && !request.url().startsWith("data:") && !request.url().startsWith("blob:")) {
      requested.push(request.url());
    }
  });
  page = await context.newPage();
  page.setDefaultTimeout(20000);
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(pathToFileURL(CLASSROOM).href);
  await page.locator("body[data-ready=true]").waitFor({ timeout: 60000 });
  assert.deepEqual(errors, []);
});

after(async () => {
  await context?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

async function openTab(name) {
  await page.locator(`[role=tab][data-tab="${name}"]`).click();
  await page.locator(`#tab-${name}.active`).waitFor();
}

async function runPattern(id) {
  await page.locator(`.pattern[data-pattern="${id}"]`).click();
  await page.locator(`#pattern-detail .pattern-title`, { hasText: `${id} ·` }).waitFor();
  await page.waitForFunction(() => [...document.querySelectorAll("#pattern-params select")]
    .every((s) => s.options.length > 0));
  await page.locator("#run-pattern").click();
  const note = page.locator("#pattern-outcome .note");
  await note.waitFor({ timeout: 30000 });
  return { text: await note.innerText(), failed: await note.evaluate((n) => n.classList.contains("error-box")) };
}

// Sends one request from the "Any request" tab; returns the result's text.
async function anyRequest(operation, request) {
  await openTab("any");
  await page.locator("#any-op").selectOption(operation);
  await page.locator("#any-body").fill(JSON.stringify(request, null, 2));
  await page.locator("#any-result").evaluate((n) => { n.textContent = ""; });
  await page.locator("#any-send").click();
  await page.locator("#any-result .note, #any-result .error-box, #any-result pre").first().waitFor();
  return page.locator("#any-result").innerText();
}

test("nothing is loaded from anywhere: the page is the whole classroom", async () => {
  assert.equal(await page.title(), "dynamini classroom");
  assert.match(await page.locator("#model-title").innerText(), /Notification inbox/);
  assert.deepEqual(requested, []);
});

test("the picture: a line from the unread notification to GSI1; none once it is marked read", async () => {
  await openTab("patterns");
  const lines = await (await page.waitForFunction(([unread, read]) => {
    const grid = document.querySelector("#picture-body .pic-grid");
    if (!grid || !(Number(grid.dataset.links) > 0)) return null;
    return { unread: grid.querySelectorAll(`path.link[data-index="GSI1"][data-sk="${unread}"]`).length,
             read: grid.querySelectorAll(`path.link[data-sk="${read}"]`).length };
  }, [UNREAD_SK, READ_SK])).jsonValue();
  assert.deepEqual(lines, { unread: 1, read: 0 });
  await page.locator(`.pic-table button.item[data-sk="${UNREAD_SK}"]`).click();
  await page.locator('.pattern.selected[data-pattern="AP3"]').waitFor();
  await page.locator("#run-pattern").click();
  await page.locator("#pattern-outcome .note", { hasText: "marked read; badge decremented" }).waitFor();
  await page.locator(`#index-GSI1 .item.leaving[data-sk="${UNREAD_SK}"]`).waitFor();
  assert.equal(await page.locator(`path.link:not(.leaving)[data-sk="${UNREAD_SK}"]`).count(), 0);
  assert.equal(await page.locator(`.pic-table .item[data-sk="${UNREAD_SK}"] .idx.no`).count(), 1);
});

for (const [name, title] of [["shop", "Single-table shop"], ["notifications", "Notifications feed"],
                             ["inbox", "Notification inbox"]]) {
  test(`the ${name} model: every pattern runs`, async () => {
    await openTab("patterns");
    await Promise.all([page.waitForEvent("load"), page.locator("#model-select").selectOption(name)]);
    await page.locator("body[data-ready=true]").waitFor({ timeout: 60000 });
    await page.locator("#model-title", { hasText: title }).waitFor();
    const ids = await page.locator(".pattern").evaluateAll((b) => b.map((x) => x.dataset.pattern));
    assert.ok(ids.length >= 6);
    for (const id of ids) {
      const outcome = await runPattern(id);
      assert.equal(outcome.failed, false, `${name} ${id}: ${outcome.text}`);
    }
  });
}

test("a transaction, its AWS CLI line in the request log, a stream read and a TTL expiry", async () => {
  const stream = { StreamEnabled: true, StreamViewType: "NEW_AND_OLD_IMAGES" };
  assert.match(await anyRequest("CreateTable", {
    TableName: "classroom", BillingMode: "PAY_PER_REQUEST", StreamSpecification: stream,
    AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }],
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
  }), /"TableStatus": "CREATING"/);  // as DynamoDB answers it; ACTIVE at once (no delays)
  await anyRequest("UpdateTimeToLive", { TableName: "classroom",
    TimeToLiveSpecification: { Enabled: true, AttributeName: "expires" } });
  const past = String(Math.floor(Date.now() / 1000) - 60);
  await anyRequest("TransactWriteItems", { TransactItems: [
    { Put: { TableName: "classroom", Item: { pk: { S: "stays" } } } },
    { Put: { TableName: "classroom", Item: { pk: { S: "expired" }, expires: { N: past } } } },
  ] });
  await openTab("log");
  const row = page.locator("#log-table tr.entry", { hasText: "TransactWriteItems" }).first();
  await row.click();
  const cli = await page.locator("#log-table tr.entry-details:not([hidden]) pre.cli").first().innerText();
  assert.match(cli, /^aws dynamodb transact-write-items/);
  // The sweep (every second, in the page's timer) deletes the expired item:
  // the stream shows both inserts and the TTL's REMOVE.
  await openTab("streams");
  await page.locator("#streams-table").selectOption("classroom");
  // Refreshed until the sweep's REMOVE shows (each refresh replaces the
  // view: read in one go from one rendering).
  let shown = null;
  for (let i = 0; i < 40 && !shown; ++i) {
    await page.locator("#streams-refresh").click();
    await page.waitForTimeout(500);
    shown = await page.evaluate(() => {
      const body = document.getElementById("streams-body");
      if (!body.textContent.includes("Stream · classroom")) return null;
      const removes = [...body.querySelectorAll(".record.REMOVE")].map((r) => r.textContent);
      return removes.length === 1 ? { removes, inserts: body.querySelectorAll(".record.INSERT").length } : null;
    });
  }
  assert.ok(shown, "the TTL sweep's REMOVE record is shown within 20 s");
  assert.equal(shown.inserts, 2);
  assert.match(shown.removes[0], /expired/);
  assert.match(await anyRequest("Scan", { TableName: "classroom", Select: "COUNT" }), /"Count": 1\b|Count\D+1\b/);
});

test("a lesson end to end: predict, run, compare", async () => {
  await openTab("lessons");
  await page.locator('.lesson-link[data-lesson="inbox/sparse-index"]').click();
  await page.locator("#lesson-title", { hasText: "A sparse index holds only what carries its keys" }).waitFor();
  await page.locator("#lesson-start").click();
  const answer = async (prediction) => {
    await page.locator("#lesson-answer").waitFor();
    await page.locator("#lesson-answer").fill(String(prediction));
    await page.keyboard.press("Enter");
    await page.locator("#lesson-verdict").waitFor();
    return page.locator("#lesson-verdict").innerText();
  };
  assert.equal(await answer(2), "Right: the answer is 2.");
  await page.locator("#lesson-next").click();
  assert.match(await answer(999), /^Not quite: the answer is \d+\.$/);
  await page.locator("#lesson-next").click();
  assert.equal(await answer(1), "Right: the answer is 1.");
  await page.locator("#lesson-next").click();
  assert.equal(await page.locator("#lesson-done").innerText(), "Lesson complete: 2 of 3 predictions right.");
});

test("the whole database saved to a file and loaded back", async () => {
  const [download] = await Promise.all([page.waitForEvent("download"), page.locator("#db-save").click()]);
  const saved = path.join(work, "saved.db");
  await download.saveAs(saved);
  assert.equal(readFileSync(saved).subarray(0, 15).toString(), "SQLite format 3");
  assert.match(await anyRequest("DeleteTable", { TableName: "classroom" }), /DELETING|DeleteTable|classroom/);
  assert.doesNotMatch(await anyRequest("ListTables", {}), /"classroom"/);
  await page.locator("#db-file").setInputFiles(saved);
  await page.locator("body[data-loaded='saved.db']").waitFor();
  assert.match(await anyRequest("ListTables", {}), /"classroom"/);
  assert.match(await anyRequest("Scan", { TableName: "classroom" }), /stays/);
  assert.deepEqual(requested, []);
});
