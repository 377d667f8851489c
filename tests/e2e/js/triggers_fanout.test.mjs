// Stream triggers end to end: the inbox's fan-out written as a Lambda-style
// Node handler (lambda/inbox_fanout.cjs), served like the Lambda Runtime
// Interface Emulator (lambda/rie_server.mjs), run by dynamini's --trigger
// with the AWS SDK for JavaScript v3. One post fans out to 200 followers;
// the handler fails on purpose once, half-way; the trigger retries the
// batch and the handler's idempotency leaves exactly one notification and
// one badge increment per follower. Writes keep flowing while it fails: their
// latency is measured and printed (tests never assert on time). Then the same
// followers and post go to a server running the inbox model, whose C++
// fan-out (model/inbox_fanout.cc) notifies them in-process: the handler's
// notifications and badges equal the model's, attribute for attribute.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import {
  BatchWriteItemCommand,
  CreateTableCommand,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
} from "@aws-sdk/client-dynamodb";
import { startDynamini } from "./harness.mjs";
import { serveHandler } from "./lambda/rie_server.mjs";

const FOLLOWERS = 200;
process.env.FANOUT_FAIL_ONCE_AFTER = "100";
const { handler } = createRequire(import.meta.url)("./lambda/inbox_fanout.cjs");

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function admin(endpoint, method, path, body) {
  const res = await fetch(`${endpoint}/dynamini/admin/${path}`, {
    method, body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

async function createFeed(client) {
  await client.send(new CreateTableCommand({
    TableName: "feed",
    KeySchema: [{ AttributeName: "pk", KeyType: "HASH" }, { AttributeName: "sk", KeyType: "RANGE" }],
    AttributeDefinitions: [
      { AttributeName: "pk", AttributeType: "S" }, { AttributeName: "sk", AttributeType: "S" },
      { AttributeName: "gsi1pk", AttributeType: "S" }, { AttributeName: "gsi1sk", AttributeType: "S" },
    ],
    GlobalSecondaryIndexes: [{
      IndexName: "GSI1",
      KeySchema: [{ AttributeName: "gsi1pk", KeyType: "HASH" }, { AttributeName: "gsi1sk", KeyType: "RANGE" }],
      Projection: { ProjectionType: "ALL" },
    }],
    BillingMode: "PAY_PER_REQUEST",
    StreamSpecification: { StreamEnabled: true, StreamViewType: "NEW_AND_OLD_IMAGES" },
  }));
}

async function follow(client, author, count, table = "feed") {
  for (let start = 0; start < count; start += 25) {
    const requests = [];
    for (let i = start; i < Math.min(start + 25, count); i++) {
      requests.push({ PutRequest: { Item: {
        pk: { S: `USER#${author}` }, sk: { S: `FOLLOWER#f${String(i).padStart(3, "0")}` },
        authorId: { S: author }, followerId: { S: `f${String(i).padStart(3, "0")}` },
      } } });
    }
    await client.send(new BatchWriteItemCommand({ RequestItems: { [table]: requests } }));
  }
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

// PutItems on an unrelated partition until `done()`, each timed.
async function timedWrites(client, done) {
  const samples = [];
  for (let i = 0; !done(); i++) {
    const start = process.hrtime.bigint();
    await client.send(new PutItemCommand({
      TableName: "feed", Item: { pk: { S: "USER#probe" }, sk: { S: `W#${i}` } },
    }));
    samples.push({ at: Date.now(), ms: Number(process.hrtime.bigint() - start) / 1e6 });
  }
  return samples;
}

async function badge(client, user, table = "feed") {
  const r = await client.send(new GetItemCommand({
    TableName: table, Key: { pk: { S: `USER#${user}` }, sk: { S: "#INBOX" } },
  }));
  return r.Item ? Number(r.Item.unreadCount.N) : 0;
}

const followerName = (i) => `f${String(i).padStart(3, "0")}`;

// Every follower's notifications and badge item, in follower order.
async function inboxes(client, table) {
  const out = [];
  for (let i = 0; i < FOLLOWERS; i++) {
    const r = await client.send(new QueryCommand({
      TableName: table, KeyConditionExpression: "pk = :pk",
      ExpressionAttributeValues: { ":pk": { S: `USER#${followerName(i)}` } },
    }));
    out.push(r.Items);
  }
  return out;
}

// A post as the model's W3 writes it: a ULID id, text over 80 bytes (the
// preview cuts it, not inside the multi-byte é), a createdAt.
const POST_ID = "01JE5ZQ6Y8K3M2N4P5Q6R7S8T9";
const POST = {
  pk: { S: "USER#author" }, sk: { S: `POST#${POST_ID}` }, authorId: { S: "author" },
  postId: { S: POST_ID }, createdAt: { S: "2026-12-02T10:00:00.000Z" },
  text: { S: "hello followers, this post is long enough that its preview is cut: " + "é".repeat(20) },
};

// The same followers and post on a server running the inbox model, fanned
// out by its C++ trigger; returns what it wrote.
async function modelFanOut() {
  const model = await startDynamini(["--model", "inbox"]);
  try {
    await follow(model.client, "author", FOLLOWERS, "inbox");
    await model.client.send(new PutItemCommand({ TableName: "inbox", Item: POST }));
    const deadline = Date.now() + 60000;
    while (Date.now() < deadline && (await badge(model.client, followerName(FOLLOWERS - 1), "inbox")) === 0) {
      await sleep(50);
    }
    await sleep(200);
    return await inboxes(model.client, "inbox");
  } finally {
    await model.stop();
  }
}

test("a post fans out to 200 followers through a trigger whose handler fails once", async () => {
  const fn = await serveHandler(handler);
  const postsOnly = JSON.stringify({
    eventName: ["INSERT"], dynamodb: { NewImage: { sk: { S: [{ prefix: "POST#" }] } } },
  });
  const trigger = JSON.stringify({
    FunctionUrl: fn.url, BatchSize: 10, MaximumRetryAttempts: 5, RetryBaseDelayMs: 500,
    FilterCriteria: { Filters: [{ Pattern: postsOnly }] },
  });
  const dynamo = await startDynamini(["--no-inbox", "--admin", "--trigger", `feed=${trigger}`]);
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint, AWS_REGION: "us-east-1",
    AWS_ACCESS_KEY_ID: "x", AWS_SECRET_ACCESS_KEY: "x",
  });
  try {
    await createFeed(dynamo.client);
    await follow(dynamo.client, "author", FOLLOWERS);
    let baselineWrites = 0;
    const baseline = (await timedWrites(dynamo.client, () => ++baselineWrites > 50))
      .map((s) => s.ms).sort((a, b) => a - b);
    await dynamo.client.send(new PutItemCommand({ TableName: "feed", Item: POST }));
    let finished = false;
    const writes = timedWrites(dynamo.client, () => finished);
    const deadline = Date.now() + 60000;
    while (Date.now() < deadline && (await badge(dynamo.client, `f${FOLLOWERS - 1}`)) === 0) {
      await sleep(50);
    }
    await sleep(300); // let the last invocation answer
    finished = true;
    const samples = await writes;

    // Every follower: exactly one notification, badge exactly 1.
    for (let i = 0; i < FOLLOWERS; i++) {
      const user = followerName(i);
      const notes = await dynamo.client.send(new QueryCommand({
        TableName: "feed", KeyConditionExpression: "pk = :pk AND begins_with(sk, :n)",
        ExpressionAttributeValues: { ":pk": { S: `USER#${user}` }, ":n": { S: "NOTIF#" } },
      }));
      assert.equal(notes.Count, 1, `notifications of ${user}`);
      assert.equal(await badge(dynamo.client, user), 1, `badge of ${user}`);
    }
    // The handler saw only the post (the filter), failed once, then succeeded.
    assert.deepEqual(fn.invocations.map((i) => i.ok), [false, true]);
    for (const inv of fn.invocations) {
      assert.equal(inv.event.Records.length, 1);
      const record = inv.event.Records[0];
      assert.equal(record.eventName, "INSERT");
      assert.equal(record.eventSource, "aws:dynamodb");
      assert.match(record.eventSourceARN, /^arn:aws:dynamodb:[^:]+:\d{12}:table\/feed\/stream\//);
      assert.equal(record.dynamodb.Keys.sk.S, `POST#${POST_ID}`);
    }
    const { body } = await admin(dynamo.endpoint, "GET", "triggers");
    const status = body.Triggers[0];
    assert.equal(status.TableName, "feed");
    assert.equal(status.FailedInvocations, 1);
    assert.equal(status.RecordsDiscarded, 0);
    assert.equal(status.RecordsPending, 0);
    assert.ok(status.RecordsFilteredOut >= FOLLOWERS, "follower and notification records filtered");

    // What the handler wrote is what the inbox model's own fan-out writes.
    const fromHandler = await inboxes(dynamo.client, "feed");
    const fromModel = await modelFanOut();
    assert.equal(fromModel.length, FOLLOWERS);
    for (let i = 0; i < FOLLOWERS; i++) {
      assert.equal(fromModel[i].length, 2, `the model's notification and badge of ${followerName(i)}`);
      assert.deepEqual(fromHandler[i], fromModel[i], `inbox of ${followerName(i)}`);
    }
    assert.match(fromHandler[0][1].payload.M.preview.S, /é\.\.\.$/);

    // Write latency while the handler failed and the trigger backed off.
    const failedAt = fn.invocations[0].finished, retriedAt = fn.invocations[1].started;
    const during = samples.filter((s) => s.at >= failedAt && s.at <= retriedAt).map((s) => s.ms);
    const all = samples.map((s) => s.ms).sort((a, b) => a - b);
    during.sort((a, b) => a - b);
    assert.ok(during.length > 0, "writes completed while the handler was failing");
    console.log(`PutItem latency while the handler failed (${during.length} writes): ` +
      `p50 ${percentile(during, 50).toFixed(2)} ms, p99 ${percentile(during, 99).toFixed(2)} ms, ` +
      `max ${during[during.length - 1].toFixed(2)} ms; whole fan-out (${all.length} writes): ` +
      `p50 ${percentile(all, 50).toFixed(2)} ms, p99 ${percentile(all, 99).toFixed(2)} ms; ` +
      `before the post, no delivery running (${baseline.length} writes): ` +
      `p50 ${percentile(baseline, 50).toFixed(2)} ms, p99 ${percentile(baseline, 99).toFixed(2)} ms`);
  } finally {
    await dynamo.stop();
    await fn.close();
  }
});
