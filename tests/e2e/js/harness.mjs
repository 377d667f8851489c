// Starts a dynamini server on port 0 for a test file and gives its endpoint
// and ready-made AWS SDK v3 clients (any region and credentials work).
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";

export async function startDynamini(args = ["--no-inbox"]) {
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
