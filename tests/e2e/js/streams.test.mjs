// DynamoDB Streams with the AWS SDK for JavaScript v3 streams client
// (@aws-sdk/client-dynamodb-streams) against dynamini's endpoint.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { CreateTableCommand, PutItemCommand, UpdateItemCommand, DeleteItemCommand } from "@aws-sdk/client-dynamodb";
import {
  DynamoDBStreamsClient, ListStreamsCommand, DescribeStreamCommand, GetShardIteratorCommand,
  GetRecordsCommand, ResourceNotFoundException,
} from "@aws-sdk/client-dynamodb-streams";
import { startDynamini } from "./harness.mjs";

let server;
let streams;
let streamArn;
before(async () => {
  server = await startDynamini();
  streams = new DynamoDBStreamsClient(server.config);
  const created = await server.client.send(new CreateTableCommand({
    TableName: "events",
    BillingMode: "PAY_PER_REQUEST",
    AttributeDefinitions: [{ AttributeName: "pk", AttributeType: "S" }],
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }],
    StreamSpecification: { StreamEnabled: true, StreamViewType: "NEW_AND_OLD_IMAGES" },
  }));
  streamArn = created.TableDescription.LatestStreamArn;
});
after(async () => {
  streams.destroy();
  await server.stop();
});

async function shardIterator(type, sequenceNumber) {
  const described = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
  const shardId = described.StreamDescription.Shards[0].ShardId;
  const out = await streams.send(new GetShardIteratorCommand({
    StreamArn: streamArn, ShardId: shardId, ShardIteratorType: type, SequenceNumber: sequenceNumber,
  }));
  return out.ShardIterator;
}

test("ListStreams names the table's stream with the region of the client", async () => {
  const listed = await streams.send(new ListStreamsCommand({ TableName: "events" }));
  assert.equal(listed.Streams.length, 1);
  assert.equal(listed.Streams[0].StreamArn, streamArn);
  assert.match(streamArn, /^arn:aws:dynamodb:[^:]+:\d+:table\/events\/stream\/\d{4}-\d\d-\d\dT/);
});

test("DescribeStream reports an ENABLED stream with one shard", async () => {
  const d = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
  assert.equal(d.StreamDescription.StreamStatus, "ENABLED");
  assert.equal(d.StreamDescription.StreamViewType, "NEW_AND_OLD_IMAGES");
  assert.deepEqual(d.StreamDescription.KeySchema, [{ AttributeName: "pk", KeyType: "HASH" }]);
  assert.equal(d.StreamDescription.Shards.length, 1);
  assert.ok(d.StreamDescription.CreationRequestDateTime instanceof Date);
});

test("GetRecords returns INSERT, MODIFY and REMOVE in order with typed fields", async () => {
  const it = await shardIterator("LATEST");
  await server.client.send(new PutItemCommand({ TableName: "events", Item: { pk: { S: "a" }, n: { N: "1" } } }));
  await server.client.send(new UpdateItemCommand({
    TableName: "events", Key: { pk: { S: "a" } }, UpdateExpression: "SET n = :n",
    ExpressionAttributeValues: { ":n": { N: "2" } },
  }));
  await server.client.send(new DeleteItemCommand({ TableName: "events", Key: { pk: { S: "a" } } }));
  const out = await streams.send(new GetRecordsCommand({ ShardIterator: it }));
  assert.deepEqual(out.Records.map((r) => r.eventName), ["INSERT", "MODIFY", "REMOVE"]);
  const modify = out.Records[1].dynamodb;
  assert.deepEqual(modify.OldImage.n, { N: "1" });
  assert.deepEqual(modify.NewImage.n, { N: "2" });
  assert.ok(modify.ApproximateCreationDateTime instanceof Date);
  assert.ok(BigInt(out.Records[0].dynamodb.SequenceNumber) < BigInt(out.Records[2].dynamodb.SequenceNumber));
  assert.ok(out.NextShardIterator);
});

test("AFTER_SEQUENCE_NUMBER resumes after a record", async () => {
  const it = await shardIterator("LATEST");
  await server.client.send(new PutItemCommand({ TableName: "events", Item: { pk: { S: "r1" } } }));
  await server.client.send(new PutItemCommand({ TableName: "events", Item: { pk: { S: "r2" } } }));
  const first = await streams.send(new GetRecordsCommand({ ShardIterator: it, Limit: 1 }));
  assert.equal(first.Records.length, 1);
  const after = await shardIterator("AFTER_SEQUENCE_NUMBER", first.Records[0].dynamodb.SequenceNumber);
  const rest = await streams.send(new GetRecordsCommand({ ShardIterator: after }));
  assert.deepEqual(rest.Records.map((r) => r.dynamodb.Keys.pk.S), ["r2"]);
});

test("an unknown stream is a typed ResourceNotFoundException", async () => {
  await assert.rejects(
    streams.send(new DescribeStreamCommand({
      StreamArn: "arn:aws:dynamodb:eu-west-3:000000000000:table/none/stream/2020-01-01T00:00:00.000",
    })),
    (e) => e instanceof ResourceNotFoundException && e.$metadata.httpStatusCode === 400);
});
