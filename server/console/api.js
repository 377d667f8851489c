// Calls this server's DynamoDB API exactly as an SDK would: POST / with
// X-Amz-Target (through transport.js). The console never reaches around the engine. Also the
// console's own endpoints (/console/api/...): what the server renders for it.

import { consoleFetch } from "./transport.js";

export const STREAMS_OPERATIONS = ["ListStreams", "DescribeStream", "GetShardIterator", "GetRecords"];

export function isStreamsOperation(op) {
  return STREAMS_OPERATIONS.includes(op);
}

// The X-Amz-Target of an operation.
export function target(op) {
  return `${isStreamsOperation(op) ? "DynamoDBStreams_20120810" : "DynamoDB_20120810"}.${op}`;
}

// Sends one request. `background` marks the console's own refreshes so the
// request log can hide them. Resolves (never rejects) to
// {ok, status, body, error: {type, message} | null, latencyMs, op, request}.
export async function call(op, request, { background = false } = {}) {
  const text = typeof request === "string" ? request : JSON.stringify(request);
  const started = performance.now();
  let response;
  try {
    response = await consoleFetch("/", {
      method: "POST",
      headers: {
        "Content-Type": "application/x-amz-json-1.0",
        "X-Amz-Target": target(op),
        "x-dynamini-client": background ? "console (background)" : "console",
      },
      body: text,
    });
  } catch (e) {
    return { ok: false, status: 0, body: null, op, request: text, latencyMs: performance.now() - started,
             error: { type: "NetworkError", message: `The server did not answer: ${e.message}` } };
  }
  const raw = await response.text();
  const latencyMs = performance.now() - started;
  let body = null;
  try { body = JSON.parse(raw); } catch { /* not JSON */ }
  if (!response.ok) {
    const type = String(body?.__type ?? "HTTP " + response.status).split("#").pop();
    const message = body?.message ?? body?.Message ?? raw;
    return { ok: false, status: response.status, body, op, request: text, latencyMs, error: { type, message } };
  }
  return { ok: true, status: response.status, body, op, request: text, latencyMs, error: null };
}

// Like call(), but throws an Error carrying .type when the call fails.
export async function callOrThrow(op, request, options) {
  const result = await call(op, request, options);
  if (!result.ok) {
    const error = new Error(`${result.error.type}: ${result.error.message}`);
    error.type = result.error.type;
    throw error;
  }
  return result.body;
}

// Every page of a Query or Scan (up to maxItems items), for the picture.
export async function readAll(op, request, { maxItems = 2000, background = true } = {}) {
  const items = [];
  let start;
  do {
    const body = await callOrThrow(op, { ...request, ...(start ? { ExclusiveStartKey: start } : {}) }, { background });
    items.push(...(body.Items ?? []));
    start = body.LastEvaluatedKey;
  } while (start && items.length < maxItems);
  return { items, truncated: Boolean(start) };
}

// The AWS CLI command and the cost of one call, rendered by the server (the
// same C++ as its --log-requests): {awsCli, cost: {read, write, text} | null}.
// `request` is JSON text or an object; `response` the parsed response, if
// any. Resolves to null when the server cannot render it.
export async function render(op, request, response) {
  const text = typeof request === "string" ? request : JSON.stringify(request);
  const answer = await consoleApi("/console/api/render", { target: target(op), request: text, response });
  return answer.ok ? answer.body : null;
}

// GET (no body) or POST (JSON body) to one of the console's endpoints.
// Resolves (never rejects) to {ok, status, body} with body parsed, or null.
export async function consoleApi(path, body, { background = true } = {}) {
  try {
    const response = await consoleFetch(path, body === undefined ? { cache: "no-store" } : {
      method: "POST",
      cache: "no-store",
      headers: { "Content-Type": "application/json",
                 "x-dynamini-client": background ? "console (background)" : "console" },
      body: JSON.stringify(body),
    });
    let parsed = null;
    try { parsed = await response.json(); } catch { /* not JSON */ }
    return { ok: response.ok, status: response.status, body: parsed };
  } catch (e) {
    return { ok: false, status: 0, body: { error: `The server did not answer: ${e.message}` } };
  }
}
