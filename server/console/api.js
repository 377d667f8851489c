// Calls this server's DynamoDB API exactly as an SDK would: POST / with
// X-Amz-Target. The console never reaches around the engine.

export const STREAMS_OPERATIONS = ["ListStreams", "DescribeStream", "GetShardIterator", "GetRecords"];

export const READ_OPERATIONS = new Set(["GetItem", "Query", "Scan", "BatchGetItem", "TransactGetItems"]);

export function isStreamsOperation(op) {
  return STREAMS_OPERATIONS.includes(op);
}

// Sends one request. `background` marks the console's own refreshes so the
// request log can hide them. Resolves (never rejects) to
// {ok, status, body, error: {type, message} | null, latencyMs, op, request}.
export async function call(op, request, { background = false } = {}) {
  const prefix = isStreamsOperation(op) ? "DynamoDBStreams_20120810" : "DynamoDB_20120810";
  const text = typeof request === "string" ? request : JSON.stringify(request);
  const started = performance.now();
  let response;
  try {
    response = await fetch("/", {
      method: "POST",
      headers: {
        "Content-Type": "application/x-amz-json-1.0",
        "X-Amz-Target": `${prefix}.${op}`,
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

// Read or write units of a ConsumedCapacity value (an object, or the list
// batch operations return), as text: "0.5 RCU", "2 WCU".
export function capacityText(consumed, op) {
  if (!consumed) return "";
  const list = Array.isArray(consumed) ? consumed : [consumed];
  let read = 0, write = 0;
  for (const c of list) {
    const units = c.CapacityUnits ?? 0;
    if (c.ReadCapacityUnits !== undefined || c.WriteCapacityUnits !== undefined) {
      read += c.ReadCapacityUnits ?? 0;
      write += c.WriteCapacityUnits ?? 0;
    } else if (READ_OPERATIONS.has(op)) {
      read += units;
    } else {
      write += units;
    }
  }
  const parts = [];
  if (read) parts.push(`${round(read)} RCU`);
  if (write) parts.push(`${round(write)} WCU`);
  return parts.join(" + ") || "0";
}

export function capacityUnits(consumed, op) {
  const list = !consumed ? [] : Array.isArray(consumed) ? consumed : [consumed];
  let read = 0, write = 0;
  for (const c of list) {
    if (c.ReadCapacityUnits !== undefined || c.WriteCapacityUnits !== undefined) {
      read += c.ReadCapacityUnits ?? 0;
      write += c.WriteCapacityUnits ?? 0;
    } else if (READ_OPERATIONS.has(op)) {
      read += c.CapacityUnits ?? 0;
    } else {
      write += c.CapacityUnits ?? 0;
    }
  }
  return { read, write };
}

export function round(x) {
  return Math.round(x * 1000) / 1000;
}
