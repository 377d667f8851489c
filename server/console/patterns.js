// The inbox's access patterns as named actions: each shows the exact request
// (editable before sending), then every request it sent and what came back.
import { call, capacityUnits, round } from "./api.js";
import { el, clear, parseJson } from "./dom.js";
import { resultView } from "./result_view.js";
import { ulid } from "./ulid.js";

const S = (s) => ({ S: s });

function params() {
  const value = (id) => document.getElementById(id).value.trim();
  return {
    table: value("p-table") || "inbox",
    user: value("p-user") || "u_alice",
    limit: Math.max(1, parseInt(value("p-limit"), 10) || 20),
    author: value("p-author") || "u_bob",
  };
}

// Request builders, one per step of a pattern.
const build = {
  newest: (p) => ({
    TableName: p.table,
    KeyConditionExpression: "pk = :pk AND begins_with(sk, :notif)",
    ExpressionAttributeValues: { ":pk": S(`USER#${p.user}`), ":notif": S("NOTIF#") },
    ScanIndexForward: false,
    Limit: p.limit,
    ReturnConsumedCapacity: "TOTAL",
  }),
  badge: (p) => ({
    TableName: p.table,
    Key: { pk: S(`USER#${p.user}`), sk: S("#INBOX") },
    ReturnConsumedCapacity: "TOTAL",
  }),
  markRead: (p, sk) => ({
    TableName: p.table,
    Key: { pk: S(`USER#${p.user}`), sk: S(sk) },
    UpdateExpression: "REMOVE gsi1pk, gsi1sk SET #read = :true, readAt = :now",
    ConditionExpression: "attribute_exists(gsi1pk)",
    ExpressionAttributeNames: { "#read": "read" },
    ExpressionAttributeValues: { ":true": { BOOL: true }, ":now": S(new Date().toISOString()) },
    ReturnConsumedCapacity: "TOTAL",
  }),
  decrement: (p) => ({
    TableName: p.table,
    Key: { pk: S(`USER#${p.user}`), sk: S("#INBOX") },
    UpdateExpression: "ADD unreadCount :dec",
    ConditionExpression: "unreadCount > :zero",
    ExpressionAttributeValues: { ":dec": { N: "-1" }, ":zero": { N: "0" } },
    ReturnValues: "UPDATED_NEW",
    ReturnConsumedCapacity: "TOTAL",
  }),
  unread: (p) => ({
    TableName: p.table,
    IndexName: "GSI1",
    KeyConditionExpression: "gsi1pk = :u",
    ExpressionAttributeValues: { ":u": S(`UNREAD#${p.user}`) },
    ScanIndexForward: false,
    Limit: p.limit,
    ReturnConsumedCapacity: "TOTAL",
  }),
  resetBadge: (p) => ({
    TableName: p.table,
    Key: { pk: S(`USER#${p.user}`), sk: S("#INBOX") },
    UpdateExpression: "SET unreadCount = :zero",
    ExpressionAttributeValues: { ":zero": { N: "0" } },
    ReturnConsumedCapacity: "TOTAL",
  }),
  followers: (p) => ({
    TableName: p.table,
    KeyConditionExpression: "pk = :author AND begins_with(sk, :f)",
    ExpressionAttributeValues: { ":author": S(`USER#${p.author}`), ":f": S("FOLLOWER#") },
    ReturnConsumedCapacity: "TOTAL",
  }),
  notification: (p, userId, notifId, text) => ({
    TableName: p.table,
    Item: {
      pk: S(`USER#${userId}`), sk: S(`NOTIF#${notifId}`),
      gsi1pk: S(`UNREAD#${userId}`), gsi1sk: S(`NOTIF#${notifId}`),
      userId: S(userId), notifId: S(notifId), type: S("post"), actorId: S(p.author),
      read: { BOOL: false }, createdAt: S(new Date().toISOString()),
      payload: { M: { preview: S(text) } },
    },
    ReturnConsumedCapacity: "TOTAL",
  }),
  increment: (p, userId) => ({
    TableName: p.table,
    Key: { pk: S(`USER#${userId}`), sk: S("#INBOX") },
    UpdateExpression: "ADD unreadCount :one SET lastNotifAt = :now",
    ExpressionAttributeValues: { ":one": { N: "1" }, ":now": S(new Date().toISOString()) },
    ReturnConsumedCapacity: "TOTAL",
  }),
  seedFollowers: (p) => ({
    RequestItems: {
      [p.table]: [
        ...["u_alice", "u_carol", "u_dave"].map((id) => ({ PutRequest: { Item: {
          pk: S(`USER#${p.author}`), sk: S(`FOLLOWER#${id}`), followerId: S(id), since: S("2024-04-01T10:00:00.000Z") } } })),
        { PutRequest: { Item: { pk: S(`USER#${p.author}`), sk: S("POST#post_2001"), postId: S("post_2001"),
          title: S("Sunset over the harbour"), createdAt: S("2024-05-04T18:30:00.000Z") } } },
      ],
    },
    ReturnConsumedCapacity: "TOTAL",
  }),
  seedNotifications: (p) => ({
    RequestItems: {
      [p.table]: Array.from({ length: 25 }, (_, i) => {
        const id = ulid();
        return { PutRequest: { Item: {
          pk: S(`USER#${p.user}`), sk: S(`NOTIF#${id}`), gsi1pk: S(`UNREAD#${p.user}`), gsi1sk: S(`NOTIF#${id}`),
          userId: S(p.user), notifId: S(id), type: S("like"), actorId: S("u_erin"), read: { BOOL: false },
          createdAt: S(new Date().toISOString()), payload: { M: { preview: S(`Erin liked your photo #${i + 1}`) } } } } };
      }),
    },
    ReturnConsumedCapacity: "TOTAL",
  }),
  addToBadge: (p, n) => ({
    TableName: p.table,
    Key: { pk: S(`USER#${p.user}`), sk: S("#INBOX") },
    UpdateExpression: "ADD unreadCount :n",
    ExpressionAttributeValues: { ":n": { N: String(n) } },
    ReturnConsumedCapacity: "TOTAL",
  }),
};

