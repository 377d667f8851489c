// The engine in WebAssembly, as JavaScript calls it: one Engine per database.
// Shared by the classroom page (classroom.mjs) and the npm package
// (package/index.mjs). Every call is synchronous: the module has one thread
// and the engine's background work (stream deliveries, the TTL sweep, jobs)
// runs only when runBackgroundWork() is called (Options::background_work =
// kHostDriven, dynamini/database.h); scheduleBackgroundWork() arranges it.
//
//   const engine = await openEngine(createDynaminiModule, wasmBytes, settings);
//   engine.api("DynamoDB_20120810.ListTables", "{}")   // {status, body}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

// The module's C functions (tools/wasm/browser_exports.cc) with JS types.
function bind(module) {
  const c = (name, result, args) => module.cwrap(name, result, args);
  const n = "number";
  return {
    open: c("dynamini_open", n, [n, n]),
    close: c("dynamini_close", null, [n]),
    api: c("dynamini_api", n, [n, n, n, n, n, n, n]),
    console: c("dynamini_console", n, [n, "string", n, n, n, n, "string", "string"]),
    loadModel: c("dynamini_load_model", n, [n, n, n, n]),
    backgroundWork: c("dynamini_background_work", n, [n]),
    reset: c("dynamini_reset", n, [n]),
    save: c("dynamini_save", n, [n]),
    load: c("dynamini_load", n, [n, n, n]),
    subscribe: c("dynamini_subscribe", n, [n, "string", n, n]),
    unsubscribe: c("dynamini_unsubscribe", n, [n, n]),
    subscriptionCounts: c("dynamini_subscription_counts", n, [n, n]),
    body: c("dynamini_answer_body", n, [n]),
    length: c("dynamini_answer_length", n, [n]),
    status: c("dynamini_answer_status", n, [n]),
    contentType: c("dynamini_answer_content_type", "string", [n]),
  };
}

// Copies `value` (a string or bytes) into the module's memory for one call.
function withBytes(module, value, use) {
  const bytes = typeof value === "string" ? encoder.encode(value) : value;
  const pointer = module._malloc(bytes.length + 1);
  try {
    module.HEAPU8.set(bytes, pointer);
    module.HEAPU8[pointer + bytes.length] = 0;
    return use(pointer, bytes.length);
  } finally {
    module._free(pointer);
  }
}

export class EngineError extends Error {}

export class Engine {
  constructor(module, settings) {
    this.module = module;
    this.c = bind(module);
    this.handlers = new Map();  // subscription id -> handler
    module.dynaminiDeliver = (id, pointer, length) => this.#deliver(id, pointer, length);
    this.session = withBytes(module, JSON.stringify(settings), (p, n) => this.c.open(p, n));
    if (this.c.status(this.session) !== 200) {
      const reason = this.#text();
      this.c.close(this.session);
      this.session = 0;
      throw new EngineError(reason);
    }
  }

