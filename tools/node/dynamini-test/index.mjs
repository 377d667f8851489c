// dynamini in JavaScript and TypeScript test suites (node:test, vitest, jest):
// docs/clients.md, "Node".
// Node's standard library only; the AWS SDK stays the project's own dependency.
//
//   startDynamini(options)        a `dynamini --port 0 --admin` child process on a free port
//   useDynamini(testApi, options) hooks: a server per file (reset before each test) or per test
//   globalSetup(options) / globalTeardown()   one server for the whole run (vitest, jest)
//   resetDynamini(endpoint?)      POST /dynamini/admin/reset (default: AWS_ENDPOINT_URL_DYNAMODB)
//
// While a server runs with `setEnv` (the default), AWS_ENDPOINT_URL_DYNAMODB names it and
// dummy credentials and region are set, so code that builds its own clients reaches it (and
// never real AWS); stop() restores the variables.
import { spawn } from "node:child_process";
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, join, resolve } from "node:path";
import { createInterface } from "node:readline";

const READY = /dynamini listening on (http:\/\/([^\s:/]+):(\d+))/;
const ENDPOINT_VARIABLE = "AWS_ENDPOINT_URL_DYNAMODB";
const CREDENTIALS = { accessKeyId: "dynamini", secretAccessKey: "dynamini" };
const REGION = "us-east-1";
const SESSION_ENV = {
  AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
  AWS_REGION: REGION,
  AWS_DEFAULT_REGION: REGION,
};
const OUTPUT_LINES_KEPT = 200;

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** The binary: options.bin, else $DYNAMINI_BIN, else `dynamini` on PATH. */
export function findDynamini(bin = process.env.DYNAMINI_BIN) {
  if (bin) {
    if (!isExecutable(bin)) throw new Error(`dynamini-test: ${bin} is not an executable file`);
    return resolve(bin);
  }
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    if (dir && isExecutable(join(dir, "dynamini"))) return join(dir, "dynamini");
  }
  throw new Error(
    "dynamini-test: no dynamini binary: pass { bin }, set DYNAMINI_BIN, or put `dynamini` on PATH",
  );
}

