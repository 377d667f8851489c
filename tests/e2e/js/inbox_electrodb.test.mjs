// The seed article's code against dynamini's preloaded inbox, unchanged:
// ElectroDB entities for Notification and InboxMeta (keys with casing
// 'none'), and the raw AWS SDK v3 requests for AP1-AP5.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { Entity, Service } from "electrodb";
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { startDynamini } from "./harness.mjs";

const MID_UNREAD = "01HWWVCKJ05CY4TQKFE20S58XM";
const NEW_UNREAD = "01HWYQRBZ07H6NWVVGG69A7D65";
const OLD_READ = "01HWSPZ3H038NKRKAYDXR834N3";

let server;
let Notification;
let InboxMeta;
let inbox;

before(async () => {
  server = await startDynamini([]); // with the inbox preloaded
  const config = { table: "inbox", client: server.doc };
  Notification = new Entity(
    {
      model: { entity: "notification", version: "1", service: "inbox" },
      attributes: {
        userId: { type: "string", required: true },
        notifId: { type: "string", required: true },
        type: { type: "string" },
        actorId: { type: "string" },
        targetId: { type: "string" },
        targetType: { type: "string" },
        read: { type: "boolean" },
        readAt: { type: "string" },
        payload: { type: "any" },
        createdAt: { type: "string" },
      },
      indexes: {
        byUser: {
          pk: { field: "pk", composite: ["userId"], template: "USER#${userId}", casing: "none" },
          sk: { field: "sk", composite: ["notifId"], template: "NOTIF#${notifId}", casing: "none" },
        },
        unread: {
          index: "GSI1",
          pk: { field: "gsi1pk", composite: ["userId"], template: "UNREAD#${userId}", casing: "none" },
          sk: { field: "gsi1sk", composite: ["notifId"], template: "NOTIF#${notifId}", casing: "none" },
        },
      },
    },
    config,
  );
  InboxMeta = new Entity(
    {
      model: { entity: "inboxMeta", version: "1", service: "inbox" },
      attributes: {
        userId: { type: "string", required: true },
        unreadCount: { type: "number" },
        lastNotifAt: { type: "string" },
      },
      indexes: {
        byUser: {
          pk: { field: "pk", composite: ["userId"], template: "USER#${userId}", casing: "none" },
          sk: { field: "sk", composite: [], template: "#INBOX", casing: "none" },
        },
      },
    },
    config,
  );
  inbox = new Service({ notification: Notification, inboxMeta: InboxMeta }, config);
});

after(async () => {
  await server?.stop();
});

// The sample data was written without ElectroDB's __edb_e__/__edb_v__
// markers, so reads of it pass ignoreOwnership.
const raw = { ignoreOwnership: true };

test("ElectroDB AP1: newest notifications first, begins_with on the sort key", async () => {
  const { data, cursor } = await Notification.query
    .byUser({ userId: "u_alice" })
    .go({ ...raw, order: "desc", limit: 2 });
  assert.deepEqual(data.map((n) => n.notifId), [NEW_UNREAD, MID_UNREAD]);
  assert.ok(cursor, "a second page");
  const next = await Notification.query.byUser({ userId: "u_alice" }).go({ ...raw, order: "desc", cursor });
  assert.deepEqual(next.data.map((n) => n.notifId), [OLD_READ]);
  assert.equal(next.data[0].read, true);
});

test("ElectroDB AP2: the badge from InboxMeta", async () => {
  const { data } = await InboxMeta.get({ userId: "u_alice" }).go(raw);
  assert.equal(data.unreadCount, 2);
  assert.equal(data.lastNotifAt, "2024-05-03T08:05:00.000Z");
});

test("ElectroDB AP4: the unread list from the sparse GSI1", async () => {
  const { data } = await Notification.query.unread({ userId: "u_alice" }).go(raw);
  assert.deepEqual(data.map((n) => n.notifId), [MID_UNREAD, NEW_UNREAD]);
  assert.ok(data.every((n) => n.read === false));
});

test("ElectroDB: deliver a notification and increment the badge in one transaction", async () => {
  const notifId = "01J00000000000000000000001";
  await inbox.transaction
    .write(({ notification, inboxMeta }) => [
      notification
        .create({
          userId: "u_erin", notifId, type: "like", actorId: "u_bob", targetId: "post_9",
          targetType: "post", read: false, payload: { preview: "Bob liked your post" },
          createdAt: "2024-06-01T00:00:00.000Z",
        })
        .commit(),
      inboxMeta.upsert({ userId: "u_erin" }).add({ unreadCount: 1 }).commit(),
    ])
    .go();
  const meta = await InboxMeta.get({ userId: "u_erin" }).go();
  assert.equal(meta.data.unreadCount, 1);
  const { data } = await Notification.query.unread({ userId: "u_erin" }).go();
  assert.deepEqual(data.map((n) => n.notifId), [notifId]);
  // The same create again is refused by its attribute_not_exists condition.
  const again = await inbox.transaction
    .write(({ notification, inboxMeta }) => [
      notification.create({ userId: "u_erin", notifId, type: "like", actorId: "u_bob" }).commit(),
      inboxMeta.upsert({ userId: "u_erin" }).add({ unreadCount: 1 }).commit(),
    ])
    .go();
  assert.equal(again.canceled, true);
  assert.equal((await InboxMeta.get({ userId: "u_erin" }).go()).data.unreadCount, 1);
});

