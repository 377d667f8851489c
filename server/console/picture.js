// The picture: the model's table grouped by partition, each item drawn as
// the entity its keys say it is (catalogue.js), and beside it the index the
// model names — which items are in it and which are not. Items that leave or
// join the index, and counters that change, are highlighted after each
// refresh. Clicking an item whose entity has an action selects that pattern
// with the parameters the item's keys give.
import { callOrThrow, readAll } from "./api.js";
import { attributeAt, entityOf, getCatalogue } from "./catalogue.js";
import { avText, clear, el } from "./dom.js";

const MAX_ROWS = 40;
const KINDS = 6;              // colours kind-0 .. kind-5 (console.css)
let previousIndex = null;     // Map key -> item, as of the last refresh
let previousCounters = null;  // Map pk -> counter
let refreshing = null;
let queued = false;
let hooks = { focus: () => null, pick: () => {} };
let keyNames = ["pk", "sk"];  // the table's key attributes, from DescribeTable

// hooks.focus(): the partition key value to show first, or null.
// hooks.pick(patternId, params): an item's action was clicked.
export function initPicture(options) {
  hooks = { ...hooks, ...options };
  document.getElementById("picture-refresh").addEventListener("click", () => refreshPicture());
}

const keyOf = (item) => keyNames.map((k) => avText(item[k] ?? { S: "" })).join("\u0000");

// Refreshes now, or once more right after the refresh in flight.
export async function refreshPicture() {
  if (!getCatalogue()) return;
  if (refreshing) { queued = true; return refreshing; }
  refreshing = draw().finally(() => {
    refreshing = null;
    if (queued) { queued = false; refreshPicture(); }
  });
  return refreshing;
}

// The table's items and the index's, read with Scan.
async function read(catalogue) {
  const table = catalogue.table;
  const described = (await callOrThrow("DescribeTable", { TableName: table }, { background: true })).Table;
  keyNames = [...described.KeySchema].sort((a, b) => (a.KeyType === "HASH" ? -1 : b.KeyType === "HASH" ? 1 : 0))
    .map((k) => k.AttributeName);
  const gsi = (described.GlobalSecondaryIndexes ?? []).find((g) => g.IndexName === catalogue.index) ?? null;
  const base = await readAll("Scan", { TableName: table });
  const index = gsi ? { name: gsi.IndexName, keys: gsi.KeySchema.map((k) => k.AttributeName),
                        ...(await readAll("Scan", { TableName: table, IndexName: gsi.IndexName })) } : null;
  return { table, base, index };
}

async function draw() {
  const catalogue = getCatalogue();
  const status = document.getElementById("picture-status");
  const body = document.getElementById("picture-body");
  let seen;
  try {
    seen = await read(catalogue);
  } catch (e) {
    clear(body).append(el("p", { class: "hint" }, `Cannot draw table “${catalogue.table}”: ${e.message}`));
    status.textContent = "";
    return;
  }
  const { table, base, index } = seen;
  const indexed = new Map((index?.items ?? []).map((i) => [keyOf(i), i]));
  const left = previousIndex ? [...previousIndex.values()].filter((i) => !indexed.has(keyOf(i))) : [];
  const joined = previousIndex ? new Set([...indexed.keys()].filter((k) => !previousIndex.has(k))) : new Set();
  const counters = countersOf(base.items);
  const changed = new Set(previousCounters
    ? [...counters].filter(([pk, c]) => previousCounters.get(pk)?.text !== c.text).map(([pk]) => pk) : []);

  const focus = hooks.focus();
  const partitions = groupBy(base.items, (i) => avText(i[keyNames[0]]));
  const order = [...partitions.keys()].sort((a, b) => (a === focus ? -1 : b === focus ? 1 : a.localeCompare(b)));
  const tableColumn = el("div", { class: "pic-table" },
    el("h3", {}, `Table ${table}`, el("span", { class: "sub" }, ` ${base.items.length}${base.truncated ? "+" : ""} items · partitions by ${keyNames[0]}`)),
    legend(catalogue, index),
    order.map((pk) => partitionCard(pk, partitions.get(pk), indexed, index, counters.get(pk), changed.has(pk))));
  clear(body).append(tableColumn, el("div", { class: "pic-arrow", "aria-hidden": "true" }, "→"),
    indexColumn(index, base, left, joined));
  status.textContent = `updated ${new Date().toLocaleTimeString()}`;
  previousIndex = indexed;
  previousCounters = counters;
}

// pk -> {name, entity, text} for the items whose entity names a counter.
function countersOf(items) {
  const counters = new Map();
  for (const item of items) {
    const kind = entityOf(item);
    if (!kind?.entity.counter) continue;
    const value = item[kind.entity.counter];
    counters.set(avText(item[keyNames[0]]), { name: kind.entity.counter, entity: kind.entity.name,
                                              text: value ? avText(value) : "—" });
  }
  return counters;
}

