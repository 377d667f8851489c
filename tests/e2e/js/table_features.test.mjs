// Issue 15's table features through the AWS SDK for JavaScript v3: a table's
// ARN wherever its name goes, transient statuses (CREATING, UPDATING with a
// backfilling index, DELETING) with the SDK's waiters, and every table setting
// round-tripping (Tags, TableClass, SSE, OnDemandThroughput, WarmThroughput,
// deletion protection, resource policies).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import {
  BatchGetItemCommand, CreateTableCommand, DeleteResourcePolicyCommand, DeleteTableCommand,
  DescribeTableCommand, ExecuteStatementCommand, GetItemCommand, GetResourcePolicyCommand,
  ListTablesCommand, ListTagsOfResourceCommand, PolicyNotFoundException, PutItemCommand,
  PutResourcePolicyCommand, QueryCommand, ResourceInUseException, ResourceNotFoundException,
  TransactWriteItemsCommand, UpdateTableCommand, waitUntilTableExists, waitUntilTableNotExists,
} from "@aws-sdk/client-dynamodb";
import { startDynamini } from "./harness.mjs";

const ACCOUNT = "000000000000";
const arnOf = (table, region = "us-east-1", account = ACCOUNT) =>
  `arn:aws:dynamodb:${region}:${account}:table/${table}`;
const keyed = (name) => ({
  TableName: name, BillingMode: "PAY_PER_REQUEST",
  AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }],
  KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
});

let server;   // no delays: the default
let delayed;  // --create-table-ms 300 --update-table-ms 300 --delete-table-ms 300
before(async () => {
  server = await startDynamini();
  delayed = await startDynamini(["--no-inbox", "--create-table-ms", "300", "--update-table-ms", "300",
                                 "--delete-table-ms", "300"]);
});
after(async () => {
  await server.stop();
  await delayed.stop();
});

test("a table's ARN works wherever its name goes, and answers keep the request's form", async () => {
  const c = server.client;
  const arn = arnOf("by_arn");
  const created = await c.send(new CreateTableCommand(keyed(arn)));
  assert.equal(created.TableDescription.TableName, "by_arn");
  assert.equal(created.TableDescription.TableArn, arn);
  await c.send(new PutItemCommand({ TableName: arn, Item: { pk: { S: "a" }, g: { S: "x" } } }));
  const got = await c.send(new GetItemCommand({ TableName: arn, Key: { pk: { S: "a" } }, ReturnConsumedCapacity: "TOTAL" }));
  assert.equal(got.Item.g.S, "x");
  assert.equal(got.ConsumedCapacity.TableName, arn);
  const batch = await c.send(new BatchGetItemCommand({ RequestItems: { [arn]: { Keys: [{ pk: { S: "a" } }] } } }));
  assert.deepEqual(Object.keys(batch.Responses), [arn]);
  await c.send(new TransactWriteItemsCommand({ TransactItems: [
    { Put: { TableName: arn, Item: { pk: { S: "b" }, g: { S: "y" } } } }] }));
  const partiql = await c.send(new ExecuteStatementCommand({ Statement: `SELECT * FROM "${arn}" WHERE pk = 'b'` }));
  assert.equal(partiql.Items[0].g.S, "y");
  const described = await c.send(new DescribeTableCommand({ TableName: arn }));
  assert.equal(described.Table.ItemCount, 2);
});

test("an ARN of another region or account gets DynamoDB's errors", async () => {
  const c = server.client;
  await c.send(new CreateTableCommand(keyed("guarded")));
  await assert.rejects(c.send(new GetItemCommand({ TableName: arnOf("guarded", "eu-west-1"), Key: { pk: { S: "a" } } })),
    (e) => e.name === "ValidationException" &&
      e.message === `1 validation error detected: Invalid AWS region in '${arnOf("guarded", "eu-west-1")}'`);
  await assert.rejects(c.send(new GetItemCommand({ TableName: arnOf("guarded", "us-east-1", "111122223333"), Key: { pk: { S: "a" } } })),
    (e) => e.name === "AccessDeniedException" && e.$metadata.httpStatusCode === 400 &&
      /not authorized to perform: dynamodb:GetItem/.test(e.message));
  await assert.rejects(c.send(new DescribeTableCommand({ TableName: `${arnOf("guarded")}/index/x` })),
    (e) => e.name === "ValidationException" && /Invalid ARN format/.test(e.message));
});

