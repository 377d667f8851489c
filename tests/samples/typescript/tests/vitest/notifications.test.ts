// vitest, one dynamini per test file (useDynamini's default): reset before each test.
import * as vitest from "vitest";
import { expect, test } from "vitest";
import { CreateTableCommand, DynamoDBClient, ListTablesCommand } from "@aws-sdk/client-dynamodb";
import { DeleteCommand, DynamoDBDocumentClient, GetCommand } from "@aws-sdk/lib-dynamodb";
import { useDynamini } from "dynamini-test";
import { Notifications } from "../../src/notifications.ts";

const dynamo = useDynamini(vitest, {
  schema: "schema/notifications.json",
  seed: { users: "schema/users.jsonl" },
});

test("notify adds an unread notification and counts it", async () => {
  const inbox = new Notifications(); // its own client, from AWS_ENDPOINT_URL_DYNAMODB
  await inbox.notify("u_alice", "01", "Bob followed you");
  await inbox.notify("u_alice", "02", "Bob liked your post");
  expect((await inbox.recent("u_alice")).map((n) => n.text)).toEqual([
    "Bob liked your post",
    "Bob followed you",
  ]);
  expect(await inbox.unreadCount("u_alice")).toBe(2);
});

test("mark read once and only once", async () => {
  const inbox = new Notifications(new DynamoDBClient(dynamo.clientConfig));
  await inbox.notify("u_alice", "01", "hello");
  await inbox.markRead("u_alice", "01");
  await expect(inbox.markRead("u_alice", "01")).rejects.toMatchObject({
    name: "TransactionCanceledException",
  });
  expect(await inbox.unreadCount("u_alice")).toBe(0);
  expect((await inbox.recent("u_alice"))[0].read).toBe(true);
});

// Both change the start-up data and create the same table: the second to run fails unless
// the database was reset in between.
for (const run of ["first", "second"]) {
  test(`each test starts from the start-up state (${run})`, async () => {
    const client = new DynamoDBClient(dynamo.clientConfig);
    const doc = DynamoDBDocumentClient.from(client);
    const tables = await client.send(new ListTablesCommand({}));
    expect(tables.TableNames).toEqual(["notifications", "users"]);
    const alice = await doc.send(new GetCommand({ TableName: "users", Key: { id: "u_alice" } }));
    expect(alice.Item?.name).toBe("Alice");
    await doc.send(new DeleteCommand({ TableName: "users", Key: { id: "u_alice" } }));
    await client.send(
      new CreateTableCommand({
        TableName: "scratch",
        BillingMode: "PAY_PER_REQUEST",
        AttributeDefinitions: [{ AttributeName: "id", AttributeType: "S" }],
        KeySchema: [{ AttributeName: "id", KeyType: "HASH" }],
      }),
    );
  });
}

test("the environment names this file's server", () => {
  expect(process.env.AWS_ENDPOINT_URL_DYNAMODB).toBe(dynamo.endpoint);
  expect(dynamo.endpoint).toBe(`http://127.0.0.1:${dynamo.port}`);
  expect(process.env.AWS_ACCESS_KEY_ID).toBe("dynamini");
});
