// Who may reach dynamini (docs/security.md), with a real browser and the
// JS SDK. Headless Chromium loads pages that call dynamini with fetch: one
// served from another loopback port (allowed), the same page under the name
// evil.test, which Chromium resolves to 127.0.0.1 (--host-resolver-rules),
// refused; and dynamini itself opened as evil.test (DNS rebinding) gets 403.
// The JS SDK keeps working with each default: a loopback server, a
// non-loopback --host (any Host name), and the buckets a non-loopback --host
// confines to the folder beside its --db file.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import http from "node:http";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import {
  CreateTableCommand, DescribeExportCommand, DescribeTableCommand, DynamoDBClient,
  ExportTableToPointInTimeCommand, GetItemCommand, ListTablesCommand, PutItemCommand,
  UpdateContinuousBackupsCommand,
} from "@aws-sdk/client-dynamodb";
import { startDynamini } from "./harness.mjs";

const CHROMIUM = process.env.DYNAMINI_CHROMIUM ?? "/usr/bin/chromium";

// The page both origins load: attempt() calls dynamini as a browser app would.
const PAGE = `<!doctype html><meta charset=utf-8><title>caller</title><script>
window.attempt = async (endpoint, operation, body) => {
  try {
    const response = await fetch(endpoint, { method: "POST", body: JSON.stringify(body),
      headers: { "content-type": "application/x-amz-json-1.0", "x-amz-target": "DynamoDB_20120810." + operation } });
    return { status: response.status, body: await response.text() };
  } catch (e) {
    return { error: String(e) };
  }
};
// A form-like POST no preflight precedes (no custom header, text/plain):
// its answer is opaque, but it is sent.
window.simplePost = async (url) => {
  try { await fetch(url, { method: "POST", mode: "no-cors", body: "{}" }); return "sent"; }
  catch (e) { return String(e); }
};
</script>`;

let server, pages, pagePort, context, profile;

function sdk(endpoint) {
  return new DynamoDBClient({ endpoint, region: "eu-west-3", credentials: { accessKeyId: "k", secretAccessKey: "s" } });
}

async function createTable(client, TableName) {
  await client.send(new CreateTableCommand({
    TableName, BillingMode: "PAY_PER_REQUEST",
    AttributeDefinitions: [{ AttributeName: "id", AttributeType: "S" }],
    KeySchema: [{ AttributeName: "id", KeyType: "HASH" }] }));
}

before(async () => {
  server = await startDynamini(["--no-inbox", "--admin"]);
  await createTable(server.client, "kept");
  await server.client.send(new PutItemCommand({ TableName: "kept", Item: { id: { S: "secret" } } }));
  pages = http.createServer((req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(PAGE);
  });
  await new Promise((resolve) => pages.listen(0, "127.0.0.1", resolve));
  pagePort = pages.address().port;
  profile = mkdtempSync(path.join(tmpdir(), "dynamini-chromium-"));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync",
           "--host-resolver-rules=MAP evil.test 127.0.0.1"],
  });
});

after(async () => {
  await context?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
  await new Promise((resolve) => (pages ? pages.close(resolve) : resolve()));
  await server?.stop();
});

async function open(origin) {
  const page = await context.newPage();
  page.setDefaultTimeout(20000);
  const response = await page.goto(`${origin}/`);
  assert.equal(response.status(), 200);
  return page;
}

test("a page on another loopback port reads and writes through fetch", async () => {
  const page = await open(`http://127.0.0.1:${pagePort}`);
  try {
    const listed = await page.evaluate(([e]) => attempt(e, "ListTables", {}), [server.endpoint]);
    assert.equal(listed.status, 200, JSON.stringify(listed));
    assert.deepEqual(JSON.parse(listed.body).TableNames, ["kept"]);
    const put = await page.evaluate(([e]) => attempt(e, "PutItem", { TableName: "kept", Item: { id: { S: "from-page" } } }),
                                    [server.endpoint]);
    assert.equal(put.status, 200, JSON.stringify(put));
    const got = await server.client.send(new GetItemCommand({ TableName: "kept", Key: { id: { S: "from-page" } } }));
    assert.equal(got.Item.id.S, "from-page");
  } finally {
    await page.close();
  }
});

test("a page on a non-loopback origin can neither read nor write", async () => {
  const page = await open(`http://evil.test:${pagePort}`);
  // The control: the same page reads a server started with --cors '*', so
  // what stops it below is dynamini's rule, not the browser's own.
  const opened = await startDynamini(["--no-inbox", "--cors", "*"]);
  try {
    const control = await page.evaluate(([e]) => attempt(e, "ListTables", {}), [opened.endpoint]);
    assert.equal(control.status, 200, JSON.stringify(control));
    const scanned = await page.evaluate(([e]) => attempt(e, "Scan", { TableName: "kept" }), [server.endpoint]);
    assert.ok(scanned.error, `the browser must refuse the call: ${JSON.stringify(scanned)}`);
    const dropped = await page.evaluate(([e]) => attempt(e, "DeleteTable", { TableName: "kept" }), [server.endpoint]);
    assert.ok(dropped.error, JSON.stringify(dropped));
    // A request without a preflight is sent, and refused by dynamini: the
    // admin reset (which would drop "kept", made after start) did not run.
    assert.equal(await page.evaluate(([u]) => simplePost(u), [`${server.endpoint}/dynamini/admin/reset`]), "sent");
    const table = await server.client.send(new DescribeTableCommand({ TableName: "kept" }));
    assert.equal(table.Table.TableStatus, "ACTIVE");
    const secret = await server.client.send(new GetItemCommand({ TableName: "kept", Key: { id: { S: "secret" } } }));
    assert.equal(secret.Item.id.S, "secret");
  } finally {
    await page.close();
    await opened.stop();
  }
});

