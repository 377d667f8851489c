// Starts `dynamini mcp` (over stdio or Streamable HTTP) and connects the
// official MCP client SDK to it; starts plain dynamini servers for the
// --endpoint mode. Every process started here is stopped by the returned
// close()/stop().
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

export const BIN = process.env.DYNAMINI_BIN;
if (!BIN) throw new Error("DYNAMINI_BIN must name the dynamini binary");

function newClient() {
  return new Client({ name: "dynamini-e2e", version: "1.0.0" });
}

// `dynamini mcp ARGS` over stdio, the way a coding agent launches it.
export async function connectStdio(args = []) {
  const transport = new StdioClientTransport({ command: BIN, args: ["mcp", ...args], stderr: "inherit" });
  const client = newClient();
  await client.connect(transport);
  return { client, transport, close: () => client.close() };
}

// Waits for the first stdout line of `child` that matches `pattern`.
function readyLine(child, pattern, what) {
  const lines = createInterface({ input: child.stdout });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start in 15 s`)), 15000);
    lines.on("line", (line) => {
      const m = line.match(pattern);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.once("exit", (code) => reject(new Error(`${what} exited with ${code}`)));
  });
}

async function stopChild(child) {
  if (child.exitCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", resolve)));
}

// `dynamini mcp --http 0 ARGS`; url is its MCP endpoint.
export async function startHttp(args = []) {
  const child = spawn(BIN, ["mcp", "--http", "0", ...args], { stdio: ["ignore", "pipe", "inherit"] });
  const url = await readyLine(child, /dynamini mcp listening on (http:\/\/\S+)/, "dynamini mcp --http");
  return { url, child, stop: () => stopChild(child) };
}

export async function connectHttp(url) {
  const transport = new StreamableHTTPClientTransport(new URL(url));
  const client = newClient();
  await client.connect(transport);
  return { client, transport, close: () => client.close() };
}

// A plain `dynamini --port 0 ARGS` server; url is its endpoint.
export async function startDynamini(args = []) {
  const child = spawn(BIN, ["--port", "0", ...args], { stdio: ["ignore", "pipe", "inherit"] });
  const url = await readyLine(child, /dynamini listening on (http:\/\/\S+)/, "dynamini");
  return { url, stop: () => stopChild(child) };
}

// Calls a tool and returns its structured content, failing on isError.
export async function call(client, name, args = {}) {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) throw new Error(`${name} failed: ${result.content[0].text}`);
  return result.structuredContent;
}

// Calls a tool that must fail as a tool execution error; returns the error.
export async function callFailing(client, name, args = {}) {
  const result = await client.callTool({ name, arguments: args });
  if (!result.isError) throw new Error(`${name} unexpectedly succeeded: ${result.content[0].text}`);
  // The text content is the same JSON as the structured content.
  const fromText = JSON.parse(result.content[0].text);
  if (JSON.stringify(fromText) !== JSON.stringify(result.structuredContent)) {
    throw new Error("text and structured content differ");
  }
  return result.structuredContent.error;
}
