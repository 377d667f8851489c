// A tiny stand-in for the Lambda Runtime Interface Emulator: serves one
// handler at POST /2015-03-31/functions/function/invocations on a free port.
// Like the RIE, a handler that throws is answered with status 200 and
// Lambda's error document {"errorMessage", "errorType", "stackTrace"}; a
// handler that returns is answered with its result as JSON.
import { createServer } from "node:http";

export async function serveHandler(handler) {
  const invocations = [];
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", async () => {
      const ok = req.method === "POST" && req.url === "/2015-03-31/functions/function/invocations";
      if (!ok) {
        res.writeHead(404).end();
        return;
      }
      const event = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      const entry = { event, started: Date.now() };
      invocations.push(entry);
      let body;
      try {
        body = JSON.stringify((await handler(event, { awsRequestId: String(invocations.length) })) ?? null);
        entry.ok = true;
      } catch (e) {
        body = JSON.stringify({ errorMessage: e.message, errorType: e.name, stackTrace: [] });
        entry.ok = false;
      }
      entry.finished = Date.now();
      res.writeHead(200, { "Content-Type": "application/json" }).end(body);
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}/2015-03-31/functions/function/invocations`,
    invocations,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
