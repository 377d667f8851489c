// `dynamini mcp --endpoint URL` on a running dynamini, and `--db FILE`.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { call, callFailing, connectStdio, startDynamini } from "./harness.mjs";
import { checkItems, checkPaging, checkRunPattern, checkTables } from "./session_checks.mjs";

test("on a running server: the same tools, snapshots through its admin endpoint", async () => {
  const server = await startDynamini(["--admin"]);
  const session = await connectStdio(["--endpoint", server.url]);
  try {
    const { client } = session;
    assert.match(client.getInstructions(), new RegExp(server.url.replace(/[.]/g, "\\.")));
    await checkTables(client);
    await checkItems(client);
    await checkPaging(client);
    await checkRunPattern(client);
    const explained = await call(client, "explain", {
      operation: "GetItem", request: { TableName: "inbox", Key: { pk: { S: "USER#u_alice" }, sk: { S: "#INBOX" } } },
    });
    assert.equal(explained.cost.read, 0.5);
    assert.match(explained.ranOn, /the endpoint/);
    // The reviewer needs the engine's facts of the call, which HTTP does not carry.
    assert.equal(explained.advisor.available, false);
    assert.match(explained.advisor.why, /only a database in this process reports/);
    const write = await callFailing(client, "explain", {
      operation: "DeleteItem", request: { TableName: "inbox", Key: { pk: { S: "USER#u_alice" }, sk: { S: "#INBOX" } } },
    });
    assert.match(write.message, /only reads can be explained/);
    await call(client, "snapshot", { name: "s1" });
    await call(client, "delete_item", { TableName: "inbox", Key: { pk: { S: "USER#u_alice" }, sk: { S: "#INBOX" } } });
    await call(client, "restore", { name: "s1" });
    const badge = await call(client, "get_item", { TableName: "inbox", Key: { pk: { S: "USER#u_alice" }, sk: { S: "#INBOX" } } });
    assert.deepEqual(badge.Item.unreadCount, { N: "2" });
    const toFile = await callFailing(client, "snapshot", { file: "/tmp/x.db" });
    assert.match(toFile.message, /database in this process/);
  } finally {
    await session.close();
    await server.stop();
  }
});

test("on a server without --admin, snapshots say how to enable them", async () => {
  const server = await startDynamini(["--no-inbox"]);
  const session = await connectStdio(["--endpoint", server.url, "--no-inbox"]);
  try {
    const refused = await callFailing(session.client, "snapshot", { name: "s1" });
    assert.match(refused.message, /start it with --admin/);
  } finally {
    await session.close();
    await server.stop();
  }
});

test("on a database file: writes last, snapshots to a file restore", async () => {
  const dir = mkdtempSync(join(tmpdir(), "dynamini-mcp-"));
  try {
    const path = join(dir, "agent.db");
    const key = { pk: { S: "USER#u_file" }, sk: { S: "#INBOX" } };
    let session = await connectStdio(["--db", path]);
    await call(session.client, "put_item", { TableName: "inbox", Item: { ...key, unreadCount: { N: "7" } } });
    await call(session.client, "snapshot", { file: join(dir, "saved.db") });
    const again = await callFailing(session.client, "snapshot", { file: join(dir, "saved.db") });
    assert.match(again.message, /exists; a snapshot goes to a new file/);
    await call(session.client, "delete_item", { TableName: "inbox", Key: key });
    await session.close();
    assert.ok(existsSync(join(dir, "saved.db")));
    session = await connectStdio(["--db", path]);
    assert.equal((await call(session.client, "get_item", { TableName: "inbox", Key: key })).Item, undefined);
    await call(session.client, "restore", { file: join(dir, "saved.db") });
    const back = await call(session.client, "get_item", { TableName: "inbox", Key: key });
    assert.deepEqual(back.Item.unreadCount, { N: "7" });
    await session.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
