// A request builder for any operation (table "inbox" by default), with the
// equivalent AWS CLI command kept in step with the JSON being edited.
import { call, STREAMS_OPERATIONS } from "./api.js";
import { awsCli } from "./aws_cli.js";
import { el, clear, parseJson } from "./dom.js";
import { resultView } from "./result_view.js";

const T = "inbox";
const KEY = { pk: { S: "USER#u_alice" }, sk: { S: "#INBOX" } };
const EXAMPLES = {
  GetItem: { TableName: T, Key: KEY, ReturnConsumedCapacity: "TOTAL" },
  Query: { TableName: T, KeyConditionExpression: "pk = :pk", ExpressionAttributeValues: { ":pk": { S: "USER#u_alice" } }, Limit: 10, ReturnConsumedCapacity: "TOTAL" },
  Scan: { TableName: T, Limit: 10, ReturnConsumedCapacity: "TOTAL" },
  PutItem: { TableName: T, Item: { pk: { S: "USER#u_alice" }, sk: { S: "NOTE#1" }, text: { S: "hello" } }, ReturnConsumedCapacity: "TOTAL" },
  UpdateItem: { TableName: T, Key: KEY, UpdateExpression: "ADD unreadCount :one", ExpressionAttributeValues: { ":one": { N: "1" } }, ReturnValues: "UPDATED_NEW", ReturnConsumedCapacity: "TOTAL" },
  DeleteItem: { TableName: T, Key: { pk: { S: "USER#u_alice" }, sk: { S: "NOTE#1" } }, ReturnValues: "ALL_OLD", ReturnConsumedCapacity: "TOTAL" },
  BatchGetItem: { RequestItems: { [T]: { Keys: [KEY] } }, ReturnConsumedCapacity: "TOTAL" },
  BatchWriteItem: { RequestItems: { [T]: [{ PutRequest: { Item: { pk: { S: "USER#u_alice" }, sk: { S: "NOTE#2" } } } }] }, ReturnConsumedCapacity: "TOTAL" },
  TransactGetItems: { TransactItems: [{ Get: { TableName: T, Key: KEY } }], ReturnConsumedCapacity: "TOTAL" },
  TransactWriteItems: { TransactItems: [{ Update: { TableName: T, Key: KEY, UpdateExpression: "ADD unreadCount :one", ExpressionAttributeValues: { ":one": { N: "1" } } } }], ReturnConsumedCapacity: "TOTAL" },
  ExecuteStatement: { Statement: `SELECT * FROM "${T}" WHERE pk = 'USER#u_alice'` },
  ListTables: {},
  DescribeTable: { TableName: T },
  CreateTable: { TableName: "scratch", BillingMode: "PAY_PER_REQUEST", AttributeDefinitions: [{ AttributeName: "id", AttributeType: "S" }], KeySchema: [{ AttributeName: "id", KeyType: "HASH" }] },
  UpdateTable: { TableName: T, StreamSpecification: { StreamEnabled: true, StreamViewType: "NEW_AND_OLD_IMAGES" } },
  DeleteTable: { TableName: "scratch" },
  DescribeTimeToLive: { TableName: T },
  UpdateTimeToLive: { TableName: T, TimeToLiveSpecification: { Enabled: true, AttributeName: "expiresAt" } },
  ListTagsOfResource: { ResourceArn: `arn:aws:dynamodb:us-east-1:000000000000:table/${T}` },
  ListStreams: { TableName: T },
  DescribeStream: { StreamArn: "<LatestStreamArn from DescribeTable>" },
  GetShardIterator: { StreamArn: "<stream arn>", ShardId: "<shard id>", ShardIteratorType: "TRIM_HORIZON" },
  GetRecords: { ShardIterator: "<iterator>", Limit: 25 },
};

export function initAnyRequest() {
  const select = document.getElementById("any-op");
  for (const op of Object.keys(EXAMPLES)) {
    select.append(el("option", { value: op }, STREAMS_OPERATIONS.includes(op) ? `${op} (streams)` : op));
  }
  const body = document.getElementById("any-body");
  const fill = () => { body.value = JSON.stringify(EXAMPLES[select.value], null, 2); updateCli(); };
  select.value = "GetItem";
  fill();
  select.addEventListener("change", fill);
  document.getElementById("any-template").addEventListener("click", fill);
  body.addEventListener("input", updateCli);
  document.getElementById("any-send").addEventListener("click", send);
}

function updateCli() {
  document.getElementById("any-cli").textContent =
    awsCli(document.getElementById("any-op").value, document.getElementById("any-body").value);
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
  out.append(resultView(result, {
    onNextPage: (lek) => {
      document.getElementById("any-body").value = JSON.stringify({ ...request, ExclusiveStartKey: lek }, null, 2);
      updateCli();
      send();
    },
  }));
}
