// The picture: a table of the model drawn as item collections (a card per
// partition key, its items in sort key order), each of its indexes beside
// it, and a line from every item to each of its index entries; an item an
// index does not hold has no line and a hollow port. Each item is drawn as
// the entity its keys say it is (catalogue.js). After a pattern runs, the
// items it read are marked, those it returned more strongly (a filter's
// discards show as read, not returned); items it wrote pulse, entries that
// left an index since the last look fade out with a dashed line, new ones
// arrive. Clicking an item whose entity has an action (or Enter on it)
// selects that pattern with the parameters the item's keys give.
import { callOrThrow, readAll } from "./api.js";
import { attributeAt, entityOf, getCatalogue } from "./catalogue.js";
import { avText, clear, el } from "./dom.js";
import { drawLinks } from "./picture_links.js";

const MAX_ROWS = 40;
const KINDS = 6;          // colours kind-0 .. kind-5 (console.css)
let table = null;         // the table drawn
let previous = new Map(); // index name -> Map key -> item, as of the last look
let previousCounters = null;
let marks = null;         // what the last run read, returned and wrote (keys of this table)
let refreshing = null;
let queued = false;
let hooks = { focus: () => null, pick: () => {} };
let keyNames = ["pk", "sk"];

// hooks.focus(): the partition key value to show first, or null.
// hooks.pick(patternId, params): an item's action was chosen.
export function initPicture(options) {
  hooks = { ...hooks, ...options };
  const catalogue = getCatalogue();
  if (!catalogue) return;
  table = catalogue.table;
  document.getElementById("picture-refresh").addEventListener("click", () => refreshPicture());
  const select = document.getElementById("picture-table");
  if (catalogue.tables.length > 1) {
    select.append(...catalogue.tables.map((t) => el("option", { value: t.name, selected: t.name === table }, t.name)));
    select.addEventListener("change", () => { table = select.value; previous = new Map(); refreshPicture(); });
    document.getElementById("picture-table-label").hidden = false;
  }
  new ResizeObserver(() => redrawLinks()).observe(document.getElementById("picture-body"));
}

const keyOf = (item) => JSON.stringify(keyNames.map((k) => item[k] ?? null));

// Remembers what a pattern run read, returned and wrote, for the next drawing.
export function showRun(run) {
  marks = { read: new Set(), returned: new Set(), written: new Set(), created: new Set(), evaluated: 0, kept: 0 };
  for (const call of run.calls) {
    for (const page of call.pages ?? []) {
      if (page.table !== table) continue;
      marks.evaluated += page.evaluated;
      marks.kept += page.returned;
      for (const k of page.keys) (k.returned ? marks.returned : marks.read).add(JSON.stringify(keyNames.map((n) => k.key[n] ?? null)));
    }
    for (const w of call.writes ?? []) {
      if (w.table !== table) continue;
      const key = JSON.stringify(keyNames.map((n) => w.key[n] ?? null));
      marks.written.add(key);
      if (w.created) marks.created.add(key);
    }
  }
}

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

// The table's items and every index's, read with Scan.
async function read() {
  const described = (await callOrThrow("DescribeTable", { TableName: table }, { background: true })).Table;
  keyNames = [...described.KeySchema].sort((a, b) => (a.KeyType === "HASH" ? -1 : b.KeyType === "HASH" ? 1 : 0))
    .map((k) => k.AttributeName);
  const indexes = [...(described.GlobalSecondaryIndexes ?? []), ...(described.LocalSecondaryIndexes ?? [])];
  const base = await readAll("Scan", { TableName: table });
  const read = await Promise.all(indexes.map(async (index, position) => ({
    name: index.IndexName, position, projection: index.Projection?.ProjectionType ?? "ALL",
    keys: index.KeySchema.map((k) => k.AttributeName),
    ...(await readAll("Scan", { TableName: table, IndexName: index.IndexName })),
  })));
  return { base, indexes: read };
}

async function draw() {
  const status = document.getElementById("picture-status");
  const body = document.getElementById("picture-body");
  let seen;
  try {
    seen = await read();
  } catch (e) {
    clear(body).append(el("p", { class: "hint" }, `Cannot draw table “${table}”: ${e.message}`));
    status.textContent = "";
    return;
  }
  const { base, indexes } = seen;
  for (const index of indexes) index.held = new Map(index.items.map((i) => [keyOf(i), i]));
  const counters = countersOf(base.items);
  const changed = new Set(previousCounters
    ? [...counters].filter(([pk, c]) => previousCounters.get(pk)?.text !== c.text).map(([pk]) => pk) : []);
  const focus = hooks.focus();
  const partitions = groupBy(base.items, (i) => avText(i[keyNames[0]]));
  const order = [...partitions.keys()].sort((a, b) => (a === focus ? -1 : b === focus ? 1 : a.localeCompare(b)));
  const tableColumn = el("div", { class: "pic-table" },
    el("h3", {}, `Table ${table}`, el("span", { class: "sub" }, ` ${base.items.length}${base.truncated ? "+" : ""} items · item collections by ${keyNames[0]}`)),
    order.map((pk) => partitionCard(pk, partitions.get(pk), indexes, counters.get(pk), changed.has(pk))));
  const grid = el("div", { class: "pic-grid" }, tableColumn, el("div", { class: "pic-gutter" }),
    el("div", { class: "pic-indexes" }, indexes.length ? indexes.map((i) => indexBox(i, base))
      : el("p", { class: "hint" }, "This table has no secondary index.")));
  grid.prepend(document.createElementNS("http://www.w3.org/2000/svg", "svg"));
  grid.firstChild.setAttribute("class", "pic-links");
  grid.firstChild.setAttribute("aria-hidden", "true");
  clear(body).append(grid);
  legend(indexes);
  status.textContent = statusText();
  previous = new Map(indexes.map((i) => [i.name, i.held]));
  previousCounters = counters;
  requestAnimationFrame(redrawLinks);
}

