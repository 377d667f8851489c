// A request builder for any operation, with the equivalent AWS CLI command
// (rendered by the server) kept in step with the JSON being edited. The
// examples are built from a real table: the model's when there is one, else
// the first table, with the key of one of its items; with no table at all,
// from a "scratch" table that CreateTable makes.
import { call, callOrThrow, render, STREAMS_OPERATIONS } from "./api.js";
import { el, clear, parseJson } from "./dom.js";
import { resultView } from "./result_view.js";

const OPERATIONS = [
  "GetItem", "Query", "Scan", "PutItem", "UpdateItem", "DeleteItem", "BatchGetItem", "BatchWriteItem",
  "TransactGetItems", "TransactWriteItems", "ExecuteStatement", "ListTables", "DescribeTable", "CreateTable",
  "UpdateTable", "DeleteTable", "DescribeTimeToLive", "UpdateTimeToLive", "TagResource", "UntagResource",
  "ListTagsOfResource", "PutResourcePolicy", "GetResourcePolicy", "DeleteResourcePolicy",
  "SearchVectors",
  ...STREAMS_OPERATIONS,
];
const SCRATCH = {
  TableName: "scratch", BillingMode: "PAY_PER_REQUEST",
  AttributeDefinitions: [{ AttributeName: "id", AttributeType: "S" }],
  KeySchema: [{ AttributeName: "id", KeyType: "HASH" }],
};
let preferred = null;
let examples = null;   // operation -> request, built on first use
let cliTimer = null;

export function initAnyRequest({ table } = {}) {
  preferred = table ?? null;
  const select = document.getElementById("any-op");
  for (const op of OPERATIONS) {
    select.append(el("option", { value: op }, STREAMS_OPERATIONS.includes(op) ? `${op} (streams)` : op));
  }
  const body = document.getElementById("any-body");
  const fill = async () => {
    examples ??= await buildExamples();
    body.value = JSON.stringify(examples[select.value] ?? {}, null, 2);
    updateCli();
  };
  select.value = "GetItem";
  fill();
  select.addEventListener("change", fill);
  document.getElementById("any-template").addEventListener("click", () => { examples = null; fill(); });
  body.addEventListener("input", () => { clearTimeout(cliTimer); cliTimer = setTimeout(updateCli, 150); });
  document.getElementById("any-send").addEventListener("click", send);
}

// The table the examples use and one of its items.
async function exampleTable() {
  try {
    const names = (await callOrThrow("ListTables", {}, { background: true })).TableNames ?? [];
    const name = names.includes(preferred) ? preferred : names[0];
    if (!name) return null;
    const table = (await callOrThrow("DescribeTable", { TableName: name }, { background: true })).Table;
    const page = await callOrThrow("Scan", { TableName: name, Limit: 1 }, { background: true });
    return { table, sample: page.Items?.[0] ?? null };
  } catch {
    return null;
  }
}

// A value of type S, N or B, marked as an example.
const exampleValue = (type, n) => (type === "N" ? { N: String(n) } : type === "B" ? { B: btoa(`example${n}`) } : { S: `example#${n}` });

