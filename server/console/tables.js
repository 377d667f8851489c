// Tables view: every table's key schema, indexes, stream and TTL settings,
// and its items page by page (Scan with Limit and LastEvaluatedKey).
import { call, callOrThrow, render } from "./api.js";
import { el, clear, avText, toast } from "./dom.js";

let selected = null;
let pageStart = null;   // ExclusiveStartKey of the page shown
let history = [];       // start keys of the pages before this one

export function initTables() {
  document.getElementById("tables-refresh").addEventListener("click", () => refreshTables());
}

export async function refreshTables() {
  const list = clear(document.getElementById("table-list"));
  let names = [];
  try {
    let start;
    do {
      const page = await callOrThrow("ListTables", start ? { ExclusiveStartTableName: start } : {}, { background: true });
      names.push(...page.TableNames);
      start = page.LastEvaluatedTableName;
    } while (start);
  } catch (e) {
    list.append(el("li", { class: "hint" }, e.message));
    return;
  }
  if (!names.length) list.append(el("li", { class: "hint" }, "No tables yet."));
  for (const name of names) {
    list.append(el("li", {}, el("button", { class: `table-name${name === selected ? " selected" : ""}`,
                                            onclick: () => showTable(name) }, name)));
  }
  if (!selected || !names.includes(selected)) selected = names[0] ?? null;
  if (selected) await showTable(selected, { keepPage: true });
}

function keySchemaText(schema) {
  return (schema ?? []).map((k) => `${k.AttributeName} (${k.KeyType})`).join(", ");
}

async function showTable(name, { keepPage = false } = {}) {
  if (name !== selected || !keepPage) { pageStart = null; history = []; }
  selected = name;
  for (const b of document.querySelectorAll(".table-name")) b.classList.toggle("selected", b.textContent === name);
  const detail = clear(document.getElementById("table-detail"));
  const described = await call("DescribeTable", { TableName: name }, { background: true });
  if (!described.ok) { detail.append(el("p", { class: "error-box" }, described.error.message)); return; }
  const t = described.body.Table;
  const ttl = await call("DescribeTimeToLive", { TableName: name }, { background: true });
  const ttlText = ttl.ok
    ? `${ttl.body.TimeToLiveDescription?.TimeToLiveStatus ?? "?"}${ttl.body.TimeToLiveDescription?.AttributeName ? ` on “${ttl.body.TimeToLiveDescription.AttributeName}”` : ""}`
    : ttl.error.type === "UnknownOperationException" ? "not available in this build" : ttl.error.message;
  const types = Object.fromEntries((t.AttributeDefinitions ?? []).map((a) => [a.AttributeName, a.AttributeType]));
  const stream = t.StreamSpecification?.StreamEnabled
    ? `enabled · ${t.StreamSpecification.StreamViewType}` : "not enabled";

  const indexes = [
    ...(t.GlobalSecondaryIndexes ?? []).map((i) => ({ ...i, kind: "GSI" })),
    ...(t.LocalSecondaryIndexes ?? []).map((i) => ({ ...i, kind: "LSI" })),
  ];
  detail.append(
    el("h2", {}, t.TableName, el("span", { class: `table-status ${t.TableStatus}` }, t.TableStatus)),
    el("dl", { class: "facts" },
      fact("Key schema", (t.KeySchema ?? []).map((k) => `${k.AttributeName} ${types[k.AttributeName] ?? ""} (${k.KeyType})`).join(", ")),
      fact("Items", `${t.ItemCount} · ${t.TableSizeBytes} bytes`),
      fact("Billing", t.BillingModeSummary?.BillingMode ?? "PROVISIONED"),
      fact("Stream", stream + (t.LatestStreamArn ? ` · ${t.LatestStreamArn}` : "")),
      fact("TTL", ttlText)),
    el("h3", {}, `Indexes (${indexes.length})`),
    indexes.length
      ? el("table", { class: "grid" },
          el("thead", {}, el("tr", {}, ["name", "kind", "key schema", "projection", "items"].map((h) => el("th", {}, h)))),
          el("tbody", {}, indexes.map((i) => el("tr", {},
            el("td", {}, el("code", {}, i.IndexName)), el("td", {}, i.kind), el("td", {}, keySchemaText(i.KeySchema)),
            el("td", {}, i.Projection?.ProjectionType + (i.Projection?.NonKeyAttributes ? ` (${i.Projection.NonKeyAttributes.join(", ")})` : "")),
            el("td", {}, i.ItemCount ?? "—")))))
      : el("p", { class: "hint" }, "No secondary indexes."),
    el("div", { id: "items-browser" }));
  await showPage(t);
}

function fact(label, value) {
  return [el("dt", {}, label), el("dd", {}, value)];
}

async function showPage(t) {
  const box = clear(document.getElementById("items-browser"));
  const sizeSelect = el("select", { id: "page-size", "aria-label": "Items per page" },
    [5, 10, 25, 50].map((n) => el("option", { value: n, selected: n === pageSize() }, n)));
  sizeSelect.addEventListener("change", () => { localStorage.setItem("dynamini.pageSize", sizeSelect.value); pageStart = null; history = []; showPage(t); });
  const request = { TableName: t.TableName, Limit: pageSize(), ReturnConsumedCapacity: "TOTAL",
                    ...(pageStart ? { ExclusiveStartKey: pageStart } : {}) };
  const result = await call("Scan", request);
  const cost = result.ok ? (await render("Scan", request, result.body))?.cost?.text ?? "" : "";
  const items = result.body?.Items ?? [];
  const lek = result.body?.LastEvaluatedKey;
  const keys = (t.KeySchema ?? []).map((k) => k.AttributeName);
  const columns = [...keys, ...new Set(items.flatMap((i) => Object.keys(i)).filter((k) => !keys.includes(k)))];
  box.append(
    el("div", { class: "browser-head" },
      el("h3", {}, `Items · page ${history.length + 1}`),
      el("label", {}, "per page ", sizeSelect),
      el("button", { class: "ghost", disabled: !history.length, onclick: () => { pageStart = null; history = []; showPage(t); } }, "← First page"),
      el("button", { class: "primary", id: "next-items", disabled: !lek, onclick: () => { history.push(pageStart); pageStart = lek; showPage(t); } }, "Next page →"),
      el("span", { class: "hint" }, result.ok
        ? `Scan · Count ${result.body.Count} · ScannedCount ${result.body.ScannedCount} · ${cost}`
        : result.error.message)),
    items.length
      ? el("div", { class: "scroll" }, el("table", { class: "grid items" },
          el("thead", {}, el("tr", {}, columns.map((c) => el("th", { class: keys.includes(c) ? "key" : "" }, c)))),
          el("tbody", {}, items.map((item) => el("tr", {}, columns.map((c) =>
            el("td", { class: keys.includes(c) ? "key" : "" }, c in item ? avText(item[c]) : "")))))))
      : el("p", { class: "hint" }, "No items on this page."));
  if (!result.ok) toast(result.error.message, "bad");
}

function pageSize() {
  return Number(localStorage.getItem("dynamini.pageSize")) || 10;
}
