// `dynamini mcp` over stdio, in memory with the inbox: the official client
// drives a whole session (initialize, tools/list, every tool, errors), then
// raw lines check the JSON-RPC errors no SDK would provoke.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { test } from "node:test";
import { BIN, connectStdio } from "./harness.mjs";
import { checkAll } from "./session_checks.mjs";

test("a session driven by the official client: every tool, errors as MCP errors", async () => {
  const session = await connectStdio();
  try {
    await checkAll(session.client);
  } finally {
    await session.close();
  }
});

// Sends raw lines to `dynamini mcp` and collects one answer per request.
async function rawSession(lines, expected) {
  const child = spawn(BIN, ["mcp", "--no-inbox"], { stdio: ["pipe", "pipe", "inherit"] });
  const out = createInterface({ input: child.stdout });
  const answers = [];
  const done = new Promise((resolve) => {
    out.on("line", (line) => {
      answers.push(JSON.parse(line));
      if (answers.length === expected) resolve();
    });
  });
  for (const line of lines) child.stdin.write(line + "\n");
  await done;
  child.stdin.end();
  const code = await new Promise((resolve) => child.once("exit", resolve));
  assert.equal(code, 0, "exits 0 at the end of stdin");
  return answers;
}

test("JSON-RPC errors: parse error, invalid requests, unknown method, bad params", async () => {
  const answers = await rawSession([
    "{not json",
    "[]",
    JSON.stringify({ id: 1, method: "ping" }),
    JSON.stringify({ jsonrpc: "2.0", id: 2, method: "no/such/method" }),
    JSON.stringify({ jsonrpc: "2.0", id: 3, method: "initialize", params: {} }),
    JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
    JSON.stringify({ jsonrpc: "2.0", id: 4, method: "tools/call", params: { arguments: {} } }),
    JSON.stringify({ jsonrpc: "2.0", id: 5, method: "tools/call", params: { name: "scan", arguments: [] } }),
    JSON.stringify({ jsonrpc: "2.0", id: null, method: "ping" }),
    JSON.stringify({ jsonrpc: "2.0", id: "last", method: "ping" }),
  ], 9);
  assert.deepEqual(answers.map((a) => [a.id, a.error?.code ?? "ok"]), [
    [null, -32700], [null, -32600], [1, -32600], [2, -32601], [3, -32602], [4, -32602], [5, -32602],
    [null, -32600], ["last", "ok"],
  ]);
  assert.match(answers[3].error.message, /no\/such\/method/);
});

test("version negotiation: a supported revision is echoed, another gets the latest", async () => {
  const init = (id, protocolVersion) => JSON.stringify({
    jsonrpc: "2.0", id, method: "initialize",
    params: { protocolVersion, capabilities: {}, clientInfo: { name: "raw", version: "0" } },
  });
  const answers = await rawSession([init(1, "2025-06-18"), init(2, "1999-01-01"), init(3, "2024-11-05")], 3);
  assert.deepEqual(answers.map((a) => a.result.protocolVersion), ["2025-06-18", "2025-11-25", "2024-11-05"]);
  assert.deepEqual(answers[0].result.capabilities, { tools: { listChanged: false } });
  const list = await rawSession([JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" })], 1);
  assert.ok(!list[0].result.tools.some((t) => t.name === "run_pattern"), "--no-inbox: no run_pattern");
});