function indexColumn(index, base, left, joined) {
  if (!index) return el("div", { class: "pic-index" }, el("h3", {}, "No index to show"));
  const groups = groupBy(index.items, (i) => avText(i[index.keys[0]]));
  const ghosts = groupBy(left, (i) => avText(i[index.keys[0]]));
  const names = [...new Set([...groups.keys(), ...ghosts.keys()])].sort((a, b) => a.localeCompare(b));
  return el("div", { class: "pic-index", id: "gsi-view" },
    el("h3", {}, `${index.name}`, el("span", { class: "sub" }, ` sparse · ${index.items.length} of ${base.items.length} items`)),
    el("p", { class: "hint" }, `Only items carrying ${index.keys.join(" and ")} are in ${index.name}.`),
    names.length ? null : el("p", { class: "empty" }, `No item carries ${index.keys[0]}: ${index.name} is empty.`),
    names.map((name) => el("div", { class: "partition index-partition" },
      el("div", { class: "partition-head" }, el("code", {}, name),
         el("span", { class: "count" }, `${(groups.get(name) ?? []).length}`)),
      rows([...(groups.get(name) ?? []).map((i) => indexRow(i, index, joined.has(keyOf(i)))),
            ...(ghosts.get(name) ?? []).map((i) => indexRow(i, index, false, true))]))));
}

function rows(list) {
  if (list.length <= MAX_ROWS) return list;
  return [...list.slice(0, MAX_ROWS), el("div", { class: "more" }, `+ ${list.length - MAX_ROWS} more`)];
}

const kindClass = (kind) => (kind ? `kind-${kind.position % KINDS}` : "kind-other");

function legend(catalogue, index) {
  return el("div", { class: "legend" },
    catalogue.entities.map((e, position) => el("span", { class: `chip ${kindClass({ position })}`, title: e.description }, e.name)),
    el("span", { class: "chip kind-other" }, "other"),
    index ? el("span", { class: "chip in-index" }, `in ${index.name}`) : null);
}

function partitionCard(pk, items, indexed, index, counter, counterChanged) {
  return el("div", { class: "partition", dataset: { pk } },
    el("div", { class: "partition-head" }, el("code", {}, `${keyNames[0]} = ${pk}`),
       counter ? el("span", { class: `counter${counterChanged ? " changed" : ""}`, title: `${counter.name} on ${counter.entity}` },
                    `${counter.name} ${counter.text}`) : null),
    rows(items.map((item) => itemRow(item, indexed.has(keyOf(item)), index))));
}

function itemRow(item, inIndex, index) {
  const kind = entityOf(item);
  const action = kind?.entity.action;
  const sort = keyNames[1] ? avText(item[keyNames[1]] ?? { S: "" }) : "";
  return el("div", {
    class: `item ${kindClass(kind)}${inIndex ? " indexed" : ""}${action ? " clickable" : ""}`,
    dataset: { sk: sort },
    title: action ? `Click to select ${action} for this ${kind.entity.name}` : undefined,
    onclick: action ? () => hooks.pick(action, kind.params) : undefined,
  },
    el("span", { class: `chip ${kindClass(kind)}` }, kind?.entity.name ?? "item"),
    el("span", { class: "text" }, el("code", { class: "sk" }, sort), el("span", { class: "summary" }, summary(item, kind))),
    index ? el("span", { class: `idx ${inIndex ? "yes" : "no"}` }, inIndex ? index.name : "—") : null);
}

function indexRow(item, index, joined, leaving = false) {
  const kind = entityOf(item);
  return el("div", { class: `item ${kindClass(kind)}${joined ? " joined" : ""}${leaving ? " leaving" : ""}`,
                     dataset: { sk: keyNames[1] ? avText(item[keyNames[1]] ?? { S: "" }) : "" } },
    el("span", { class: "text" }, el("code", { class: "sk" }, avText(item[index.keys[1]] ?? item[keyNames[1]] ?? { S: "" })),
       el("span", { class: "summary" }, leaving ? `left ${index.name}` : summary(item, kind))));
}

// The entity's summary attributes ("read false · preview Bob liked…"), or
// the first attribute names of an item no entity fits.
function summary(item, kind) {
  if (!kind) return Object.keys(item).filter((k) => !keyNames.includes(k)).slice(0, 4).join(", ");
  return kind.entity.summary.map((path) => {
    const value = attributeAt(item, path);
    return value === undefined ? null : `${path.split(".").pop()} ${avText(value)}`;
  }).filter(Boolean).join(" · ");
}

function groupBy(items, keyFn) {
  const groups = new Map();
  for (const item of items) {
    const key = keyFn(item);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(item);
  }
  return groups;
}