function asList(value) {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** dynamini's flags for the options (paths relative to the current directory). */
export function dynaminiArguments(options = {}) {
  const args = ["--port", "0", "--admin"];
  if (!options.inbox) args.push("--no-inbox");
  for (const file of asList(options.schema)) args.push("--schema", resolve(file));
  const seeds = Array.isArray(options.seed)
    ? options.seed.map((s) => s.split("="))
    : Object.entries(options.seed ?? {});
  for (const [table, file] of seeds) args.push("--seed", `${table}=${resolve(file)}`);
  return [...args, ...asList(options.args)];
}

function setSessionEnv(endpoint) {
  const saved = {};
  for (const key of [...Object.keys(SESSION_ENV), ENDPOINT_VARIABLE]) saved[key] = process.env[key];
  Object.assign(process.env, SESSION_ENV, { [ENDPOINT_VARIABLE]: endpoint });
  return () => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
}

// Resolves with the READY match, or rejects with what the server printed.
function waitUntilListening(child, output, timeoutMs) {
  return new Promise((resolvePromise, reject) => {
    const fail = (why) => reject(new Error(`dynamini did not start (${why}):\n${output.join("\n")}`));
    const timer = setTimeout(() => fail(`no "listening" line in ${timeoutMs} ms`), timeoutMs);
    const lines = createInterface({ input: child.stdout });
    lines.on("line", (line) => {
      output.push(line);
      output.splice(0, output.length - OUTPUT_LINES_KEPT);
      const match = READY.exec(line);
      if (match) {
        clearTimeout(timer);
        resolvePromise(match);
      }
    });
    child.once("error", (e) => (clearTimeout(timer), fail(e.message)));
    child.once("exit", (code) => (clearTimeout(timer), fail(`exit status ${code}`)));
  });
}

/** Starts a server; resolves once it listens. See index.d.ts for the options. */
export async function startDynamini(options = {}) {
  const bin = findDynamini(options.bin);
  const args = dynaminiArguments(options);
  const child = spawn(bin, args, { stdio: ["ignore", "pipe", "pipe"] });
  const output = [];
  createInterface({ input: child.stderr }).on("line", (line) => output.push(line));
  // A server left running must not keep the test process alive, and dies with it.
  child.unref();
  child.stdout.unref();
  child.stderr.unref();
  const killOnExit = () => child.kill("SIGTERM");
  process.once("exit", killOnExit);
  let match;
  try {
    match = await waitUntilListening(child, output, options.startTimeoutMs ?? 15000);
  } catch (e) {
    process.removeListener("exit", killOnExit);
    child.kill("SIGKILL");
    throw e;
  }
  const endpoint = match[1];
  const restoreEnv = options.setEnv === false ? () => {} : setSessionEnv(endpoint);
  let stopped;
  return {
    endpoint,
    host: match[2],
    port: Number(match[3]),
    pid: child.pid,
    clientConfig: { endpoint, region: REGION, credentials: { ...CREDENTIALS } },
    reset: () => resetDynamini(endpoint),
    output: () => output.join("\n"),
    stop() {
      stopped ??= new Promise((done) => {
        process.removeListener("exit", killOnExit);
        restoreEnv();
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.ref(); // until it has exited
        child.once("exit", () => done());
        child.kill("SIGTERM");
      });
      return stopped;
    },
  };
}

/** Back to the state after start-up (schema and seed files): POST /dynamini/admin/reset. */
export async function resetDynamini(endpoint = process.env[ENDPOINT_VARIABLE]) {
  if (!endpoint) throw new Error(`dynamini-test: no endpoint and ${ENDPOINT_VARIABLE} is not set`);
  const response = await fetch(new URL("/dynamini/admin/reset", endpoint), { method: "POST" });
  const body = await response.text();
  if (response.status !== 200) {
    throw new Error(`dynamini reset failed: ${response.status} ${body}`);
  }
}

function hooksOf(testApi) {
  const hooks = {
    before: testApi.before ?? testApi.beforeAll,
    after: testApi.after ?? testApi.afterAll,
    beforeEach: testApi.beforeEach,
    afterEach: testApi.afterEach,
  };
  for (const [name, hook] of Object.entries(hooks)) {
    if (typeof hook !== "function") {
      throw new Error(`dynamini-test: the test API has no ${name} hook (pass node:test, vitest or jest's)`);
    }
  }
  return hooks;
}

/**
 * Registers hooks on node:test, vitest or jest (`import * as t from "node:test"` / "vitest";
 * jest: `globalThis`): per "file" (default) one server for the file, reset before each test;
 * per "test" a new server for each test. The returned object's fields are there once the
 * first hook ran.
 */
export function useDynamini(testApi, options = {}) {
  const hooks = hooksOf(testApi);
  const handle = {};
  let server;
  const start = async () => {
    server = await startDynamini(options);
    Object.assign(handle, server);
  };
  const stop = async () => server?.stop();
  if ((options.per ?? "file") === "test") {
    hooks.beforeEach(start);
    hooks.afterEach(stop);
  } else if (options.per === undefined || options.per === "file") {
    hooks.before(start);
    hooks.beforeEach(() => server.reset());
    hooks.after(stop);
  } else {
    throw new Error(`dynamini-test: per must be "file" or "test", not ${options.per}`);
  }
  return handle;
}

const GLOBAL_KEY = Symbol.for("dynamini-test.global");

/**
 * One server for the whole run, started in the runner's main process; test workers inherit
 * AWS_ENDPOINT_URL_DYNAMODB. vitest: `export default globalSetup({...})` in a globalSetup
 * file (the returned function resolves to the teardown). jest: the same in globalSetup, and
 * `export { globalTeardown as default } from "dynamini-test"` in globalTeardown.
 */
export function globalSetup(options = {}) {
  return async () => {
    const server = await startDynamini(options);
    globalThis[GLOBAL_KEY] = server;
    return () => globalTeardown();
  };
}

/** Stops the server globalSetup started (if any). */
export async function globalTeardown() {
  const server = globalThis[GLOBAL_KEY];
  delete globalThis[GLOBAL_KEY];
  await server?.stop();
}
