// The live log of recent requests from every client, read from the server's
// ring buffer (GET /console/api/requests?after=<id>), each with its cost, the
// equivalent AWS CLI command as the server rendered them and, when the
// request reviewer has something to say, its line with a link to the note
// that explains it.
import { el, keyText, avText } from "./dom.js";
import { consoleFetch } from "./transport.js";
import { reviewLine } from "./result_view.js";

const WRITE_OPERATIONS = new Set(["PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem", "TransactWriteItems", "ExecuteStatement", "BatchExecuteStatement", "ExecuteTransaction"]);
const MAX_ROWS = 300;
let lastId = 0;
let entries = [];
let onWrite = () => {};

export function initRequestLog(options) {
  onWrite = options.onWrite ?? onWrite;
  document.getElementById("log-background").addEventListener("change", render);
  document.getElementById("log-clear").addEventListener("click", () => { entries = []; render(); });
  poll();
}

async function poll() {
  try {
    const response = await consoleFetch(`/console/api/requests?after=${lastId}&limit=200`, { cache: "no-store" });
    const data = await response.json();
    if (data.entries.length) {
      if (data.entries.some((e) => e.status === 200 && WRITE_OPERATIONS.has(e.operation))) onWrite();
      entries.push(...data.entries);
      entries = entries.slice(-MAX_ROWS);
      lastId = data.lastId;
      prepend(data.entries);
    } else if (data.lastId < lastId) {
      lastId = 0;  // the server restarted
    }
  } catch { /* server gone for a moment; try again */ }
  setTimeout(poll, 1000);
}

function visible() {
  const showBackground = document.getElementById("log-background").checked;
  return entries.filter((e) => showBackground || e.client !== "console (background)");
}

function keySummary(entry) {
  const key = entry.key;
  if (key === null || key === undefined) return "";
  if (typeof key === "string") return key;  // a key condition expression
  if (entry.operation === "PutItem") {
    return [key.pk, key.sk].filter(Boolean).map((v) => avText(v)).join(" / ") || keyText(key);
  }
  return keyText(key);
}

function clientName(client) {
  if (!client) return "";
  if (client.startsWith("console")) return client;
  if (/aws-cli/i.test(client)) return "aws cli";
  if (/Boto3|botocore/i.test(client)) return "boto3";
  if (/aws-sdk-js|lib\/js|ua\/2\.\d/i.test(client)) return "js sdk";
  return client.split(" ")[0];
}

// Redraws every row (after a filter change or a clear).
function render() {
  const rows = visible();
  document.getElementById("log-count").textContent = rows.length;
  document.getElementById("log-empty").hidden = rows.length > 0;
  const body = document.querySelector("#log-table tbody");
  body.replaceChildren(...rows.slice().reverse().flatMap(row));
}

// Adds new entries on top, leaving open rows open.
function prepend(fresh) {
  const showBackground = document.getElementById("log-background").checked;
  const body = document.querySelector("#log-table tbody");
  const shown = fresh.filter((e) => showBackground || e.client !== "console (background)");
  body.prepend(...shown.slice().reverse().flatMap(row));
  while (body.rows.length > MAX_ROWS * 2) body.lastElementChild.remove();
  const count = body.querySelectorAll("tr.entry").length;
  document.getElementById("log-count").textContent = count;
  document.getElementById("log-empty").hidden = count > 0;
}

function row(entry) {
  const ok = entry.status === 200;
  const summary = el("tr", { class: `entry ${ok ? "ok" : "bad"}`, dataset: { id: entry.id } },
    el("td", {}, entry.id),
    el("td", {}, new Date(entry.time).toLocaleTimeString()),
    el("td", { title: entry.client }, clientName(entry.client)),
    el("td", {}, el("strong", {}, entry.operation)),
    el("td", {}, entry.table),
    el("td", { class: "key" }, keySummary(entry)),
    el("td", { class: "status" }, ok ? "200" : `${entry.status} ${entry.error?.type ?? ""}`),
    el("td", {}, `${entry.latencyMs.toFixed(2)} ms`),
    el("td", { class: "cost" }, entry.cost?.text ?? ""));
  const details = el("tr", { class: "entry-details", hidden: true },
    el("td", { colspan: 9 },
      entry.error ? el("div", { class: "error-box" }, el("strong", {}, entry.error.type), el("p", {}, entry.error.message)) : null,
      el("div", { class: "cli-head" }, el("span", {}, "AWS CLI"),
         el("button", { class: "ghost small", onclick: (ev) => copy(ev.target, cli(entry)) }, "Copy")),
      el("pre", { class: "cli" }, cli(entry))));
  const toggle = () => {
    details.hidden = !details.hidden;
    summary.classList.toggle("open", !details.hidden);
    summary.setAttribute("aria-expanded", String(!details.hidden));
  };
  summary.tabIndex = 0;
  summary.setAttribute("aria-expanded", "false");
  summary.addEventListener("click", toggle);
  summary.addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") { e.preventDefault(); toggle(); }
  });
  const review = entry.note
    ? el("tr", { class: "review-row", dataset: { id: entry.id } }, el("td", {}), el("td", { colspan: 8 }, reviewLine(entry.note)))
    : null;
  return review ? [summary, review, details] : [summary, details];
}

function cli(entry) {
  return entry.awsCli ?? "# request too large to show";
}

async function copy(button, text) {
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = "Copied";
  } catch {
    button.textContent = "Select and copy";
  }
  setTimeout(() => (button.textContent = "Copy"), 1500);
}
