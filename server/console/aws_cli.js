// The AWS CLI command equivalent to one API request: every top-level request
// member becomes --kebab-case-name with its JSON value, as the CLI maps them.
import { isStreamsOperation } from "./api.js";

export function kebab(name) {
  return name
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1-$2")
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .toLowerCase();
}

function shellQuote(text) {
  return /^[A-Za-z0-9_\-.,:/=@+]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

// `request` is an object (or JSON text); `endpoint` e.g. "http://127.0.0.1:8000".
export function awsCli(op, request, endpoint = location.origin) {
  let body = request;
  if (typeof request === "string") {
    try { body = JSON.parse(request); } catch { return "# the request is not valid JSON"; }
  }
  const service = isStreamsOperation(op) ? "dynamodbstreams" : "dynamodb";
  const lines = [`aws ${service} ${kebab(op)} --endpoint-url ${endpoint}`];
  for (const [name, value] of Object.entries(body ?? {})) {
    const flag = kebab(name);
    if (typeof value === "boolean") {
      lines.push(value ? `--${flag}` : `--no-${flag}`);
    } else if (typeof value === "string" || typeof value === "number") {
      lines.push(`--${flag} ${shellQuote(String(value))}`);
    } else {
      lines.push(`--${flag} ${shellQuote(JSON.stringify(value))}`);
    }
  }
  return lines.join(" \\\n    ");
}