test("CREATING, UPDATING with a backfilling index and DELETING, waited for with the SDK's waiters", async () => {
  const c = delayed.client;
  const created = await c.send(new CreateTableCommand(keyed("slow")));
  assert.equal(created.TableDescription.TableStatus, "CREATING");
  assert.equal((await c.send(new DescribeTableCommand({ TableName: "slow" }))).Table.TableStatus, "CREATING");
  await assert.rejects(c.send(new PutItemCommand({ TableName: "slow", Item: { pk: { S: "a" } } })),
    (e) => e instanceof ResourceNotFoundException && e.message === "Requested resource not found");
  await assert.rejects(c.send(new DeleteTableCommand({ TableName: "slow" })),
    (e) => e instanceof ResourceInUseException &&
      e.message === "Attempt to change a resource which is still in use: Table is being created: slow");
  await waitUntilTableExists({ client: c, minDelay: 1, maxWaitTime: 20 }, { TableName: "slow" });
  assert.equal((await c.send(new DescribeTableCommand({ TableName: "slow" }))).Table.TableStatus, "ACTIVE");

  await c.send(new PutItemCommand({ TableName: "slow", Item: { pk: { S: "a" }, g: { S: "x" } } }));
  await c.send(new UpdateTableCommand({
    TableName: "slow", AttributeDefinitions: [{ AttributeName: "g", AttributeType: "S" }],
    GlobalSecondaryIndexUpdates: [{ Create: { IndexName: "byG", KeySchema: [{ AttributeName: "g", KeyType: "HASH" }],
                                               Projection: { ProjectionType: "ALL" } } }],
  }));
  const updating = (await c.send(new DescribeTableCommand({ TableName: "slow" }))).Table;
  assert.equal(updating.TableStatus, "UPDATING");
  assert.equal(updating.GlobalSecondaryIndexes[0].IndexStatus, "CREATING");
  assert.equal(updating.GlobalSecondaryIndexes[0].Backfilling, true);
  const query = new QueryCommand({ TableName: "slow", IndexName: "byG", KeyConditionExpression: "g = :g",
                                   ExpressionAttributeValues: { ":g": { S: "x" } } });
  await assert.rejects(c.send(query), (e) => e.name === "ValidationException" &&
    e.message === "Cannot read from backfilling global secondary index: byG");
  await waitUntilTableExists({ client: c, minDelay: 1, maxWaitTime: 20 }, { TableName: "slow" });
  assert.equal((await c.send(query)).Count, 1);

  const deleted = await c.send(new DeleteTableCommand({ TableName: "slow" }));
  assert.equal(deleted.TableDescription.TableStatus, "DELETING");
  assert.equal((await c.send(new DescribeTableCommand({ TableName: "slow" }))).Table.TableStatus, "DELETING");
  assert.ok((await c.send(new ListTablesCommand({}))).TableNames.includes("slow"));
  await waitUntilTableNotExists({ client: c, minDelay: 1, maxWaitTime: 20 }, { TableName: "slow" });
  assert.ok(!(await c.send(new ListTablesCommand({}))).TableNames.includes("slow"));
});

