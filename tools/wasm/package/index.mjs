// dynamini in process: the DynamoDB emulator's engine in WebAssembly, for
// Node test suites and bundlers. No server, no port, no child process.
//
//   import { createDynamini } from "dynamini-wasm";
//   const db = await createDynamini({ model: "inbox" });
//   const client = new DynamoDBClient({ requestHandler: db.requestHandler, region: "us-east-1" });
//
// What the WebAssembly build leaves out: ExportTableToPointInTime, ImportTable
// and their Describe/List operations (files in a directory standing for an
// S3 bucket) answer a ValidationException saying so, and a database file
// (`path`) is refused; save() and load() give and take the file's bytes.
import { readFileSync } from "node:fs";
import createDynaminiModule from "./dynamini-engine.mjs";
import { EngineError, openEngine, scheduleBackgroundWork } from "./engine.mjs";
import { createRequestHandler } from "./request_handler.mjs";

export { EngineError };

let compiled = null;  // the module, compiled once per process

// A DynamoDB error answered to execute(): name is the error type
// ("ConditionalCheckFailedException"), body the whole answer.
export class DynaminiError extends Error {
  constructor(body) {
    const type = String(body.__type ?? "Error").split("#").pop();
    super(body.message ?? body.Message ?? type);
    this.name = type;
    this.body = body;
  }
}

class Dynamini {
  #engine;
  #work;

  constructor(engine, options) {
    this.#engine = engine;
    this.#work = scheduleBackgroundWork(engine, { intervalMs: options.backgroundIntervalMs ?? 100 });
    this.requestHandler = createRequestHandler(engine, () => this.#work.soon());
  }

  // One operation by name with its JSON request (an object), as the wire
  // has it: resolves to the response object, rejects with a DynaminiError.
  async execute(operation, request = {}) {
    const streams = ["ListStreams", "DescribeStream", "GetShardIterator", "GetRecords"].includes(operation);
    const target = `${streams ? "DynamoDBStreams_20120810" : "DynamoDB_20120810"}.${operation}`;
    const answer = this.#engine.api(target, JSON.stringify(request), "dynamini-wasm execute");
    this.#work.soon();
    const body = JSON.parse(answer.body);
    if (answer.status !== 200) throw new DynaminiError(body);
    return body;
  }

  // Back to the state after createDynamini() (the model's sample items).
  reset() {
    this.#engine.reset();
  }
  // A copy of the whole database (a SQLite file's bytes) and back.
  snapshot() {
    return this.#engine.save();
  }
  restore(snapshot) {
    this.#engine.load(snapshot);
  }
  // The same, named for files: write save()'s bytes anywhere; the native
  // `dynamini --db FILE` opens them too.
  save() {
    return this.#engine.save();
  }
  load(bytes) {
    this.#engine.load(bytes);
  }

  // A model as `dynamini --model` loads it: "inbox", "shop", "issues" or a
  // model file's object. `reset`: its tables again with only its sample items.
  loadModel(model, { reset = false } = {}) {
    this.#engine.loadModel(model, { reset });
  }

  // handler(records) receives `table`'s stream records (GetRecords' shape)
  // in commit order, soon after each write; a handler that throws gets the
  // same batch again later. Options: maxBatchSize, fromOldestRetained,
  // initialRetryDelayMs, maxRetryDelayMs, maxAttempts.
  subscribe(table, handler, options = {}) {
    const id = this.#engine.subscribe(table, handler, options);
    return {
      counts: () => this.#engine.subscriptionCounts(id),
      unsubscribe: () => this.#engine.unsubscribe(id),
    };
  }

  // Runs the background work now (stream deliveries, the TTL sweep when
  // due, jobs) and says what it did; the package also runs it by itself.
  runBackgroundWork() {
    return this.#engine.runBackgroundWork();
  }

  close() {
    this.#work.stop();
    this.#engine.close();
  }
}

// Options: model (a shipped name or a model object), region, accountId,
// ttlSweepIntervalMs (default 1000), streamShardLifetimeMs,
// streamShardMaxRecords, transientDelays {createTableMs, deleteTableMs,
// updateTableMs}, backgroundIntervalMs (default 100), setEnv (default true:
// dummy AWS credentials in the environment when it has none).
export async function createDynamini(options = {}) {
  if (options.path !== undefined) {
    throw new EngineError(
      "dynamini-wasm keeps its database in memory: file databases (path) are not available " +
        "in the WebAssembly build; use save() and load() for the file's bytes");
  }
  // The SDK signs every request before its handler sees it, so a client
  // needs credentials even here: without any in the environment, dummy ones
  // (they never leave the process). `setEnv: false` leaves it alone.
  if (options.setEnv !== false && !process.env.AWS_ACCESS_KEY_ID) {
    process.env.AWS_ACCESS_KEY_ID = "dynamini";
    process.env.AWS_SECRET_ACCESS_KEY = "dynamini";
  }
  compiled ??= WebAssembly.compile(readFileSync(new URL("./dynamini-engine.wasm", import.meta.url)));
  const { model, backgroundIntervalMs, setEnv, ...settings } = options;
  const engine = await openEngine(createDynaminiModule, await compiled, {
    ...settings,
    ...(model === undefined ? {} : { model: typeof model === "string" ? model : JSON.stringify(model) }),
  });
  return new Dynamini(engine, { backgroundIntervalMs });
}
