// Starts a dynamini server on port 0 for a test file and gives its endpoint
// and ready-made AWS SDK v3 clients (any region and credentials work).
import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";

// With DYNAMINI_WASM_PACKAGE (a folder holding the npm package that
// tools/wasm/build.sh writes), the same tests run against the engine in
// WebAssembly, in this process, through the SDK's requestHandler
// (tests/wasm/CMakeLists.txt): the command's flags become createDynamini's
// options, and a flag it has no equivalent for is an error.
async function startInProcess(dir, args) {
  const { createDynamini } = await import(pathToFileURL(path.join(dir, "index.mjs")).href);
  const options = { model: "inbox", transientDelays: {} };
  const delays = { "--create-table-ms": "createTableMs", "--update-table-ms": "updateTableMs",
                   "--delete-table-ms": "deleteTableMs" };
  for (let i = 0; i < args.length; ++i) {
    if (args[i] === "--no-inbox") delete options.model;
    else if (args[i] === "--model") options.model = args[++i];
    else if (args[i] === "--stream-shard-records") options.streamShardMaxRecords = Number(args[++i]);
    else if (delays[args[i]]) options.transientDelays[delays[args[i]]] = Number(args[++i]);
    else throw new Error(`the WebAssembly build has no equivalent of ${args[i]}`);
  }
  const db = await createDynamini(options);
  const config = { requestHandler: db.requestHandler, region: "eu-west-3",
                   credentials: { accessKeyId: "test", secretAccessKey: "test" } };
  const client = new DynamoDBClient(config);
  return { endpoint: null, config, client, doc: DynamoDBDocumentClient.from(client), db,
           async stop() { client.destroy(); db.close(); } };
}

export const inProcess = Boolean(process.env.DYNAMINI_WASM_PACKAGE);

export async function startDynamini(args = ["--no-inbox"]) {
  if (inProcess) return startInProcess(process.env.DYNAMINI_WASM_PACKAGE, args);
  const bin = process.env.DYNAMINI_BIN;
  if (!bin) throw new Error("DYNAMINI_BIN must name the dynamini binary");
  const child = spawn(bin, ["--port", "0", ...args], { stdio: ["ignore", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout });
  const endpoint = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("dynamini did not start in 10 s")), 10000);
    lines.once("line", (line) => {
      clearTimeout(timer);
      const m = line.match(/listening on (http:\/\/\S+)/);
      m ? resolve(m[1]) : reject(new Error(`unexpected output: ${line}`));
    });
    child.once("exit", (code) => reject(new Error(`dynamini exited with ${code}`)));
  });
  const config = {
    endpoint,
    region: "eu-west-3",
    credentials: { accessKeyId: "test", secretAccessKey: "test" },
  };
  const client = new DynamoDBClient(config);
  const doc = DynamoDBDocumentClient.from(client);
  return {
    endpoint,
    config,
    client,
    doc,
    async stop() {
      client.destroy();
      child.kill("SIGTERM");
      await new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once("exit", resolve)));
    },
  };
}
