// Run by tests/package/npm_package.sh from a folder where only the npm package "dynamini"
// is installed (node_modules/dynamini): `npx dynamini --port 0` serves the JS SDK, and the
// helper, given no binary, runs the one in the package. The SDK comes from NODE_PATH.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { realpathSync } from "node:fs";
import { createRequire } from "node:module";
import { createInterface } from "node:readline";
import { findDynamini, startDynamini } from "dynamini";

const require = createRequire(import.meta.url);
const { DynamoDBClient, CreateTableCommand, ListTablesCommand } = require("@aws-sdk/client-dynamodb");
const credentials = { accessKeyId: "x", secretAccessKey: "x" };
const bundled = realpathSync("node_modules/dynamini/bin/dynamini");

function listening(child) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no listening line in 15 s")), 15000);
    createInterface({ input: child.stdout }).on("line", (line) => {
      const match = /dynamini listening on (http:\/\/\S+)/.exec(line);
      if (match) (clearTimeout(timer), resolve(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`exited with ${code}`)));
  });
}

// npx runs the command through `sh -c`, which does not pass signals on: SIGTERM to npx alone
// leaves the server running. Ctrl-C in a terminal signals the whole process group, as here.
test("npx dynamini --port 0 serves the SDK, and Ctrl-C stops it", async () => {
  const child = spawn("npx", ["--offline", "dynamini", "--port", "0"], {
    stdio: ["ignore", "pipe", "inherit"],
    detached: true, // its own process group, as a terminal's foreground job
  });
  const endpoint = await listening(child);
  console.log(`npx dynamini: ${endpoint}`);
  const client = new DynamoDBClient({ endpoint, region: "us-east-1", credentials });
  assert.deepEqual((await client.send(new ListTablesCommand({}))).TableNames, ["inbox"]);
  client.destroy();
  const exited = new Promise((resolve) => child.once("exit", resolve));
  process.kill(-child.pid, "SIGINT");
  await exited;
  // The server went with npx: nothing answers on its port.
  await assert.rejects(fetch(endpoint), /fetch failed/);
});

test("the helper, told nothing, runs the package's executable", async () => {
  assert.equal(process.env.DYNAMINI_BIN, undefined);
  assert.equal(realpathSync(findDynamini()), bundled);
  const server = await startDynamini();
  try {
    const client = new DynamoDBClient(server.clientConfig);
    await client.send(new CreateTableCommand({
      TableName: "things", BillingMode: "PAY_PER_REQUEST",
      AttributeDefinitions: [{ AttributeName: "id", AttributeType: "S" }],
      KeySchema: [{ AttributeName: "id", KeyType: "HASH" }],
    }));
    assert.deepEqual((await client.send(new ListTablesCommand({}))).TableNames, ["things"]);
    client.destroy();
  } finally {
    await server.stop();
  }
});
