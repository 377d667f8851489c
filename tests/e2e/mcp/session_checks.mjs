// What every transport must show: the checks a test file runs against a
// connected client of `dynamini mcp` serving the inbox in memory.
import assert from "node:assert/strict";
import { EmptyResultSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { call, callFailing } from "./harness.mjs";

export const TOOLS = [
  "list_tables", "describe_table", "get_item", "put_item", "update_item", "delete_item",
  "query", "scan", "explain", "snapshot", "restore", "run_pattern",
];

const ALICE = { S: "USER#u_alice" };
const BADGE = { pk: ALICE, sk: { S: "#INBOX" } };

export function checkInitialize(client) {
  assert.equal(client.getServerVersion().name, "dynamini");
  assert.ok(client.getServerCapabilities().tools, "tools capability");
  assert.match(client.getInstructions(), /DynamoDB emulator/);
}

export async function checkToolList(client) {
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((t) => t.name).sort(), [...TOOLS].sort());
  const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
  for (const tool of tools) {
    assert.equal(tool.inputSchema.type, "object", tool.name);
    assert.ok(tool.description.length > 40, tool.name);
  }
  for (const name of ["list_tables", "describe_table", "get_item", "query", "scan", "explain"]) {
    assert.equal(byName[name].annotations.readOnlyHint, true, name);
  }
  for (const name of ["put_item", "update_item", "delete_item", "restore", "run_pattern"]) {
    assert.equal(byName[name].annotations.readOnlyHint, false, name);
    assert.equal(byName[name].annotations.destructiveHint, true, name);
  }
  assert.equal(byName.snapshot.annotations.destructiveHint, false);
  assert.deepEqual(byName.query.inputSchema.required, ["TableName", "KeyConditionExpression"]);
  assert.ok(byName.run_pattern.inputSchema.properties.pattern.enum.includes("AP1"));
  assert.match(byName.run_pattern.description, /AP3/);
}

export async function checkTables(client) {
  const tables = await call(client, "list_tables");
  assert.ok(tables.TableNames.includes("inbox"));
  const page = await call(client, "list_tables", { Limit: 1 });
  assert.equal(page.TableNames.length, 1);
  const described = await call(client, "describe_table", { TableName: "inbox" });
  assert.equal(described.Table.GlobalSecondaryIndexes[0].IndexName, "GSI1");
}

export async function checkItems(client) {
  const badge = await call(client, "get_item", { TableName: "inbox", Key: BADGE });
  assert.deepEqual(badge.Item.unreadCount, { N: "2" });
  const key = { pk: { S: "USER#u_mcp" }, sk: { S: "NOTE#1" } };
  await call(client, "put_item", { TableName: "inbox", Item: { ...key, text: { S: "hello" } } });
  const updated = await call(client, "update_item", {
    TableName: "inbox", Key: key, UpdateExpression: "SET #t = :t ADD hits :one",
    ExpressionAttributeNames: { "#t": "text" },
    ExpressionAttributeValues: { ":t": { S: "bye" }, ":one": { N: "1" } }, ReturnValues: "ALL_NEW",
  });
  assert.deepEqual(updated.Attributes.text, { S: "bye" });
  assert.deepEqual(updated.Attributes.hits, { N: "1" });
  const old = await call(client, "delete_item", { TableName: "inbox", Key: key, ReturnValues: "ALL_OLD" });
  assert.deepEqual(old.Attributes.hits, { N: "1" });
  const gone = await call(client, "get_item", { TableName: "inbox", Key: key });
  assert.equal(gone.Item, undefined);
}

// Pages through `tool` one item at a time and compares with one call.
async function pageThrough(client, tool, args) {
  const whole = await call(client, tool, args);
  const items = [];
  let cursor;
  let pages = 0;
  do {
    const page = await call(client, tool, { ...args, Limit: 1, ...(cursor ? { cursor } : {}) });
    items.push(...page.Items);
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor);
  assert.deepEqual(items, whole.Items);
  assert.ok(pages >= whole.Items.length, `${tool}: ${pages} pages`);
  return whole.Items;
}