test("dynamini opened under another name (DNS rebinding) answers 403", async () => {
  const port = new URL(server.endpoint).port;
  const page = await context.newPage();
  try {
    for (const where of ["/console", "/"]) {
      const response = await page.goto(`http://evil.test:${port}${where}`);
      assert.equal(response.status(), 403, where);
      assert.match(await response.text(), /--allow-host evil\.test /);
    }
    const rebound = await page.evaluate(() =>
      fetch("/", { method: "POST", headers: { "content-type": "application/x-amz-json-1.0",
                                               "x-amz-target": "DynamoDB_20120810.Scan" },
                   body: JSON.stringify({ TableName: "kept" }) }).then(async (r) => [r.status, await r.text()]));
    assert.equal(rebound[0], 403);
    assert.doesNotMatch(rebound[1], /secret/);
  } finally {
    await page.close();
  }
});

test("the console on localhost calls its own server", async () => {
  const port = new URL(server.endpoint).port;
  const page = await context.newPage();
  try {
    const response = await page.goto(`http://localhost:${port}/console`);
    assert.equal(response.status(), 200);
    const listed = await page.evaluate(() =>
      fetch("/", { method: "POST", headers: { "content-type": "application/x-amz-json-1.0",
                                               "x-amz-target": "DynamoDB_20120810.ListTables" },
                   body: "{}" }).then((r) => r.json()));
    assert.ok(listed.TableNames.includes("kept"));
  } finally {
    await page.close();
  }
});

test("the JS SDK works against the loopback default, by 127.0.0.1 and by localhost", async () => {
  for (const endpoint of [server.endpoint, server.endpoint.replace("127.0.0.1", "localhost")]) {
    const client = sdk(endpoint);
    try {
      await client.send(new PutItemCommand({ TableName: "kept", Item: { id: { S: endpoint } } }));
      const got = await client.send(new GetItemCommand({ TableName: "kept", Key: { id: { S: endpoint } } }));
      assert.equal(got.Item.id.S, endpoint);
    } finally {
      client.destroy();
    }
  }
});

async function exportTo(client, TableArn, S3Bucket) {
  const started = await client.send(new ExportTableToPointInTimeCommand({ TableArn, S3Bucket }));
  for (let i = 0; i < 600; i++) {
    const done = (await client.send(new DescribeExportCommand({ ExportArn: started.ExportDescription.ExportArn }))).ExportDescription;
    if (done.ExportStatus !== "IN_PROGRESS") return done;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the export did not finish");
}

test("on a non-loopback --host: the JS SDK works, and buckets stay beside the --db file", async () => {
  const work = mkdtempSync(path.join(tmpdir(), "dynamini-container-"));
  const outside = path.join(work, "outside");
  mkdirSync(outside);
  const wide = await startDynamini(["--no-inbox", "--host", "0.0.0.0", "--db", path.join(work, "data.db")]);
  const client = sdk(`http://127.0.0.1:${new URL(wide.endpoint).port}`);
  try {
    await createTable(client, "tbl");
    await client.send(new UpdateContinuousBackupsCommand({
      TableName: "tbl", PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } }));
    assert.deepEqual((await client.send(new ListTablesCommand({}))).TableNames, ["tbl"]);
    const arn = (await client.send(new DescribeTableCommand({ TableName: "tbl" }))).Table.TableArn;
    const root = path.join(work, "buckets");
    assert.ok(existsSync(root), "the default bucket folder beside the --db file");
    mkdirSync(path.join(root, "bk"));
    const inside = await exportTo(client, arn, "bk");
    assert.equal(inside.ExportStatus, "COMPLETED");
    assert.ok(existsSync(path.join(root, "bk", inside.ExportManifest)));
    const escaped = await exportTo(client, arn, "file://" + outside);
    assert.deepEqual([escaped.ExportStatus, escaped.FailureCode], ["FAILED", "S3NoSuchBucket"]);
    assert.deepEqual(readdirSync(outside), []);
  } finally {
    client.destroy();
    await wide.stop();
    rmSync(work, { recursive: true, force: true });
  }
});

test("on loopback without --bucket-dir the JS SDK exports to any file:// directory", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "dynamini-export-"));
  try {
    await server.client.send(new UpdateContinuousBackupsCommand({
      TableName: "kept", PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true } }));
    const arn = (await server.client.send(new DescribeTableCommand({ TableName: "kept" }))).Table.TableArn;
    const done = await exportTo(server.client, arn, "file://" + dir);
    assert.equal(done.ExportStatus, "COMPLETED");
    assert.ok(existsSync(path.join(dir, done.ExportManifest)));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
