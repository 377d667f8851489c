// The picture: the single table grouped by partition, each item drawn by its
// type, and beside it the sparse index GSI1 — which items are in it and which
// are not. Items that leave or join the index, and badges that change, are
// highlighted after each refresh.
import { callOrThrow, readAll } from "./api.js";
import { el, clear, avText, itemKind, KIND_LABELS } from "./dom.js";

const MAX_ROWS = 40;
let previousIndex = null;   // Map key -> item, as of the last refresh
let previousBadges = null;  // Map pk -> unreadCount text
let refreshing = null;
let queued = false;
let hooks = { user: () => "u_alice", table: () => "inbox", pick: () => {} };

export function initPicture(options) {
  hooks = { ...hooks, ...options };
  document.getElementById("picture-refresh").addEventListener("click", () => refreshPicture());
}

const keyOf = (item) => `${item.pk?.S}\u0000${item.sk?.S}`;

// Refreshes now, or once more right after the refresh in flight.
export async function refreshPicture() {
  if (refreshing) { queued = true; return refreshing; }
  refreshing = draw().finally(() => {
    refreshing = null;
    if (queued) { queued = false; refreshPicture(); }
  });
  return refreshing;
}

async function draw() {
  const table = hooks.table();
  const status = document.getElementById("picture-status");
  const body = document.getElementById("picture-body");
  let described, base, index;
  try {
    described = (await callOrThrow("DescribeTable", { TableName: table }, { background: true })).Table;
    const gsi = (described.GlobalSecondaryIndexes ?? [])[0];
    base = await readAll("Scan", { TableName: table });
    index = gsi ? { name: gsi.IndexName, keys: gsi.KeySchema.map((k) => k.AttributeName),
                    ...(await readAll("Scan", { TableName: table, IndexName: gsi.IndexName })) } : null;
  } catch (e) {
    clear(body).append(el("p", { class: "hint" }, `Cannot draw table “${table}”: ${e.message}`));
    status.textContent = "";
    return;
  }
  const indexed = new Map((index?.items ?? []).map((i) => [keyOf(i), i]));
  const left = previousIndex ? [...previousIndex.values()].filter((i) => !indexed.has(keyOf(i))) : [];
  const joined = previousIndex ? new Set([...indexed.keys()].filter((k) => !previousIndex.has(k))) : new Set();

  const badges = new Map(base.items.filter((i) => itemKind(i) === "inboxmeta")
                                   .map((i) => [i.pk.S, avText(i.unreadCount ?? { N: "0" })]));
  const changedBadges = new Set(previousBadges ? [...badges].filter(([pk, n]) => previousBadges.get(pk) !== n).map(([pk]) => pk) : []);

  const user = `USER#${hooks.user()}`;
  const partitions = groupBy(base.items, (i) => avText(i.pk));
  const order = [...partitions.keys()].sort((a, b) => (a === user ? -1 : b === user ? 1 : a.localeCompare(b)));

  const tableColumn = el("div", { class: "pic-table" },
    el("h3", {}, `Table ${table}`, el("span", { class: "sub" }, ` ${base.items.length}${base.truncated ? "+" : ""} items · partitions by pk`)),
    legend(),
    order.map((pk) => partitionCard(pk, partitions.get(pk), indexed, badges.get(pk), changedBadges.has(pk))));

  let indexColumn;
  if (!index) {
    indexColumn = el("div", { class: "pic-index" }, el("h3", {}, "No global secondary index"));
  } else {
    const groups = groupBy(index.items, (i) => avText(i[index.keys[0]]));
    const ghosts = groupBy(left, (i) => avText(i[index.keys[0]]) || `UNREAD#${avText(i.userId)}`);
    const names = [...new Set([...groups.keys(), ...ghosts.keys()])].sort((a, b) => a.localeCompare(b));
    indexColumn = el("div", { class: "pic-index", id: "gsi-view" },
      el("h3", {}, `${index.name}`, el("span", { class: "sub" }, ` sparse · ${index.items.length} of ${base.items.length} items`)),
      el("p", { class: "hint" }, `Only items carrying ${index.keys.join(" and ")} are in ${index.name}.`),
      names.length ? null : el("p", { class: "empty" }, `No item carries ${index.keys[0]}: ${index.name} is empty.`),
      names.map((name) => el("div", { class: "partition index-partition" },
        el("div", { class: "partition-head" }, el("code", {}, name),
           el("span", { class: "count" }, `${(groups.get(name) ?? []).length}`)),
        rows([...(groups.get(name) ?? []).map((i) => indexRow(i, index, joined.has(keyOf(i)))),
              ...(ghosts.get(name) ?? []).map((i) => indexRow(i, index, false, true))]))));
  }
  clear(body).append(tableColumn, el("div", { class: "pic-arrow", "aria-hidden": "true" }, "→"), indexColumn);
  status.textContent = `updated ${new Date().toLocaleTimeString()}`;
  previousIndex = indexed;
  previousBadges = badges;
}