export async function checkPaging(client) {
  const notifications = await pageThrough(client, "query", {
    TableName: "inbox", KeyConditionExpression: "pk = :p AND begins_with(sk, :n)",
    ExpressionAttributeValues: { ":p": ALICE, ":n": { S: "NOTIF#" } }, ScanIndexForward: false,
  });
  assert.equal(notifications.length, 3);
  const unread = await pageThrough(client, "query", {
    TableName: "inbox", IndexName: "GSI1", KeyConditionExpression: "gsi1pk = :u",
    ExpressionAttributeValues: { ":u": { S: "UNREAD#u_alice" } },
  });
  assert.equal(unread.length, 2);
  const all = await pageThrough(client, "scan", { TableName: "inbox" });
  assert.ok(all.length >= 4);
}

export async function checkRunPattern(client) {
  const badge = await call(client, "run_pattern", { pattern: "AP2", params: { user: "u_alice" } });
  assert.equal(badge.ok, true);
  assert.equal(badge.calls[0].operation, "GetItem");
  assert.deepEqual(badge.calls[0].response.Item.unreadCount, { N: "2" });
  const first = await call(client, "run_pattern", { pattern: "AP1", params: { user: "u_alice", limit: 2 } });
  assert.equal(first.calls[0].operation, "Query");
  assert.equal(first.calls[0].response.Items.length, 2);
  assert.ok(first.nextCursor, "a next page");
  const second = await call(client, "run_pattern", {
    pattern: "AP1", params: { user: "u_alice", limit: 2, cursor: first.nextCursor },
  });
  assert.equal(second.calls[0].response.Items.length, 1);
  assert.ok(first.totalCost.read > 0);
}

export async function checkExplain(client) {
  const query = await call(client, "explain", {
    operation: "Query", request: {
      TableName: "inbox", KeyConditionExpression: "pk = :p",
      ExpressionAttributeValues: { ":p": ALICE }, FilterExpression: "attribute_exists(gsi1pk)",
    },
  });
  assert.equal(query.ok, true);
  assert.ok(query.cost.read > 0, JSON.stringify(query.cost));
  assert.equal(query.shape.TableName, "inbox");
  assert.equal(query.shape.Count, 2);
  assert.equal(query.shape.ScannedCount, 4);
  assert.ok(query.notes.some((n) => /one partition/.test(n)), query.notes.join("\n"));
  assert.ok(query.notes.some((n) => /4 items read and paid for, 2 returned/.test(n)), query.notes.join("\n"));
  assert.match(query.awsCli, /^aws dynamodb query --table-name inbox/);
  // The request reviewer (model/advisor.h) on this call's facts: a filter that dropped half
  // (not most) of what it read, on a partition key alone, says nothing.
  assert.deepEqual(query.advisor, { available: true, advice: null });
  const scan = await call(client, "explain", { operation: "Scan", request: { TableName: "inbox", IndexName: "GSI1" } });
  assert.ok(scan.notes.some((n) => /reads the whole index GSI1/.test(n)));
  assert.equal(scan.advisor.advice.rule, "review-scan", JSON.stringify(scan.advisor));
  assert.match(scan.advisor.advice.text, /^Scan read 2 item\(s\) of inbox index GSI1 to return 2/);
  assert.ok(scan.advisor.advice.title.length > 0 && scan.advisor.advice.note.length > 40);
  const oneKey = await call(client, "explain", {
    operation: "Query", request: {
      TableName: "inbox", KeyConditionExpression: "pk = :p AND sk = :s",
      ExpressionAttributeValues: { ":p": ALICE, ":s": { S: "#INBOX" } },
    },
  });
  assert.equal(oneKey.advisor.advice.rule, "review-get-item", JSON.stringify(oneKey.advisor));
  const filtered = await call(client, "explain", {
    operation: "Query", request: {
      TableName: "inbox", KeyConditionExpression: "pk = :p",
      ExpressionAttributeValues: { ":p": ALICE, ":t": { S: "none" } }, FilterExpression: "#t = :t",
      ExpressionAttributeNames: { "#t": "type" },
    },
  });
  assert.equal(filtered.advisor.advice.rule, "review-filter", JSON.stringify(filtered.advisor));
  assert.match(filtered.advisor.advice.text, /discarded 4 of 4 items read/);
  // A write is measured on a scratch copy: nothing is written.
  const key = { pk: { S: "USER#u_explain" }, sk: { S: "#INBOX" } };
  const put = await call(client, "explain", {
    operation: "PutItem", request: { TableName: "inbox", Item: { ...key, gsi1pk: { S: "x" }, gsi1sk: { S: "y" } } },
  });
  assert.match(put.ranOn, /scratch copy/);
  assert.equal(put.cost.write, 2, JSON.stringify(put.consumedCapacity));
  assert.deepEqual(put.consumedCapacity.GlobalSecondaryIndexes, { GSI1: { CapacityUnits: 1 } });
  const after = await call(client, "get_item", { TableName: "inbox", Key: key });
  assert.equal(after.Item, undefined);
  const refused = await call(client, "explain", { operation: "GetItem", request: { TableName: "nope", Key: key } });
  assert.equal(refused.ok, false);
  assert.equal(refused.error.type, "ResourceNotFoundException");
  assert.deepEqual(refused.advisor, { available: true, advice: null });
}

