// vitest with the global server (vitest.global.config.ts): reset before each test.
import { beforeEach, expect, test } from "vitest";
import { resetDynamini } from "dynamini-test";
import { Notifications } from "../../src/notifications.ts";

beforeEach(() => resetDynamini()); // the server named by AWS_ENDPOINT_URL_DYNAMODB

for (const run of ["first", "second"]) {
  test(`notify on a database reset before each test (${run})`, async () => {
    const inbox = new Notifications();
    expect(await inbox.unreadCount("u_alice")).toBe(0);
    await inbox.notify("u_alice", "01", "hello");
    expect(await inbox.unreadCount("u_alice")).toBe(1);
  });
}

test("the global server was started outside this test file's process", async () => {
  const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB;
  expect(endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  const response = await fetch(endpoint!, { method: "POST", body: "{}", headers: {
    "content-type": "application/x-amz-json-1.0",
    "x-amz-target": "DynamoDB_20120810.ListTables",
  } });
  expect(await response.json()).toEqual({ TableNames: ["notifications", "users"] });
});
