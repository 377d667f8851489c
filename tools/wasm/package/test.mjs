// dynamini-wasm in node:test, vitest and jest suites: each test file (or each
// test) gets its own in-process database, reset before each test.
//
//   import * as t from "node:test";            // or: import * as t from "vitest";
//   import { useDynamini } from "dynamini-wasm/test";
//   const dynamo = useDynamini(t, { model: "inbox" });
//   t.test("...", async () => {
//     const client = new DynamoDBClient({ requestHandler: dynamo.requestHandler, region: "us-east-1" });
//   });
//
// The returned object's fields (db, requestHandler, clientConfig) are there
// once the first hook ran.
import { createDynamini } from "./index.mjs";

function hooksOf(testApi) {
  const hooks = {
    before: testApi.before ?? testApi.beforeAll,
    after: testApi.after ?? testApi.afterAll,
    beforeEach: testApi.beforeEach,
    afterEach: testApi.afterEach,
  };
  for (const [name, hook] of Object.entries(hooks)) {
    if (typeof hook !== "function") {
      throw new Error(`dynamini-wasm: the test API has no ${name} hook (pass node:test, vitest or jest's)`);
    }
  }
  return hooks;
}

// Options: createDynamini's, and per: "file" (default: one database for the
// file, reset() before each test) or "test" (a new database for each test).
export function useDynamini(testApi, options = {}) {
  const { per = "file", ...settings } = options;
  const hooks = hooksOf(testApi);
  const handle = {};
  let db = null;
  const open = async () => {
    db = await createDynamini(settings);
    Object.assign(handle, {
      db,
      requestHandler: db.requestHandler,
      // Spread into a client's configuration: new DynamoDBClient(handle.clientConfig).
      clientConfig: {
        requestHandler: db.requestHandler,
        region: settings.region ?? "us-east-1",
        credentials: { accessKeyId: "dynamini", secretAccessKey: "dynamini" },
      },
    });
  };
  const close = () => db?.close();
  if (per === "test") {
    hooks.beforeEach(open);
    hooks.afterEach(close);
  } else if (per === "file") {
    hooks.before(open);
    hooks.beforeEach(() => db.reset());
    hooks.after(close);
  } else {
    throw new Error(`dynamini-wasm: per must be "file" or "test", not ${per}`);
  }
  return handle;
}
