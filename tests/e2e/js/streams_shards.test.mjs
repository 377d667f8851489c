// DynamoDB Streams shards with the AWS SDK for JavaScript v3 streams client,
// against a server whose shards close after a few records
// (--stream-shard-records): a consumer that discovers child shards with
// DescribeStream's ShardFilter (CHILD_SHARDS) reads every record exactly
// once, in order per key, while writes continue; DescribeStream pages with
// Limit and ExclusiveStartShardId; a ShardFilter naming no shard of the stream
// is a typed ResourceNotFoundException.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { CreateTableCommand, PutItemCommand } from "@aws-sdk/client-dynamodb";
import {
  DynamoDBStreamsClient, DescribeStreamCommand, GetShardIteratorCommand, GetRecordsCommand,
  ResourceNotFoundException,
} from "@aws-sdk/client-dynamodb-streams";
import { startDynamini } from "./harness.mjs";

const RECORDS_PER_SHARD = 5;
let server;
let streams;
let tableCount = 0;

before(async () => {
  server = await startDynamini(["--no-inbox", "--stream-shard-records", String(RECORDS_PER_SHARD)]);
  streams = new DynamoDBStreamsClient(server.config);
});
after(async () => {
  streams.destroy();
  await server.stop();
});

async function createTable() {
  const name = `shards_${++tableCount}`;
  const created = await server.client.send(new CreateTableCommand({
    TableName: name,
    BillingMode: "PAY_PER_REQUEST",
    AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }],
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
    StreamSpecification: { StreamEnabled: true, StreamViewType: "NEW_IMAGE" },
  }));
  return { name, arn: created.TableDescription.LatestStreamArn };
}

const put = (table, pk, v) => server.client.send(new PutItemCommand({
  TableName: table, Item: { pk: { S: pk }, v: { N: String(v) } },
}));

async function trimHorizon(arn, shardId) {
  const out = await streams.send(new GetShardIteratorCommand({
    StreamArn: arn, ShardId: shardId, ShardIteratorType: "TRIM_HORIZON",
  }));
  return out.ShardIterator;
}

test("a consumer following ShardFilter CHILD_SHARDS reads every record once, in order per key", async () => {
  const { name, arn } = await createTable();
  const keys = 4;
  const versions = 20;
  const writer = (async () => {
    for (let v = 0; v < versions; v++) {
      for (let k = 0; k < keys; k++) await put(name, `key${k}`, v);
    }
  })();
  // The stream's first shard, then each shard's children once it ends.
  const first = await streams.send(new DescribeStreamCommand({ StreamArn: arn }));
  const reading = new Map();  // shard id -> iterator, null once ended
  for (const shard of first.StreamDescription.Shards) reading.set(shard.ShardId, await trimHorizon(arn, shard.ShardId));
  const seen = [];
  const sequenceNumbers = new Set();
  let finishedShards = 0;
  const deadline = Date.now() + 120000;
  while (seen.length < keys * versions && Date.now() < deadline) {
    const before = seen.length;
    for (const [shardId, iterator] of [...reading]) {
      if (iterator === null) continue;
      const out = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 4 }));
      for (const r of out.Records) {
        seen.push([r.dynamodb.NewImage.pk.S, Number(r.dynamodb.NewImage.v.N)]);
        assert.ok(!sequenceNumbers.has(r.dynamodb.SequenceNumber), "a record read twice");
        sequenceNumbers.add(r.dynamodb.SequenceNumber);
      }
      reading.set(shardId, out.NextShardIterator ?? null);
      if (out.NextShardIterator) continue;
      finishedShards++;
      const children = await streams.send(new DescribeStreamCommand({
        StreamArn: arn, ShardFilter: { Type: "CHILD_SHARDS", ShardId: shardId },
      }));
      for (const child of children.StreamDescription.Shards) {
        assert.equal(child.ParentShardId, shardId);
        if (!reading.has(child.ShardId)) reading.set(child.ShardId, await trimHorizon(arn, child.ShardId));
      }
    }
    if (seen.length === before) await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await writer;
  assert.equal(seen.length, keys * versions);
  assert.ok(finishedShards >= (keys * versions) / RECORDS_PER_SHARD - 1, `only ${finishedShards} shards ended`);
  const next = new Map();
  for (const [pk, v] of seen) {
    assert.equal(v, next.get(pk) ?? 0, `${pk} out of order`);
    next.set(pk, v + 1);
  }
});

test("DescribeStream pages shards with Limit and ExclusiveStartShardId", async () => {
  const { name, arn } = await createTable();
  for (let i = 0; i < 4 * RECORDS_PER_SHARD; i++) await put(name, `k${i}`, 0);
  const all = (await streams.send(new DescribeStreamCommand({ StreamArn: arn }))).StreamDescription;
  assert.equal(all.Shards.length, 4);
  assert.equal(all.LastEvaluatedShardId, undefined);
  const paged = [];
  let start;
  do {
    const d = (await streams.send(new DescribeStreamCommand({
      StreamArn: arn, Limit: 3, ExclusiveStartShardId: start,
    }))).StreamDescription;
    paged.push(...d.Shards.map((s) => s.ShardId));
    start = d.LastEvaluatedShardId;
  } while (start);
  assert.deepEqual(paged, all.Shards.map((s) => s.ShardId));
  for (let i = 1; i < all.Shards.length; i++) {
    assert.equal(all.Shards[i].ParentShardId, all.Shards[i - 1].ShardId);
    assert.ok(BigInt(all.Shards[i - 1].SequenceNumberRange.EndingSequenceNumber) <
              BigInt(all.Shards[i].SequenceNumberRange.StartingSequenceNumber));
  }
});

test("ShardFilter naming no shard of the stream is a typed ResourceNotFoundException", async () => {
  const { arn } = await createTable();
  const { arn: otherArn } = await createTable();
  const other = (await streams.send(new DescribeStreamCommand({ StreamArn: otherArn }))).StreamDescription.Shards[0];
  await assert.rejects(
    streams.send(new DescribeStreamCommand({
      StreamArn: arn, ShardFilter: { Type: "CHILD_SHARDS", ShardId: other.ShardId },
    })),
    (e) => e instanceof ResourceNotFoundException && e.$metadata.httpStatusCode === 400);
});

test("a closed shard's GetRecords ends without NextShardIterator and ShardFilter finds its child", async () => {
  const { name, arn } = await createTable();
  for (let i = 0; i <= RECORDS_PER_SHARD; i++) await put(name, `k${i}`, 0);
  const [closed, open] = (await streams.send(new DescribeStreamCommand({ StreamArn: arn }))).StreamDescription.Shards;
  assert.ok(closed.SequenceNumberRange.EndingSequenceNumber);
  assert.equal(open.SequenceNumberRange.EndingSequenceNumber, undefined);
  const out = await streams.send(new GetRecordsCommand({ ShardIterator: await trimHorizon(arn, closed.ShardId) }));
  assert.equal(out.Records.length, RECORDS_PER_SHARD);
  assert.equal(out.NextShardIterator, undefined);
  const children = await streams.send(new DescribeStreamCommand({
    StreamArn: arn, ShardFilter: { Type: "CHILD_SHARDS", ShardId: closed.ShardId },
  }));
  assert.deepEqual(children.StreamDescription.Shards.map((s) => s.ShardId), [open.ShardId]);
});