export async function checkSnapshots(client) {
  await call(client, "snapshot", { name: "before-experiment" });
  const key = { pk: { S: "USER#u_tmp" }, sk: { S: "#INBOX" } };
  await call(client, "put_item", { TableName: "inbox", Item: key });
  assert.ok((await call(client, "get_item", { TableName: "inbox", Key: key })).Item);
  const restored = await call(client, "restore", { name: "before-experiment" });
  assert.equal(restored.restored, "before-experiment");
  assert.equal((await call(client, "get_item", { TableName: "inbox", Key: key })).Item, undefined);
  const unknown = await callFailing(client, "restore", { name: "never-taken" });
  assert.match(unknown.message, /no snapshot named 'never-taken'/);
}

// Tool execution errors (isError) and protocol errors (JSON-RPC errors).
export async function checkErrors(client) {
  const missing = await callFailing(client, "get_item", { TableName: "absent", Key: BADGE });
  assert.equal(missing.type, "ResourceNotFoundException");
  const invalid = await callFailing(client, "query", {
    TableName: "inbox", KeyConditionExpression: "pk = :p",
  });
  assert.equal(invalid.type, "ValidationException");
  const noItem = await callFailing(client, "put_item", { TableName: "inbox" });
  assert.equal(noItem.message, "arguments.Item is required");
  const unknownArg = await callFailing(client, "scan", { TableName: "inbox", Bogus: 1 });
  assert.equal(unknownArg.message, "arguments.Bogus is not a known argument");
  const wrongType = await callFailing(client, "scan", { TableName: "inbox", Limit: "ten" });
  assert.equal(wrongType.message, "arguments.Limit: expected an integer");
  const badCursor = await callFailing(client, "scan", { TableName: "inbox", cursor: "nonsense" });
  assert.match(badCursor.message, /cursor/);
  const badPattern = await callFailing(client, "run_pattern", { pattern: "AP9" });
  assert.match(badPattern.message, /must be one of/);
  await assert.rejects(client.callTool({ name: "drop_everything", arguments: {} }), (e) => {
    assert.ok(e instanceof McpError);
    assert.equal(e.code, ErrorCode.InvalidParams);
    assert.match(e.message, /Unknown tool: drop_everything/);
    return true;
  });
  await assert.rejects(client.listTools({ cursor: "page-2" }), (e) => e.code === ErrorCode.InvalidParams);
  await assert.rejects(client.request({ method: "resources/list" }, EmptyResultSchema),
    (e) => e instanceof McpError && e.code === ErrorCode.MethodNotFound);
  await client.ping();
}

// Every check, in an order where each leaves the inbox as it found it.
export async function checkAll(client) {
  checkInitialize(client);
  await checkToolList(client);
  await checkTables(client);
  await checkItems(client);
  await checkPaging(client);
  await checkRunPattern(client);
  await checkExplain(client);
  await checkSnapshots(client);
  await checkErrors(client);
}