function redrawLinks() {
  const grid = document.querySelector("#picture-body .pic-grid");
  if (grid) grid.dataset.links = drawLinks(grid);
}

function statusText() {
  const time = `updated ${new Date().toLocaleTimeString()}`;
  if (!marks || (!marks.evaluated && !marks.written.size)) return time;
  const parts = [];
  if (marks.evaluated) parts.push(`last run read ${marks.evaluated}, returned ${marks.kept}`);
  if (marks.written.size) parts.push(`wrote ${marks.written.size}`);
  return `${parts.join(" · ")} · ${time}`;
}

function legend(indexes) {
  const catalogue = getCatalogue();
  clear(document.getElementById("picture-legend")).append(
    ...catalogue.entities.filter((e) => !e.table || e.table === table)
      .map((e) => el("span", { class: `chip ${kindClass({ position: catalogue.entities.indexOf(e) })}`, title: e.description }, e.name)),
    el("span", { class: "chip kind-other" }, "other"),
    ...indexes.map((i) => el("span", { class: `line-key link-${i.position}` }, `line: in ${i.name}`)),
    el("span", { class: "mark-key returned" }, "returned"), el("span", { class: "mark-key read" }, "read, not returned"));
}

// pk -> {name, entity, text} for the items whose entity names a counter.
function countersOf(items) {
  const counters = new Map();
  for (const item of items) {
    const kind = entityOf(item, table);
    if (!kind?.entity.counter) continue;
    const value = item[kind.entity.counter];
    counters.set(avText(item[keyNames[0]]), { name: kind.entity.counter, entity: kind.entity.name,
                                              text: value ? avText(value) : "—" });
  }
  return counters;
}

function indexBox(index, base) {
  const groups = groupBy(index.items, (i) => avText(i[index.keys[0]]));
  const left = [...(previous.get(index.name)?.values() ?? [])].filter((i) => !index.held.has(keyOf(i)));
  const ghosts = groupBy(left, (i) => avText(i[index.keys[0]]));
  const joined = previous.has(index.name) ? new Set([...index.held.keys()].filter((k) => !previous.get(index.name).has(k))) : new Set();
  const names = [...new Set([...groups.keys(), ...ghosts.keys()])].sort((a, b) => a.localeCompare(b));
  const sparse = index.items.length < base.items.length;
  return el("div", { class: `pic-index index-${index.position}`, id: `index-${index.name}`, dataset: { index: index.name } },
    el("h3", {}, index.name, el("span", { class: "sub" },
      ` ${sparse ? "sparse · " : ""}${index.items.length} of ${base.items.length} items · ${index.keys.join(" / ")} · ${index.projection}`)),
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

function partitionCard(pk, items, indexes, counter, counterChanged) {
  return el("div", { class: "partition", dataset: { pk } },
    el("div", { class: "partition-head" }, el("code", {}, `${keyNames[0]} = ${pk}`),
       el("span", { class: "count" }, `${items.length} item${items.length === 1 ? "" : "s"}`),
       counter ? el("span", { class: `counter${counterChanged ? " changed" : ""}`, title: `${counter.name} on ${counter.entity}` },
                    `${counter.name} ${counter.text}`) : null),
    rows(items.map((item) => itemRow(item, indexes))));
}

// Marks from the last run: read (not returned), returned, written, created.
function markClasses(key) {
  if (!marks) return "";
  return [marks.returned.has(key) ? " returned" : marks.read.has(key) ? " read" : "",
          marks.created.has(key) ? " joined" : marks.written.has(key) ? " written" : ""].join("");
}

function itemRow(item, indexes) {
  const kind = entityOf(item, table);
  const action = kind?.entity.action;
  const key = keyOf(item);
  const sort = keyNames[1] ? avText(item[keyNames[1]] ?? { S: "" }) : "";
  const ports = indexes.map((index) => {
    const held = index.held.has(key);
    return el("span", { class: `idx ${held ? "yes" : "no"} link-${index.position}`, title: held ? `in ${index.name}` : `not in ${index.name}` },
      held ? index.name : `no ${index.name}`);
  });
  const attrs = {
    class: `item ${kindClass(kind)}${action ? " clickable" : ""}${markClasses(key)}`,
    dataset: { sk: sort, key },
    title: action ? `Select ${action} for this ${kind.entity.name}` : undefined,
  };
  const children = [
    el("span", { class: `chip ${kindClass(kind)}` }, kind?.entity.name ?? "item"),
    el("span", { class: "text" }, el("code", { class: "sk" }, sort), el("span", { class: "summary" }, summary(item, kind))),
    el("span", { class: indexes.length > 1 ? "ports many" : "ports" }, ports)];
  if (!action) return el("div", attrs, children);
  return el("button", { ...attrs, type: "button", onclick: () => hooks.pick(action, kind.params) }, children);
}

function indexRow(item, index, joined, leaving = false) {
  const kind = entityOf(item, table);
  const key = keyOf(item);
  return el("div", { class: `item ${kindClass(kind)}${joined ? " joined" : ""}${leaving ? " leaving" : ""}${leaving ? "" : markClasses(key)}`,
                     dataset: { sk: keyNames[1] ? avText(item[keyNames[1]] ?? { S: "" }) : "", key,
                                index: index.name, indexPosition: index.position } },
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
