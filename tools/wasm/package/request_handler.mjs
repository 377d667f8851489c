// The AWS SDK for JavaScript v3's HTTP handler, answered in process:
//   new DynamoDBClient({ requestHandler: db.requestHandler, region: "us-east-1" })
// The SDK builds and signs its request as usual; instead of sending it, the
// handler gives its X-Amz-Target and body to the engine and hands the SDK
// back DynamoDB's answer (status, headers, JSON body), which the SDK parses
// as it would a network response. No port, no socket, no process.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function header(headers, name) {
  for (const [key, value] of Object.entries(headers ?? {})) {
    if (key.toLowerCase() === name) return value;
  }
  return undefined;
}

function bodyText(body) {
  if (body === undefined || body === null) return "";
  if (typeof body === "string") return body;
  if (body instanceof Uint8Array) return decoder.decode(body);
  throw new TypeError("dynamini: the request body is a stream; DynamoDB's SDK sends strings");
}

// x-amzn-RequestId: 52 uppercase letters and digits, as DynamoDB's (and the
// native server's, server/request_id.h).
function requestId() {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
  let id = "";
  for (let i = 0; i < 52; ++i) id += alphabet[Math.floor(Math.random() * alphabet.length)];
  return id;
}

// `engine` is an Engine (engine.mjs); `afterCall()` runs after each call
// (the package schedules the background work there).
export function createRequestHandler(engine, afterCall = () => {}) {
  return {
    metadata: { handlerProtocol: "dynamini/in-process" },
    async handle(request, { abortSignal } = {}) {
      if (abortSignal?.aborted) {
        const error = new Error("Request aborted");
        error.name = "AbortError";
        throw error;
      }
      const target = header(request.headers, "x-amz-target") ?? "";
      const client = header(request.headers, "user-agent") ?? header(request.headers, "x-amz-user-agent") ?? "";
      const answer = engine.api(target, bodyText(request.body), client);
      afterCall();
      const body = encoder.encode(answer.body);
      return {
        response: {
          statusCode: answer.status,
          headers: {
            "content-type": "application/x-amz-json-1.0",
            "content-length": String(body.length),
            "x-amzn-requestid": requestId(),
          },
          body,
        },
      };
    },
    updateHttpClientConfig() {},
    httpHandlerConfigs() {
      return {};
    },
    destroy() {},
  };
}
