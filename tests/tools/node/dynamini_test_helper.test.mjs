// tools/node/dynamini-test on its own (no npm packages): binary lookup, start-up failures,
// the environment set while a server runs and restored after, reset, global setup.
// $DYNAMINI_BIN names the built binary (ctest sets it).
import { test } from "node:test";
import assert from "node:assert/strict";
import { copyFileSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  dynaminiArguments,
  findDynamini,
  globalSetup,
  globalTeardown,
  resetDynamini,
  startDynamini,
  useDynamini,
} from "../../../tools/node/dynamini-test/index.mjs";

const BIN = process.env.DYNAMINI_BIN;
const scratch = mkdtempSync(join(tmpdir(), "dynamini-test-"));

async function call(endpoint, operation, body = {}) {
  const response = await fetch(endpoint, {
    method: "POST",
    body: JSON.stringify(body),
    headers: {
      "content-type": "application/x-amz-json-1.0",
      "x-amz-target": `DynamoDB_20120810.${operation}`,
    },
  });
  return response.json();
}

const table = (name) => ({
  TableName: name,
  BillingMode: "PAY_PER_REQUEST",
  AttributeDefinitions: [{ AttributeName: "id", AttributeType: "S" }],
  KeySchema: [{ AttributeName: "id", KeyType: "HASH" }],
});

test("the binary: option, then DYNAMINI_BIN, then PATH, else a clear error", (t) => {
  assert.equal(findDynamini(BIN), BIN);
  assert.throws(() => findDynamini("/nope"), /\/nope is not an executable file/);
  const dir = mkdtempSync(join(tmpdir(), "dynamini-path-"));
  symlinkSync(BIN, join(dir, "dynamini"));
  const saved = { PATH: process.env.PATH, DYNAMINI_BIN: process.env.DYNAMINI_BIN };
  t.after(() => Object.assign(process.env, saved));
  delete process.env.DYNAMINI_BIN;
  process.env.PATH = `${dir}:/usr/bin:/bin`;
  assert.equal(findDynamini(), join(dir, "dynamini"));
  process.env.PATH = "/usr/bin:/bin";
  assert.throws(() => findDynamini(), /no dynamini binary: pass \{ bin \}, set DYNAMINI_BIN/);
});

test("a binary in bin/ beside the helper (the npm package) comes after DYNAMINI_BIN, before PATH", async (t) => {
  const helper = new URL("../../../tools/node/dynamini-test/index.mjs", import.meta.url);
  const dir = mkdtempSync(join(tmpdir(), "dynamini-bundled-"));
  copyFileSync(helper, join(dir, "index.mjs"));
  mkdirSync(join(dir, "bin"));
  symlinkSync(BIN, join(dir, "bin", "dynamini"));
  const bundled = await import(join(dir, "index.mjs"));
  const saved = { PATH: process.env.PATH, DYNAMINI_BIN: process.env.DYNAMINI_BIN };
  t.after(() => Object.assign(process.env, saved));
  const other = join(dir, "other");
  symlinkSync(BIN, other);
  process.env.DYNAMINI_BIN = other;
  assert.equal(bundled.findDynamini(), other);
  delete process.env.DYNAMINI_BIN;
  process.env.PATH = `${mkdtempSync(join(tmpdir(), "dynamini-path-"))}:/usr/bin:/bin`;
  symlinkSync(BIN, join(process.env.PATH.split(":")[0], "dynamini"));
  assert.equal(bundled.findDynamini(), join(dir, "bin", "dynamini"));
  assert.equal(findDynamini(), join(process.env.PATH.split(":")[0], "dynamini")); // none beside
});

test("options become dynamini's flags", () => {
  assert.deepEqual(
    dynaminiArguments({ schema: "/s.json", seed: { t: "/t.jsonl" }, args: ["--quiet"] }),
    ["--port", "0", "--admin", "--no-inbox", "--schema", "/s.json", "--seed", "t=/t.jsonl", "--quiet"],
  );
  assert.deepEqual(dynaminiArguments({ inbox: true, seed: ["a=/a"] }), [
    "--port", "0", "--admin", "--seed", "a=/a",
  ]);
});

test("a server that cannot start rejects with what it printed", async () => {
  const bad = join(scratch, "bad.json");
  writeFileSync(bad, JSON.stringify({ TableName: "x" }));
  await assert.rejects(startDynamini({ schema: bad }), /dynamini did not start \(exit status 1\):[^]*bad\.json/);
});

test("the environment is set while the server runs and restored by stop", async () => {
  process.env.AWS_REGION = "eu-north-1";
  delete process.env.AWS_ENDPOINT_URL_DYNAMODB;
  const server = await startDynamini();
  assert.equal(process.env.AWS_ENDPOINT_URL_DYNAMODB, server.endpoint);
  assert.equal(process.env.AWS_REGION, "us-east-1");
  await server.stop();
  await server.stop(); // twice is fine
  assert.equal(process.env.AWS_REGION, "eu-north-1");
  assert.equal(process.env.AWS_ENDPOINT_URL_DYNAMODB, undefined);
  assert.throws(() => process.kill(server.pid, 0), { code: "ESRCH" });
  delete process.env.AWS_REGION;
});

test("reset returns to the tables of the schema files", async () => {
  const schema = join(scratch, "schema.json");
  writeFileSync(schema, JSON.stringify(table("kept")));
  const server = await startDynamini({ schema, setEnv: false });
  try {
    assert.equal(process.env.AWS_ENDPOINT_URL_DYNAMODB, undefined);
    await call(server.endpoint, "CreateTable", table("scratch"));
    assert.deepEqual((await call(server.endpoint, "ListTables")).TableNames, ["kept", "scratch"]);
    await server.reset();
    assert.deepEqual((await call(server.endpoint, "ListTables")).TableNames, ["kept"]);
    await call(server.endpoint, "CreateTable", table("again"));
    await resetDynamini(server.endpoint);
    assert.deepEqual((await call(server.endpoint, "ListTables")).TableNames, ["kept"]);
  } finally {
    await server.stop();
  }
});

test("globalSetup starts one server and its teardown (or globalTeardown) stops it", async () => {
  const teardown = await globalSetup({ inbox: true })();
  const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB;
  assert.deepEqual((await call(endpoint, "ListTables")).TableNames, ["inbox"]);
  await resetDynamini(); // the endpoint from the environment
  await teardown();
  assert.equal(process.env.AWS_ENDPOINT_URL_DYNAMODB, undefined);
  await globalTeardown(); // nothing left to stop
});

test("useDynamini refuses a test API without hooks and an unknown scope", () => {
  assert.throws(() => useDynamini({}), /has no before hook/);
  const noop = () => {};
  const api = { before: noop, after: noop, beforeEach: noop, afterEach: noop };
  assert.throws(() => useDynamini(api, { per: "suite" }), /per must be "file" or "test"/);
});