// ---- the raw AWS SDK v3 requests of the article ------------------------------

const key = (user, sk) => ({ pk: `USER#${user}`, sk });

async function ap3MarkRead(doc, user, notifId, now) {
  await doc.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: "inbox",
            Key: key(user, `NOTIF#${notifId}`),
            UpdateExpression: "REMOVE gsi1pk, gsi1sk SET #read = :t, readAt = :now",
            ConditionExpression: "attribute_exists(gsi1pk)",
            ExpressionAttributeNames: { "#read": "read" },
            ExpressionAttributeValues: { ":t": true, ":now": now },
          },
        },
        {
          Update: {
            TableName: "inbox",
            Key: key(user, "#INBOX"),
            UpdateExpression: "ADD unreadCount :dec",
            ConditionExpression: "unreadCount > :zero",
            ExpressionAttributeValues: { ":dec": -1, ":zero": 0 },
          },
        },
      ],
    }),
  );
}

test("SDK v3 AP1-AP5 on u_alice: page, badge, read one, unread list, read all", async () => {
  const doc = server.doc;
  // AP1
  const ap1 = await doc.send(
    new QueryCommand({
      TableName: "inbox",
      KeyConditionExpression: "pk = :pk AND begins_with(sk, :p)",
      ExpressionAttributeValues: { ":pk": "USER#u_alice", ":p": "NOTIF#" },
      ScanIndexForward: false,
      Limit: 20,
      ReturnConsumedCapacity: "TOTAL",
    }),
  );
  assert.deepEqual(ap1.Items.map((i) => i.notifId), [NEW_UNREAD, MID_UNREAD, OLD_READ]);
  assert.equal(ap1.ConsumedCapacity.TableName, "inbox");
  // AP2
  const badge = async () =>
    (await doc.send(new GetCommand({ TableName: "inbox", Key: key("u_alice", "#INBOX") }))).Item.unreadCount;
  assert.equal(await badge(), 2);
  // AP3, twice: the second is cancelled and decrements nothing
  await ap3MarkRead(doc, "u_alice", MID_UNREAD, "2024-05-04T10:00:00.000Z");
  assert.equal(await badge(), 1);
  await assert.rejects(ap3MarkRead(doc, "u_alice", MID_UNREAD, "2024-05-04T10:00:01.000Z"), (err) => {
    assert.equal(err.name, "TransactionCanceledException");
    assert.deepEqual(err.CancellationReasons.map((r) => r.Code), ["ConditionalCheckFailed", "None"]);
    return true;
  });
  assert.equal(await badge(), 1);
  // AP4
  const unread = async () =>
    (
      await doc.send(
        new QueryCommand({
          TableName: "inbox",
          IndexName: "GSI1",
          KeyConditionExpression: "gsi1pk = :u",
          ExpressionAttributeValues: { ":u": "UNREAD#u_alice" },
        }),
      )
    ).Items;
  assert.deepEqual((await unread()).map((i) => i.notifId), [NEW_UNREAD]);
  // AP5: zero the badge, then page GSI1 and mark each read
  await doc.send(
    new UpdateCommand({
      TableName: "inbox",
      Key: key("u_alice", "#INBOX"),
      UpdateExpression: "SET unreadCount = :zero",
      ExpressionAttributeValues: { ":zero": 0 },
    }),
  );
  let startKey;
  do {
    const page = await doc.send(
      new QueryCommand({
        TableName: "inbox",
        IndexName: "GSI1",
        KeyConditionExpression: "gsi1pk = :u",
        ExpressionAttributeValues: { ":u": "UNREAD#u_alice" },
        Limit: 25,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items) {
      await doc.send(
        new UpdateCommand({
          TableName: "inbox",
          Key: { pk: item.pk, sk: item.sk },
          UpdateExpression: "REMOVE gsi1pk, gsi1sk SET #read = :t",
          ExpressionAttributeNames: { "#read": "read" },
          ExpressionAttributeValues: { ":t": true },
        }),
      );
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  assert.equal(await badge(), 0);
  assert.deepEqual(await unread(), []);
});