  // The last answer's body as text, or as bytes.
  #text() {
    const start = this.c.body(this.session);
    return decoder.decode(this.module.HEAPU8.subarray(start, start + this.c.length(this.session)));
  }
  #bytes() {
    const start = this.c.body(this.session);
    return this.module.HEAPU8.slice(start, start + this.c.length(this.session));
  }
  // The last answer: its text, or an EngineError when the call threw.
  #answer(status) {
    if (status === 0) throw new EngineError(this.#text());
    return { status, body: this.#text(), contentType: this.c.contentType(this.session) };
  }
  #json(status) {
    return JSON.parse(this.#answer(status).body);
  }
  #live() {
    if (!this.session) throw new EngineError("this dynamini database is closed");
  }

  // One DynamoDB call as an SDK sends it: X-Amz-Target and the JSON body.
  // Resolves nothing: answers {status, body} (an error's body is DynamoDB's).
  api(target, body, client = "") {
    this.#live();
    const status = withBytes(this.module, target, (tp, tn) =>
      withBytes(this.module, body, (bp, bn) =>
        withBytes(this.module, client, (cp, cn) => this.c.api(this.session, tp, tn, bp, bn, cp, cn))));
    return this.#answer(status);
  }

  // A console endpoint (server/console_api.h): {status, body, contentType}.
  console(method, pathAndQuery, body = "", contentType = "", client = "") {
    this.#live();
    const status = withBytes(this.module, pathAndQuery, (pp, pn) =>
      withBytes(this.module, body, (bp, bn) =>
        this.c.console(this.session, method, pp, pn, bp, bn, contentType, client)));
    return this.#answer(status);
  }

  // A shipped model's name, or a model file's object; `reset` makes its
  // tables again with only the sample items.
  loadModel(model, { reset = false } = {}) {
    this.#live();
    const text = typeof model === "string" ? model : JSON.stringify(model);
    this.#answer(withBytes(this.module, text, (p, n) => this.c.loadModel(this.session, p, n, reset ? 1 : 0)));
  }

  // Database::run_background_work() and the models' jobs, now:
  // {jobs, swept, expiredItems, deliveredRecords, failedDeliveries, modelJobs}.
  runBackgroundWork() {
    this.#live();
    return this.#json(this.c.backgroundWork(this.session));
  }

  // Back to the state after open (with the model's sample items).
  reset() {
    this.#live();
    this.#answer(this.c.reset(this.session));
  }

  // The whole database as a SQLite file's bytes, which load() and the native
  // `dynamini --db` open.
  save() {
    this.#live();
    const status = this.c.save(this.session);
    if (status === 0) throw new EngineError(this.#text());
    return this.#bytes();
  }
  load(bytes) {
    this.#live();
    this.#answer(withBytes(this.module, bytes, (p, n) => this.c.load(this.session, p, n)));
  }

  // Calls handler(records) with the stream records of `table` (GetRecords'
  // shape), in commit order, during runBackgroundWork(); a handler that
  // throws gets the batch again later (dynamini/stream_handler.h). Returns
  // the subscription's id.
  subscribe(table, handler, options = {}) {
    this.#live();
    const { subscription } = this.#json(withBytes(this.module, JSON.stringify(options), (p, n) =>
      this.c.subscribe(this.session, table, p, n)));
    this.handlers.set(subscription, handler);
    return subscription;
  }
  unsubscribe(id) {
    if (!this.session) return;
    this.#answer(this.c.unsubscribe(this.session, id));
    this.handlers.delete(id);
  }
  // {delivered, failures, skippedBatches}
  subscriptionCounts(id) {
    this.#live();
    return this.#json(this.c.subscriptionCounts(this.session, id));
  }

  #deliver(id, pointer, length) {
    const handler = this.handlers.get(id);
    if (!handler) return 0;
    try {
      const records = JSON.parse(decoder.decode(this.module.HEAPU8.subarray(pointer, pointer + length)));
      const returned = handler(records);
      // A promise cannot be waited for here (the engine is mid-call): its
      // rejection is reported, not retried.
      if (returned && typeof returned.then === "function") {
        returned.then(undefined, (e) => console.error("dynamini: a stream handler's promise failed:", e));
      }
      return 0;
    } catch {
      return 1;
    }
  }

  close() {
    if (!this.session) return;
    this.c.close(this.session);
    this.session = 0;
    this.handlers.clear();
  }
}

// Instantiates the module from `compiled` (a WebAssembly.Module, compiled
// once for every database of a process, or the .wasm's bytes) without any
// fetch, so it works from file:// and in Node, and opens one database with
// `settings` (tools/wasm/host_settings.h).
export async function openEngine(createModule, compiled, settings = {}) {
  const wasm = compiled instanceof WebAssembly.Module ? compiled : await WebAssembly.compile(compiled);
  const module = await createModule({
    instantiateWasm(imports, receive) {
      WebAssembly.instantiate(wasm, imports).then((instance) => receive(instance, wasm));
      return {};
    },
    print: () => {},
    printErr: (text) => console.error(text),
  });
  return new Engine(module, settings);
}

// Runs the engine's background work soon after writes and every `intervalMs`
// (TTL sweeps), as the native threads would. `onWork(done)` is told what
// each run did. Returns {soon(), stop()}; the timer does not keep Node alive.
export function scheduleBackgroundWork(engine, { intervalMs = 250, onWork = () => {} } = {}) {
  let pending = null;
  const run = () => {
    pending = null;
    if (!engine.session) return;
    try {
      onWork(engine.runBackgroundWork());
    } catch (e) {
      console.error("dynamini: background work failed:", e);
    }
  };
  const timer = setInterval(run, intervalMs);
  timer.unref?.();
  return {
    soon() {
      if (pending === null) {
        pending = setTimeout(run, 0);
        pending.unref?.();
      }
    },
    stop() {
      clearInterval(timer);
      if (pending !== null) clearTimeout(pending);
      pending = null;
    },
  };
}