const PATTERNS = [
  { id: "ap1", short: "AP1", name: "Newest notifications", pageable: true,
    blurb: "One Query on the user's partition, newest first (ScanIndexForward false), Limit per page. Paging resumes from LastEvaluatedKey.",
    steps: (p) => [{ op: "Query", request: build.newest(p) }] },
  { id: "ap2", short: "AP2", name: "Unread badge",
    blurb: "One GetItem of the InboxMeta item: the badge is a counter kept beside the notifications, never a count of them.",
    steps: (p) => [{ op: "GetItem", request: build.badge(p) }] },
  { id: "ap3", short: "AP3", name: "Mark one read", needsNotification: true,
    blurb: "Removing gsi1pk and gsi1sk takes the item out of the sparse index GSI1. Then the badge goes down by one, never below zero. The first step is conditional, so marking twice does not decrement twice.",
    steps: (p, sk) => [{ op: "UpdateItem", request: build.markRead(p, sk ?? "NOTIF#…") }, { op: "UpdateItem", request: build.decrement(p) }] },
  { id: "ap4", short: "AP4", name: "Unread list", pageable: true,
    blurb: "A Query on GSI1: only unread notifications carry gsi1pk = UNREAD#<user>, so the index holds exactly them.",
    steps: (p) => [{ op: "Query", request: build.unread(p) }] },
  { id: "ap5", short: "AP5", name: "Mark all read",
    blurb: "Reset the badge, then page through GSI1 and mark each unread notification read (each one leaves the index).",
    steps: (p) => [{ op: "UpdateItem", request: build.resetBadge(p) }, { op: "Query", request: { ...build.unread(p), Limit: 25 } }] },
  { id: "fanout", short: "Fan-out", name: "New post → followers",
    blurb: "Write-time fan-out: read the author's FOLLOWER# items, then for each follower write an unread notification and add one to their badge.",
    steps: (p) => [{ op: "Query", request: build.followers(p) }] },
  { id: "seed", short: "Seed", name: "Demo followers and post",
    blurb: "Adds followers (u_alice, u_carol, u_dave) and a post to the author's partition, so the fan-out has someone to notify.",
    steps: (p) => [{ op: "BatchWriteItem", request: build.seedFollowers(p) }] },
  { id: "seed25", short: "+25", name: "Add 25 unread notifications",
    blurb: "One BatchWriteItem of 25 unread notifications (the batch maximum) and one UpdateItem adding 25 to the badge: enough to page through.",
    steps: (p) => [{ op: "BatchWriteItem", request: build.seedNotifications(p) }, { op: "UpdateItem", request: build.addToBadge(p, 25) }] },
];

