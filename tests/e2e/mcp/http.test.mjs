// `dynamini mcp --http 0`: the official client over Streamable HTTP drives
// the same session as over stdio; raw requests check the transport's rules.
import assert from "node:assert/strict";
import http from "node:http";
import { after, before, test } from "node:test";
import { connectHttp, startHttp } from "./harness.mjs";
import { checkAll } from "./session_checks.mjs";

let server;
before(async () => {
  server = await startHttp();
});
after(async () => {
  await server.stop();
});

test("a session driven by the official client over Streamable HTTP", async () => {
  const session = await connectHttp(server.url);
  try {
    assert.ok(session.transport.sessionId, "a session id from initialize");
    await checkAll(session.client);
  } finally {
    await session.transport.terminateSession();
    await session.close();
  }
});

const JSON_HEADERS = { "Content-Type": "application/json", Accept: "application/json, text/event-stream" };

function post(body, headers = {}) {
  return fetch(server.url, { method: "POST", headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body) });
}

async function initialize() {
  const response = await post({
    jsonrpc: "2.0", id: 1, method: "initialize",
    params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "0" } },
  });
  assert.equal(response.status, 200);
  assert.match(response.headers.get("content-type"), /application\/json/);
  const id = response.headers.get("mcp-session-id");
  assert.match(id, /^[\x21-\x7e]+$/);
  assert.equal((await response.json()).result.serverInfo.name, "dynamini");
  return id;
}

test("transport rules: sessions, 202 for notifications, 405, 404, 403, 400", async () => {
  const id = await initialize();
  const session = { "Mcp-Session-Id": id, "MCP-Protocol-Version": "2025-11-25" };
  const notified = await post({ jsonrpc: "2.0", method: "notifications/initialized" }, session);
  assert.equal(notified.status, 202);
  assert.equal(await notified.text(), "");
  const listed = await post({ jsonrpc: "2.0", id: 2, method: "tools/list" }, session);
  assert.equal((await listed.json()).result.tools.length, 12);

  const noSession = await post({ jsonrpc: "2.0", id: 3, method: "tools/list" });
  assert.equal(noSession.status, 400);
  const unknown = await post({ jsonrpc: "2.0", id: 4, method: "tools/list" }, { "Mcp-Session-Id": "nope" });
  assert.equal(unknown.status, 404);
  const badVersion = await post({ jsonrpc: "2.0", id: 5, method: "ping" }, { ...session, "MCP-Protocol-Version": "1999-01-01" });
  assert.equal(badVersion.status, 400);
  const foreign = await post({ jsonrpc: "2.0", id: 6, method: "ping" }, { ...session, Origin: "https://evil.example" });
  assert.equal(foreign.status, 403);
  const local = await post({ jsonrpc: "2.0", id: 7, method: "ping" }, { ...session, Origin: "http://localhost:5173" });
  assert.equal(local.status, 200);
  const get = await fetch(server.url, { headers: { Accept: "text/event-stream", ...session } });
  assert.equal(get.status, 405);
  const parse = await fetch(server.url, { method: "POST", headers: { ...JSON_HEADERS, ...session }, body: "{oops" });
  assert.equal((await parse.json()).error.code, -32700);

  const ended = await fetch(server.url, { method: "DELETE", headers: session });
  assert.equal(ended.status, 200);
  const after = await post({ jsonrpc: "2.0", id: 8, method: "ping" }, session);
  assert.equal(after.status, 404);
  const elsewhere = await fetch(server.url.replace(/\/mcp$/, "/other"), { method: "POST", headers: JSON_HEADERS, body: "{}" });
  assert.equal(elsewhere.status, 404);
});

// A raw POST with these headers (node:http, which lets a test set Host).
function postWithHost(url, host, body) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: "POST", headers: { ...JSON_HEADERS, Host: host } }, (response) => {
      let text = "";
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode, text }));
    });
    request.on("error", reject);
    request.end(JSON.stringify(body));
  });
}

test("the DynamoDB endpoint's Host rule: another name gets 403 unless --allow-host names it", async () => {
  const ping = { jsonrpc: "2.0", id: 1, method: "initialize",
                 params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "0" } } };
  const port = new URL(server.url).port;
  assert.equal((await postWithHost(server.url, `localhost:${port}`, ping)).status, 200);
  const rebound = await postWithHost(server.url, `evil.example:${port}`, ping);
  assert.equal(rebound.status, 403);
  assert.match(rebound.text, /--allow-host evil\.example /);
  const allowing = await startHttp(["--allow-host", "evil.example"]);
  try {
    assert.equal((await postWithHost(allowing.url, `evil.example:${port}`, ping)).status, 200);
    assert.equal((await postWithHost(allowing.url, "other.example", ping)).status, 403);
  } finally {
    await allowing.stop();
  }
});
