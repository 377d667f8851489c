// Backups, point-in-time recovery and export through the AWS SDK for
// JavaScript v3, whose model (unlike Debian's boto3 and AWS CLI) has the
// newer members: RecoveryPeriodInDays and ExportType.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  CreateTableCommand, PutItemCommand, ScanCommand, QueryCommand, DescribeTableCommand,
  CreateBackupCommand, RestoreTableFromBackupCommand, UpdateContinuousBackupsCommand,
  DescribeContinuousBackupsCommand, RestoreTableToPointInTimeCommand,
  ExportTableToPointInTimeCommand, DescribeExportCommand, ListExportsCommand,
  BackupNotFoundException, DescribeBackupCommand,
} from "@aws-sdk/client-dynamodb";
import { inProcess, startDynamini } from "./harness.mjs";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
let server;
let bucket;
before(async () => {
  server = await startDynamini();
  bucket = mkdtempSync(join(tmpdir(), "dynamini-js-export-"));
  await server.client.send(new CreateTableCommand({
    TableName: "jsb",
    BillingMode: "PAY_PER_REQUEST",
    AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" },
                           { AttributeName: "g", AttributeType: "S" }],
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
    GlobalSecondaryIndexes: [{ IndexName: "byG", KeySchema: [{ AttributeName: "g", KeyType: "HASH" }],
                               Projection: { ProjectionType: "ALL" } }],
  }));
});
after(async () => {
  await server.stop();
  rmSync(bucket, { recursive: true, force: true });
});

const put = (pk, extra = {}) => server.client.send(new PutItemCommand({
  TableName: "jsb", Item: { pk: { S: pk }, ...extra } }));
const keys = async (table) => (await server.client.send(new ScanCommand({ TableName: table })))
  .Items.map((i) => i.pk.S).sort();

test("a backup restores under a new name with its GSI", async () => {
  await put("a", { g: { S: "G" } });
  await put("b");
  const created = await server.client.send(new CreateBackupCommand({ TableName: "jsb", BackupName: "js-backup" }));
  assert.equal(created.BackupDetails.BackupStatus, "CREATING");
  const arn = created.BackupDetails.BackupArn;
  await put("c", { g: { S: "G" } });
  const restored = await server.client.send(new RestoreTableFromBackupCommand({
    TargetTableName: "jsb_restored", BackupArn: arn }));
  assert.equal(restored.TableDescription.RestoreSummary.SourceBackupArn, arn);
  assert.deepEqual(await keys("jsb_restored"), ["a", "b"]);
  const byG = await server.client.send(new QueryCommand({
    TableName: "jsb_restored", IndexName: "byG", KeyConditionExpression: "g = :g",
    ExpressionAttributeValues: { ":g": { S: "G" } } }));
  assert.deepEqual(byG.Items.map((i) => i.pk.S), ["a"]);
  await assert.rejects(
    server.client.send(new DescribeBackupCommand({ BackupArn: arn.replace(/-[0-9a-f]{8}$/, "-00000000") })),
    (e) => e instanceof BackupNotFoundException);
});

test("RecoveryPeriodInDays and a restore to a second between two writes", async () => {
  const out = await server.client.send(new UpdateContinuousBackupsCommand({
    TableName: "jsb",
    PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true, RecoveryPeriodInDays: 7 } }));
  const pitr = out.ContinuousBackupsDescription.PointInTimeRecoveryDescription;
  assert.equal(pitr.PointInTimeRecoveryStatus, "ENABLED");
  assert.equal(pitr.RecoveryPeriodInDays, 7);
  await sleep(1100);
  const between = new Date();
  await sleep(1100);
  await put("late");
  const described = await server.client.send(new DescribeContinuousBackupsCommand({ TableName: "jsb" }));
  const window = described.ContinuousBackupsDescription.PointInTimeRecoveryDescription;
  assert.ok(window.EarliestRestorableDateTime <= between && between <= window.LatestRestorableDateTime);
  assert.equal(window.RecoveryPeriodInDays, 7);
  await server.client.send(new RestoreTableToPointInTimeCommand({
    SourceTableName: "jsb", TargetTableName: "jsb_pitr", RestoreDateTime: between }));
  assert.deepEqual(await keys("jsb_pitr"), ["a", "b", "c"]);
});

test("in the WebAssembly build an export answers that it is not available there", {
  skip: !inProcess && "the native build exports (the next test)",
}, async () => {
  const table = await server.client.send(new DescribeTableCommand({ TableName: "jsb" }));
  await assert.rejects(server.client.send(new ExportTableToPointInTimeCommand({
    TableArn: table.Table.TableArn, S3Bucket: "file://" + bucket })), (e) => {
    assert.equal(e.name, "ValidationException");
    assert.match(e.message, /^ExportTableToPointInTime is not available in dynamini's WebAssembly build/);
    return true;
  });
});

test("a FULL_EXPORT to a file:// bucket completes and is listed with its ExportType", {
  skip: inProcess && "the WebAssembly build has no exports (the test above)",
}, async () => {
  const table = await server.client.send(new DescribeTableCommand({ TableName: "jsb" }));
  const started = await server.client.send(new ExportTableToPointInTimeCommand({
    TableArn: table.Table.TableArn, S3Bucket: "file://" + bucket, ExportType: "FULL_EXPORT",
    ExportFormat: "DYNAMODB_JSON" }));
  assert.equal(started.ExportDescription.ExportType, "FULL_EXPORT");
  let done;
  for (let i = 0; i < 600; i++) {
    done = (await server.client.send(new DescribeExportCommand({
      ExportArn: started.ExportDescription.ExportArn }))).ExportDescription;
    if (done.ExportStatus !== "IN_PROGRESS") break;
    await sleep(50);
  }
  assert.equal(done.ExportStatus, "COMPLETED");
  assert.equal(done.ItemCount, 4);
  const listed = await server.client.send(new ListExportsCommand({ TableArn: table.Table.TableArn }));
  assert.deepEqual(listed.ExportSummaries.map((e) => [e.ExportArn, e.ExportType]),
                   [[started.ExportDescription.ExportArn, "FULL_EXPORT"]]);
});