let current = PATTERNS[0];
let editors = [];   // textareas, one per editable step
let transcript;     // where results go
let totals;         // running cost line
let afterRun = () => {};
let page = 1;

export function initPatterns({ onChange }) {
  afterRun = onChange;
  const list = document.getElementById("pattern-list");
  for (const pattern of PATTERNS) {
    list.append(el("button", {
      class: "pattern", dataset: { pattern: pattern.id }, title: pattern.blurb,
      onclick: () => select(pattern.id),
    }, el("span", { class: "short" }, pattern.short), el("span", { class: "name" }, pattern.name)));
  }
  for (const id of ["p-table", "p-user", "p-limit", "p-author"]) {
    document.getElementById(id).addEventListener("change", () => select(current.id));
  }
  select("ap1");
}

// Selects a pattern; for AP3, `sk` picks the notification.
export async function select(id, sk) {
  current = PATTERNS.find((p) => p.id === id) ?? PATTERNS[0];
  page = 1;
  for (const b of document.querySelectorAll(".pattern")) b.classList.toggle("selected", b.dataset.pattern === current.id);
  const p = params();
  const detail = clear(document.getElementById("pattern-detail"));
  detail.append(el("h2", { class: "pattern-title" }, `${current.short} · ${current.name}`), el("p", { class: "blurb" }, current.blurb));

  let notifSelect = null;
  if (current.needsNotification) {
    notifSelect = el("select", { id: "ap3-notification", "aria-label": "Notification to mark read" });
    detail.append(el("div", { class: "params" }, el("label", {}, "Notification ", notifSelect)));
    const unread = await call("Query", { ...build.unread(p), Limit: 100, ReturnConsumedCapacity: "NONE" }, { background: true });
    const items = unread.ok ? unread.body.Items ?? [] : [];
    for (const item of items) {
      const text = `${item.sk.S} — ${item.payload?.M?.preview?.S ?? item.type?.S ?? ""}`;
      notifSelect.append(el("option", { value: item.sk.S }, text));
    }
    if (sk && !items.some((i) => i.sk.S === sk)) notifSelect.append(el("option", { value: sk }, `${sk} (already read)`));
    if (sk) notifSelect.value = sk;
    if (!notifSelect.options.length) notifSelect.append(el("option", { value: "NOTIF#none" }, "no unread notification"));
    notifSelect.addEventListener("change", () => {
      editors[0].value = JSON.stringify(build.markRead(params(), notifSelect.value), null, 2);
      autosize(editors[0]);
    });
    sk = notifSelect.value;
  }

  const steps = current.steps(p, sk);
  editors = steps.map((step, i) => {
    const area = el("textarea", { class: "json-edit", spellcheck: "false", "aria-label": `Request ${i + 1}: ${step.op}`,
                                  dataset: { op: step.op } });
    area.value = JSON.stringify(step.request, null, 2);
    area.addEventListener("input", () => autosize(area));
    detail.append(el("div", { class: "step" },
      el("div", { class: "step-head" }, el("span", { class: "step-no" }, steps.length > 1 ? `Step ${i + 1}` : "Request"),
         el("span", { class: "op" }, step.op), el("span", { class: "hint" }, "edit before sending")),
      area));
    return area;
  });
  const run = el("button", { class: "primary run", id: "run-pattern", onclick: () => runCurrent(run) }, `Run ${current.short}`);
  detail.append(el("div", { class: "actions" }, run,
    el("button", { class: "ghost", onclick: () => select(current.id) }, "Reset requests")));
  totals = el("div", { class: "totals", id: "pattern-totals" });
  transcript = el("div", { class: "transcript", id: "pattern-transcript" });
  detail.append(totals, transcript);
  requestAnimationFrame(() => editors.forEach(autosize));
}

function autosize(area) {
  area.style.height = "auto";
  area.style.height = `${Math.min(area.scrollHeight + 4, 520)}px`;
}

function editedRequest(i) {
  return parseJson(editors[i].value);
}

// Sends one request and shows it. Returns the api.call() result.
let spent = { read: 0, write: 0, requests: 0 };
async function send(op, request, options = {}) {
  const result = await call(op, request);
  const units = capacityUnits(result.body?.ConsumedCapacity, op);
  spent.read += units.read;
  spent.write += units.write;
  spent.requests += 1;
  showTotals();
  transcript.append(resultView(result, options));
  return result;
}

