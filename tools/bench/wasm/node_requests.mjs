// GetItem, PutItem and Query per second through the AWS SDK for JavaScript
// v3 in one Node process: against dynamini-wasm in process (requestHandler)
// and against the native server over HTTP (build/tools/dynamini on port 0,
// the same machine, the same run), alternating A B A B. One request at a
// time, as a test suite sends them. Prints a Markdown table.
//   node tools/bench/wasm/node_requests.mjs [--seconds 3] [--rounds 2]
// Needs tools/wasm/build.sh's build-wasm/package and the SDK that
// tests/e2e/js installs (tools/test.sh).
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const sdk = createRequire(path.join(root, "tests/e2e/js/package.json"))("@aws-sdk/client-dynamodb");
const { createDynamini } = await import(pathToFileURL(path.join(root, "build-wasm/package/index.mjs")).href);
const argument = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const SECONDS = argument("--seconds", 3);
const ROUNDS = argument("--rounds", 2);
const ITEMS = 1000;

async function nativeServer() {
  const child = spawn(path.join(root, "build/tools/dynamini"), ["--port", "0", "--no-inbox", "--no-review"],
                      { stdio: ["ignore", "pipe", "inherit"] });
  const line = await new Promise((resolve) => createInterface({ input: child.stdout }).once("line", resolve));
  return { endpoint: line.match(/(http:\/\/\S+)/)[1], stop: () => child.kill("SIGTERM") };
}

async function prepare(client) {
  await client.send(new sdk.CreateTableCommand({
    TableName: "bench", BillingMode: "PAY_PER_REQUEST",
    AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }, { AttributeName: "sk", AttributeType: "S" }],
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }, { AttributeName: "sk", KeyType: "RANGE" }],
  }));
  for (let i = 0; i < ITEMS; ++i) {
    await client.send(new sdk.PutItemCommand({ TableName: "bench",
      Item: { pk: { S: `p${i % 100}` }, sk: { S: `s${i}` }, n: { N: String(i) }, text: { S: "x".repeat(100) } } }));
  }
}

const OPERATIONS = {
  GetItem: (i) => new sdk.GetItemCommand({ TableName: "bench", Key: { pk: { S: `p${i % 100}` }, sk: { S: `s${i % ITEMS}` } } }),
  PutItem: (i) => new sdk.PutItemCommand({ TableName: "bench",
    Item: { pk: { S: `w${i % 100}` }, sk: { S: `s${i}` }, n: { N: String(i) }, text: { S: "x".repeat(100) } } }),
  Query: (i) => new sdk.QueryCommand({ TableName: "bench", KeyConditionExpression: "pk = :p",
    ExpressionAttributeValues: { ":p": { S: `p${i % 100}` } }, Limit: 10 }),
};

async function perSecond(client, make) {
  const end = performance.now() + SECONDS * 1000;
  let done = 0;
  while (performance.now() < end) await client.send(make(done++));
  return done / SECONDS;
}

const db = await createDynamini();
const inProcess = new sdk.DynamoDBClient({ requestHandler: db.requestHandler, region: "us-east-1" });
const server = await nativeServer();
const overHttp = new sdk.DynamoDBClient({ endpoint: server.endpoint, region: "us-east-1",
  credentials: { accessKeyId: "bench", secretAccessKey: "bench" } });
await prepare(inProcess);
await prepare(overHttp);
const results = {};
for (let round = 0; round < ROUNDS; ++round) {
  for (const [name, make] of Object.entries(OPERATIONS)) {
    for (const [system, client] of [["wasm in process", inProcess], ["native over HTTP", overHttp]]) {
      (results[name] ??= {})[system] ??= [];
      results[name][system].push(await perSecond(client, make));
    }
  }
}
server.stop();
db.close();
const range = (xs) => `${Math.round(Math.min(...xs))}–${Math.round(Math.max(...xs))}`;
console.log(`| operation | wasm in process (req/s) | native over HTTP (req/s) |\n|---|---|---|`);
for (const [name, by] of Object.entries(results)) {
  console.log(`| ${name} | ${range(by["wasm in process"])} | ${range(by["native over HTTP"])} |`);
}