async function buildExamples() {
  const found = await exampleTable();
  const t = found?.table ?? SCRATCH;
  const T = t.TableName;
  const types = Object.fromEntries((t.AttributeDefinitions ?? []).map((a) => [a.AttributeName, a.AttributeType]));
  const hash = t.KeySchema.find((k) => k.KeyType === "HASH").AttributeName;
  const range = t.KeySchema.find((k) => k.KeyType === "RANGE")?.AttributeName;
  const key = Object.fromEntries([hash, range].filter(Boolean)
    .map((n) => [n, found?.sample?.[n] ?? exampleValue(types[n], 1)]));
  // A key of its own: the sort key (else the partition key) marked as an example.
  const own = (n) => ({ ...key, [range ?? hash]: exampleValue(types[range ?? hash], n) });
  const arn = t.TableArn ?? `arn:aws:dynamodb:us-east-1:000000000000:table/${T}`;
  const stream = t.LatestStreamArn ?? "<LatestStreamArn from DescribeTable>";
  const total = { ReturnConsumedCapacity: "TOTAL" };
  const touch = { UpdateExpression: "SET touchedAt = :now", ExpressionAttributeValues: { ":now": { S: new Date().toISOString() } } };
  return {
    GetItem: { TableName: T, Key: key, ...total },
    Query: { TableName: T, KeyConditionExpression: "#k = :k", ExpressionAttributeNames: { "#k": hash },
             ExpressionAttributeValues: { ":k": key[hash] }, Limit: 10, ...total },
    Scan: { TableName: T, Limit: 10, ...total },
    PutItem: { TableName: T, Item: { ...own(1), text: { S: "hello" } }, ...total },
    UpdateItem: { TableName: T, Key: own(1), ...touch, ReturnValues: "UPDATED_NEW", ...total },
    DeleteItem: { TableName: T, Key: own(1), ReturnValues: "ALL_OLD", ...total },
    BatchGetItem: { RequestItems: { [T]: { Keys: [key] } }, ...total },
    BatchWriteItem: { RequestItems: { [T]: [{ PutRequest: { Item: own(2) } }] }, ...total },
    TransactGetItems: { TransactItems: [{ Get: { TableName: T, Key: key } }], ...total },
    TransactWriteItems: { TransactItems: [{ Update: { TableName: T, Key: own(1), ...touch } }], ...total },
    ExecuteStatement: { Statement: `SELECT * FROM "${T}" WHERE "${hash}" = ?`, Parameters: [key[hash]] },
    ListTables: {},
    DescribeTable: { TableName: arn },  // a table's ARN goes wherever its name goes
    CreateTable: { ...SCRATCH, Tags: [{ Key: "purpose", Value: "scratch" }], TableClass: "STANDARD",
                   DeletionProtectionEnabled: false },
    UpdateTable: { TableName: T, StreamSpecification: { StreamEnabled: true, StreamViewType: "NEW_AND_OLD_IMAGES" } },
    DeleteTable: { TableName: "scratch" },
    DescribeTimeToLive: { TableName: T },
    UpdateTimeToLive: { TableName: T, TimeToLiveSpecification: { Enabled: true, AttributeName: "expiresAt" } },
    TagResource: { ResourceArn: arn, Tags: [{ Key: "owner", Value: "console" }] },
    UntagResource: { ResourceArn: arn, TagKeys: ["owner"] },
    ListTagsOfResource: { ResourceArn: arn },
    // The table's first vector index, if it has one; the vector is all zeros but the first.
    SearchVectors: {
      TableName: T,
      IndexName: t.VectorIndexes?.[0]?.IndexName ?? "<vector index name>",
      SearchVector: Array.from({ length: t.VectorIndexes?.[0]?.Dimensions ?? 3 }, (_, i) => ({ N: i === 0 ? "1" : "0" })),
      TopK: 5,
      ...total,
    },
    // A policy is stored and validated (JSON, Statement, Principal...), not enforced.
    PutResourcePolicy: { ResourceArn: arn, Policy: JSON.stringify({
      Version: "2012-10-17",
      Statement: [{ Effect: "Allow", Principal: { AWS: "arn:aws:iam::000000000000:root" },
                    Action: "dynamodb:GetItem", Resource: arn }] }) },
    GetResourcePolicy: { ResourceArn: arn },
    DeleteResourcePolicy: { ResourceArn: arn },
    ListStreams: { TableName: T },
    DescribeStream: { StreamArn: stream },
    GetShardIterator: { StreamArn: stream, ShardId: "<shard id from DescribeStream>", ShardIteratorType: "TRIM_HORIZON" },
    GetRecords: { ShardIterator: "<iterator from GetShardIterator>", Limit: 25 },
  };
}

async function updateCli() {
  const op = document.getElementById("any-op").value;
  const text = document.getElementById("any-body").value;
  const rendered = await render(op, text);
  // Only if the request has not changed meanwhile.
  if (op === document.getElementById("any-op").value && text === document.getElementById("any-body").value) {
    document.getElementById("any-cli").textContent = rendered?.awsCli ?? "# the server could not render this request";
  }
}

async function send() {
  const op = document.getElementById("any-op").value;
  const out = clear(document.getElementById("any-result"));
  let request;
  try {
    request = parseJson(document.getElementById("any-body").value);
  } catch (e) {
    out.append(el("div", { class: "error-box" }, el("strong", {}, "Not sent"), el("p", {}, e.message)));
    return;
  }
  const result = await call(op, request);
  const rendered = await render(op, request, result.body ?? undefined);
  out.append(resultView({ ...result, cost: rendered?.cost?.text, awsCli: rendered?.awsCli }, {
    onNextPage: (lek) => {
      document.getElementById("any-body").value = JSON.stringify({ ...request, ExclusiveStartKey: lek }, null, 2);
      updateCli();
      send();
    },
  }));
}
