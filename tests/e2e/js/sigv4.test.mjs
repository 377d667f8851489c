// `--auth KEY:SECRET`: the AWS SDK for JavaScript v3 signs (SigV4, the
// Authorization header; its signer also sends and signs x-amz-content-sha256)
// and dynamini verifies, at the edges of the 15-minute window too: the SDK's
// systemClockOffset makes it sign as if its clock were that far off.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { DynamoDBClient, ListTablesCommand, CreateTableCommand, PutItemCommand, GetItemCommand }
  from "@aws-sdk/client-dynamodb";
import { startDynamini } from "./harness.mjs";

const KEY = "AKIDJSSDKTEST";
const SECRET = "js/secret+with=symbols";
let server;

before(async () => {
  server = await startDynamini(["--no-inbox", "--auth", `${KEY}:${SECRET}`]);
});
after(async () => server.stop());

// maxAttempts 1: no retry, so a clock-skew error is not corrected by the SDK.
function client(options = {}) {
  return new DynamoDBClient({
    endpoint: server.endpoint,
    region: "ap-south-1",
    credentials: { accessKeyId: KEY, secretAccessKey: SECRET },
    maxAttempts: 1,
    ...options,
  });
}

const MINUTE = 60 * 1000;

test("the SDK's signatures verify on every kind of request", async () => {
  const c = client();
  await c.send(new CreateTableCommand({
    TableName: "signed", BillingMode: "PAY_PER_REQUEST",
    AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }],
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
  }));
  await c.send(new PutItemCommand({ TableName: "signed", Item: { pk: { S: "é ü 漢字 +/=" } } }));
  const got = await c.send(new GetItemCommand({ TableName: "signed", Key: { pk: { S: "é ü 漢字 +/=" } } }));
  assert.equal(got.Item.pk.S, "é ü 漢字 +/=");
  c.destroy();
});

test("a session token is a signed header like any other", async () => {
  const c = client({ credentials: { accessKeyId: KEY, secretAccessKey: SECRET, sessionToken: "FwoGZXIvYXdzEXAMPLE" } });
  const out = await c.send(new ListTablesCommand({}));
  assert.ok(Array.isArray(out.TableNames));
  c.destroy();
});

test("a wrong secret is InvalidSignatureException", async () => {
  const c = client({ credentials: { accessKeyId: KEY, secretAccessKey: "wrong" } });
  await assert.rejects(c.send(new ListTablesCommand({})), (e) => e.name === "InvalidSignatureException");
  c.destroy();
});

test("signed 14:50 before or after the server's clock verifies", async () => {
  for (const offset of [-14 * MINUTE - 50000, 14 * MINUTE + 50000]) {
    const c = client({ systemClockOffset: offset });
    const out = await c.send(new ListTablesCommand({}));
    assert.ok(Array.isArray(out.TableNames), `offset ${offset}`);
    c.destroy();
  }
});

test("signed 15:10 before the server's clock is expired, 15:10 after is not yet current", async () => {
  const cases = [[-15 * MINUTE - 10000, /^Signature expired: /], [15 * MINUTE + 10000, /^Signature not yet current: /]];
  for (const [offset, message] of cases) {
    const c = client({ systemClockOffset: offset });
    await assert.rejects(c.send(new ListTablesCommand({})), (e) => {
      assert.equal(e.name, "InvalidSignatureException");
      assert.match(e.message, message);
      return true;
    });
    c.destroy();
  }
});
