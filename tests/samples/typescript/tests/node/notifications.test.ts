// node:test, one dynamini for this file (useDynamini's default): reset before each test.
// Run with: node --import tsx --test tests/node/*.test.ts
import * as t from "node:test";
import { test } from "node:test";
import assert from "node:assert/strict";
import { DynamoDBClient, ListTablesCommand } from "@aws-sdk/client-dynamodb";
import { useDynamini } from "dynamini-test";
import { Notifications } from "../../src/notifications.ts";

const dynamo = useDynamini(t, {
  schema: "schema/notifications.json",
  seed: { users: "schema/users.jsonl" },
});

test("notify and mark read, with the application's own client", async () => {
  const inbox = new Notifications();
  await inbox.notify("u_bob", "01", "Alice followed you");
  assert.equal(await inbox.unreadCount("u_bob"), 1);
  await inbox.markRead("u_bob", "01");
  assert.equal(await inbox.unreadCount("u_bob"), 0);
  await assert.rejects(inbox.markRead("u_bob", "01"), { name: "TransactionCanceledException" });
});

for (const run of ["first", "second"]) {
  test(`each test starts from the start-up state (${run})`, async () => {
    const inbox = new Notifications(new DynamoDBClient(dynamo.clientConfig));
    assert.equal(await inbox.unreadCount("u_bob"), 0);
    await inbox.notify("u_bob", "01", "once per test");
    const tables = await new DynamoDBClient(dynamo.clientConfig).send(new ListTablesCommand({}));
    assert.deepEqual(tables.TableNames, ["notifications", "users"]);
  });
}

test("the environment names this file's server", () => {
  assert.equal(process.env.AWS_ENDPOINT_URL_DYNAMODB, dynamo.endpoint);
});
