// Streams and TTL: the stream records of the last writes (DynamoDB Streams
// API) and the table's TTL setting. Says so plainly when either is off or
// not available in this build.
import { call } from "./api.js";
import { el, clear, avText, keyText } from "./dom.js";

const SHOWN = 15;
let timer = null;
let preferred = null;  // the table shown first (the model's), if it exists

export function initStreams({ table } = {}) {
  preferred = table ?? null;
  document.getElementById("streams-refresh").addEventListener("click", () => refreshStreams());
  document.getElementById("streams-table").addEventListener("change", () => refreshStreams());
  document.getElementById("streams-auto").addEventListener("change", (e) => {
    clearInterval(timer);
    if (e.target.checked) timer = setInterval(refreshStreams, 2000);
  });
}

export async function refreshStreams() {
  const select = document.getElementById("streams-table");
  const tables = await call("ListTables", {}, { background: true });
  const names = tables.ok ? tables.body.TableNames : [];
  const chosen = select.value || (names.includes(preferred) ? preferred : names[0]);
  select.replaceChildren(...names.map((n) => el("option", { value: n, selected: n === chosen }, n)));
  const out = document.getElementById("streams-body");
  if (!chosen) { clear(out).append(el("p", { class: "hint" }, "No tables.")); return; }

  const [described, ttl] = await Promise.all([
    call("DescribeTable", { TableName: chosen }, { background: true }),
    call("DescribeTimeToLive", { TableName: chosen }, { background: true }),
  ]);
  const parts = [el("h2", {}, `Time to live · ${chosen}`), ttlView(ttl)];
  parts.push(el("h2", {}, `Stream · ${chosen}`), ...(await streamView(chosen, described)));
  clear(out).append(...parts);
}

function ttlView(ttl) {
  if (!ttl.ok) {
    return el("p", { class: "hint" }, ttl.error.type === "UnknownOperationException"
      ? "TTL is not available in this build of dynamini." : `${ttl.error.type}: ${ttl.error.message}`);
  }
  const d = ttl.body.TimeToLiveDescription ?? {};
  return el("dl", { class: "facts" },
    el("dt", {}, "Status"), el("dd", {}, el("span", { class: `table-status ${d.TimeToLiveStatus}` }, d.TimeToLiveStatus ?? "?")),
    el("dt", {}, "Attribute"), el("dd", {}, d.AttributeName ?? "—"),
    el("dt", {}, "Meaning"), el("dd", {}, d.AttributeName
      ? `Items whose “${d.AttributeName}” (a Number of epoch seconds) is in the past are deleted in the background.`
      : "No attribute expires items. Enable it with UpdateTimeToLive (see Any request)."));
}

async function streamView(table, described) {
  const t = described.ok ? described.body.Table : null;
  const list = await call("ListStreams", { TableName: table }, { background: true });
  if (!list.ok && list.error.type === "UnknownOperationException") {
    return [el("p", { class: "hint" }, "Streams are not available in this build of dynamini.")];
  }
  if (!t?.StreamSpecification?.StreamEnabled || !t.LatestStreamArn) {
    return [el("p", { class: "hint" }, "Streams are not enabled on this table. Enable one with UpdateTable:"),
            el("pre", { class: "cli" }, `aws dynamodb update-table --endpoint-url ${location.origin} --table-name ${table} \\\n    --stream-specification StreamEnabled=true,StreamViewType=NEW_AND_OLD_IMAGES`)];
  }
  const arn = t.LatestStreamArn;
  const records = [];
  // Every shard: shards close and hand over to a child, so DescribeStream pages.
  const shards = [];
  let start;
  do {
    const stream = await call("DescribeStream", { StreamArn: arn, ...(start ? { ExclusiveStartShardId: start } : {}) },
                              { background: true });
    if (!stream.ok) return [el("p", { class: "error-box" }, `${stream.error.type}: ${stream.error.message}`)];
    shards.push(...(stream.body.StreamDescription?.Shards ?? []));
    start = stream.body.StreamDescription?.LastEvaluatedShardId;
  } while (start);
  for (const shard of shards) {
    const it = await call("GetShardIterator", { StreamArn: arn, ShardId: shard.ShardId, ShardIteratorType: "TRIM_HORIZON" }, { background: true });
    let iterator = it.ok ? it.body.ShardIterator : null;
    for (let rounds = 0; iterator && rounds < 50; rounds++) {
      const got = await call("GetRecords", { ShardIterator: iterator, Limit: 1000 }, { background: true });
      if (!got.ok) break;
      records.push(...(got.body.Records ?? []));
      if (!(got.body.Records ?? []).length) break;
      iterator = got.body.NextShardIterator;
    }
  }
  records.sort((a, b) => (BigInt(a.dynamodb?.SequenceNumber ?? 0) < BigInt(b.dynamodb?.SequenceNumber ?? 0) ? -1 : 1));
  const last = records.slice(-SHOWN).reverse();
  return [
    el("p", { class: "hint" }, `${t.StreamSpecification.StreamViewType} · ${records.length} record${records.length === 1 ? "" : "s"} in ${shards.length} shard${shards.length === 1 ? "" : "s"} · newest first`),
    last.length ? el("div", { class: "records" }, last.map(recordView)) : el("p", { class: "hint" }, "No records yet: write something."),
  ];
}

function recordView(r) {
  const d = r.dynamodb ?? {};
  const when = d.ApproximateCreationDateTime ? new Date(d.ApproximateCreationDateTime * 1000).toLocaleTimeString() : "";
  return el("div", { class: `record ${r.eventName}` },
    el("div", { class: "record-head" }, el("span", { class: `event ${r.eventName}` }, r.eventName),
       el("code", {}, keyText(d.Keys)), el("span", { class: "hint" }, `${when} · #${d.SequenceNumber}`)),
    diffView(d.OldImage, d.NewImage));
}

// What changed between the old and the new image, attribute by attribute.
function diffView(oldImage, newImage) {
  if (!oldImage && !newImage) return el("p", { class: "hint" }, "keys only");
  if (!oldImage || !newImage) {  // INSERT or REMOVE: one line for the whole item
    const image = newImage ?? oldImage;
    const text = Object.entries(image).filter(([k]) => k !== "pk" && k !== "sk").slice(0, 6)
      .map(([k, v]) => `${k}=${avText(v)}`).join(" · ");
    return el("p", { class: "image-line" }, newImage ? "new item: " : "removed item: ", el("code", {}, text));
  }
  const names = [...new Set([...Object.keys(oldImage ?? {}), ...Object.keys(newImage ?? {})])].sort();
  const rows = [];
  for (const name of names) {
    const before = oldImage?.[name] !== undefined ? avText(oldImage[name]) : undefined;
    const after = newImage?.[name] !== undefined ? avText(newImage[name]) : undefined;
    if (oldImage && newImage && before === after) continue;
    const kind = before === undefined ? "added" : after === undefined ? "removed" : "changed";
    rows.push(el("tr", { class: kind }, el("td", {}, name), el("td", {}, before ?? ""), el("td", {}, after ?? "")));
  }
  if (!rows.length) return el("p", { class: "hint" }, "no attribute changed");
  return el("table", { class: "grid diff" }, el("thead", {}, el("tr", {}, el("th", {}, "attribute"), el("th", {}, "old"), el("th", {}, "new"))), el("tbody", {}, rows));
}