function rows(list) {
  if (list.length <= MAX_ROWS) return list;
  return [...list.slice(0, MAX_ROWS), el("div", { class: "more" }, `+ ${list.length - MAX_ROWS} more`)];
}

function legend() {
  return el("div", { class: "legend" }, Object.entries(KIND_LABELS).map(([kind, label]) =>
    el("span", { class: `chip kind-${kind}` }, label)),
    el("span", { class: "chip in-index" }, "in GSI1"));
}

function partitionCard(pk, items, indexed, badge, badgeChanged) {
  return el("div", { class: "partition", dataset: { pk } },
    el("div", { class: "partition-head" }, el("code", {}, `pk = ${pk}`),
       badge !== undefined ? el("span", { class: `badge${badgeChanged ? " changed" : ""}`, title: "unreadCount on #INBOX" }, `badge ${badge}`) : null),
    rows(items.map((item) => itemRow(item, indexed.has(keyOf(item))))));
}

function itemRow(item, inIndex) {
  const kind = itemKind(item);
  const unread = kind === "notification" && item.read?.BOOL !== true;
  const clickable = kind === "notification";
  return el("div", {
    class: `item kind-${kind}${inIndex ? " indexed" : ""}${unread ? " unread" : ""}${clickable ? " clickable" : ""}`,
    dataset: { sk: item.sk?.S ?? "" },
    title: clickable ? "Click to mark this notification read (AP3)" : undefined,
    onclick: clickable ? () => hooks.pick(avText(item.pk).replace(/^USER#/, ""), item.sk.S) : undefined,
  },
    el("span", { class: `chip kind-${kind}` }, KIND_LABELS[kind]),
    el("span", { class: "text" }, el("code", { class: "sk" }, avText(item.sk)),
       el("span", { class: "summary" }, summary(item, kind))),
    el("span", { class: `idx ${inIndex ? "yes" : "no"}` }, inIndex ? "GSI1" : "—"));
}

function indexRow(item, index, joined, leaving = false) {
  return el("div", { class: `item kind-${itemKind(item)}${joined ? " joined" : ""}${leaving ? " leaving" : ""}`,
                     dataset: { sk: item.sk?.S ?? "" } },
    el("span", { class: "text" }, el("code", { class: "sk" }, avText(item[index.keys[1]] ?? item.sk)),
       el("span", { class: "summary" }, leaving ? "left the index (marked read)" : summary(item, itemKind(item)))));
}

function summary(item, kind) {
  switch (kind) {
    case "notification":
      return `${item.read?.BOOL ? "read" : "unread"} · ${avText(item.payload?.M?.preview ?? item.type ?? { S: "" })}`;
    case "inboxmeta": return `unreadCount ${avText(item.unreadCount ?? { N: "0" })}`;
    case "follower": return `follower ${avText(item.followerId ?? item.sk)}`;
    case "post": return avText(item.title ?? item.postId ?? { S: "" });
    default: return Object.keys(item).filter((k) => k !== "pk" && k !== "sk").slice(0, 4).join(", ");
  }
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