function showTotals() {
  totals.replaceChildren(
    el("span", {}, `${spent.requests} request${spent.requests === 1 ? "" : "s"}`),
    el("span", { class: "cost" }, `${round(spent.read)} RCU`),
    el("span", { class: "cost" }, `${round(spent.write)} WCU`));
}

async function runCurrent(button) {
  button.disabled = true;
  spent = { read: 0, write: 0, requests: 0 };
  clear(transcript);
  try {
    await RUNNERS[current.id]();
  } catch (e) {
    transcript.append(el("div", { class: "error-box" }, el("strong", {}, "Not sent"), el("p", {}, e.message)));
  } finally {
    button.disabled = false;
    afterRun();
  }
}

// Single Query with a next-page button that resumes from LastEvaluatedKey.
async function runPageable(request, op = "Query") {
  const title = page > 1 ? `page ${page}` : "page 1";
  await send(op, request, {
    title,
    onNextPage: async (lek) => {
      const next = { ...editedRequest(0), ExclusiveStartKey: lek };
      editors[0].value = JSON.stringify(next, null, 2);
      autosize(editors[0]);
      page += 1;
      spent = { read: 0, write: 0, requests: 0 };
      clear(transcript);
      await runPageable(next, op);
      afterRun();
    },
  });
}

const RUNNERS = {
  ap1: () => { page = editedRequest(0).ExclusiveStartKey ? page : 1; return runPageable(editedRequest(0)); },
  ap2: () => send("GetItem", editedRequest(0)),
  ap4: () => { page = editedRequest(0).ExclusiveStartKey ? page : 1; return runPageable(editedRequest(0)); },
  async ap3() {
    const first = await send("UpdateItem", editedRequest(0), { title: "take it out of GSI1", showRequest: true });
    if (!first.ok) {
      transcript.append(el("p", { class: "note" }, first.error.type === "ConditionalCheckFailedException"
        ? "Already read (no gsi1pk): the badge is left alone." : "The first step failed: the badge is left alone."));
      return;
    }
    const second = await send("UpdateItem", editedRequest(1), { title: "badge − 1", showRequest: true });
    if (!second.ok && second.error.type === "ConditionalCheckFailedException") {
      transcript.append(el("p", { class: "note" }, "The badge was already 0: the condition unreadCount > 0 kept it from going negative."));
    }
  },
  async ap5() {
    await send("UpdateItem", editedRequest(0), { title: "badge = 0", showRequest: true, compact: true });
    const query = editedRequest(1);
    let start;
    let marked = 0;
    do {
      const page = await send("Query", { ...query, ...(start ? { ExclusiveStartKey: start } : {}) },
                              { title: "a page of GSI1", showRequest: true, compact: true });
      if (!page.ok) return;
      for (const item of page.body.Items ?? []) {
        const user = item.pk.S.replace(/^USER#/, "");
        await send("UpdateItem", build.markRead({ ...params(), user }, item.sk.S),
                   { title: `mark ${item.sk.S} read`, showRequest: true, compact: true });
        marked += 1;
      }
      start = page.body.LastEvaluatedKey;
    } while (start);
    transcript.append(el("p", { class: "note" }, `${marked} notification${marked === 1 ? "" : "s"} marked read.`));
  },
  async fanout() {
    const p = params();
    const followers = await send("Query", editedRequest(0), { title: "who follows the author", showRequest: true, compact: true });
    if (!followers.ok) return;
    const items = followers.body.Items ?? [];
    if (!items.length) {
      transcript.append(el("p", { class: "note" }, `USER#${p.author} has no FOLLOWER# items. Run “Seed” first.`));
      return;
    }
    for (const follower of items) {
      const id = follower.followerId?.S ?? follower.sk.S.replace(/^FOLLOWER#/, "");
      await send("PutItem", build.notification(p, id, ulid(), `${p.author} published a new post`),
                 { title: `notify ${id}`, showRequest: true, compact: true });
      await send("UpdateItem", build.increment(p, id), { title: `${id}'s badge + 1`, showRequest: true, compact: true });
    }
  },
  async seed() {
    await send("BatchWriteItem", editedRequest(0), { showRequest: true });
  },
  async seed25() {
    await send("BatchWriteItem", editedRequest(0), { showRequest: true, compact: true });
    await send("UpdateItem", editedRequest(1), { showRequest: true, compact: true });
    // Fresh ULIDs for the next click.
    editors[0].value = JSON.stringify(build.seedNotifications(params()), null, 2);
  },
};

export function currentUser() {
  return params().user;
}
export function currentTable() {
  return params().table;
}