test("every table setting round-trips through CreateTable, DescribeTable and UpdateTable", async () => {
  const c = server.client;
  const arn = arnOf("settled");
  const policy = JSON.stringify({ Version: "2012-10-17", Statement: [{
    Effect: "Allow", Principal: { AWS: `arn:aws:iam::${ACCOUNT}:root` }, Action: "dynamodb:GetItem", Resource: arn }] });
  await c.send(new CreateTableCommand({
    ...keyed("settled"),
    Tags: [{ Key: "team", Value: "data" }],
    TableClass: "STANDARD_INFREQUENT_ACCESS",
    SSESpecification: { Enabled: true, SSEType: "KMS", KMSMasterKeyId: "1234abcd-12ab-34cd-56ef-1234567890ab" },
    OnDemandThroughput: { MaxReadRequestUnits: 100, MaxWriteRequestUnits: 50 },
    WarmThroughput: { ReadUnitsPerSecond: 13000 },
    DeletionProtectionEnabled: true,
    ResourcePolicy: policy,
  }));
  const t = (await c.send(new DescribeTableCommand({ TableName: "settled" }))).Table;
  assert.equal(t.TableClassSummary.TableClass, "STANDARD_INFREQUENT_ACCESS");
  assert.deepEqual({ ...t.SSEDescription }, {
    Status: "ENABLED", SSEType: "KMS",
    KMSMasterKeyArn: `arn:aws:kms:us-east-1:${ACCOUNT}:key/1234abcd-12ab-34cd-56ef-1234567890ab` });
  assert.deepEqual({ ...t.OnDemandThroughput }, { MaxReadRequestUnits: 100, MaxWriteRequestUnits: 50 });
  assert.deepEqual({ ...t.WarmThroughput }, { ReadUnitsPerSecond: 13000, WriteUnitsPerSecond: 4000, Status: "ACTIVE" });
  assert.equal(t.DeletionProtectionEnabled, true);
  assert.deepEqual((await c.send(new ListTagsOfResourceCommand({ ResourceArn: arn }))).Tags,
                   [{ Key: "team", Value: "data" }]);
  assert.equal((await c.send(new GetResourcePolicyCommand({ ResourceArn: arn }))).Policy, policy);

  // UpdateTable with only OnDemandThroughput.
  const updated = await c.send(new UpdateTableCommand({ TableName: "settled", OnDemandThroughput: { MaxReadRequestUnits: 200 } }));
  assert.equal(updated.TableDescription.OnDemandThroughput.MaxReadRequestUnits, 200);
  await assert.rejects(c.send(new DeleteTableCommand({ TableName: "settled" })), (e) => e.name === "ValidationException" &&
    /protected against deletion/.test(e.message));
  await c.send(new UpdateTableCommand({ TableName: "settled", DeletionProtectionEnabled: false }));
  await c.send(new DeleteTableCommand({ TableName: "settled" }));
});

test("resource policies: put, get with its RevisionId, conditional writes, delete", async () => {
  const c = server.client;
  await c.send(new CreateTableCommand(keyed("shared")));
  const arn = arnOf("shared");
  const doc = (action) => JSON.stringify({ Version: "2012-10-17", Statement: [{
    Sid: "s1", Effect: "Allow", Principal: { AWS: "arn:aws:iam::111122223333:root" }, Action: action, Resource: arn }] });
  await assert.rejects(c.send(new GetResourcePolicyCommand({ ResourceArn: arn })),
    (e) => e instanceof PolicyNotFoundException &&
      e.message === `Resource-based policy not found for the provided ResourceArn: ${arn}`);
  const first = await c.send(new PutResourcePolicyCommand({ ResourceArn: arn, Policy: doc("dynamodb:GetItem"), ExpectedRevisionId: "NO_POLICY" }));
  assert.match(first.RevisionId, /^\d+$/);
  const again = await c.send(new PutResourcePolicyCommand({ ResourceArn: arn, Policy: doc("dynamodb:GetItem") }));
  assert.equal(again.RevisionId, first.RevisionId);
  await assert.rejects(c.send(new PutResourcePolicyCommand({ ResourceArn: arn, Policy: doc("dynamodb:Query"), ExpectedRevisionId: "0" })),
    (e) => e instanceof PolicyNotFoundException && /Requested update for policy with revision id 0/.test(e.message));
  await assert.rejects(c.send(new PutResourcePolicyCommand({ ResourceArn: arn, Policy: "{not json" })),
    (e) => e.name === "ValidationException" &&
      e.message === "One or more parameter values were invalid: Invalid policy document: This policy contains invalid Json");
  const got = await c.send(new GetResourcePolicyCommand({ ResourceArn: arn }));
  assert.equal(got.Policy, doc("dynamodb:GetItem"));
  assert.equal(got.RevisionId, first.RevisionId);
  // DescribeTable is unchanged by a policy; DeleteResourcePolicy is idempotent.
  assert.equal((await c.send(new DescribeTableCommand({ TableName: "shared" }))).Table.TableStatus, "ACTIVE");
  assert.equal((await c.send(new DeleteResourcePolicyCommand({ ResourceArn: arn }))).RevisionId, first.RevisionId);
  assert.equal((await c.send(new DeleteResourcePolicyCommand({ ResourceArn: arn }))).RevisionId, undefined);
  await assert.rejects(c.send(new GetResourcePolicyCommand({ ResourceArn: arn })), PolicyNotFoundException);
});
