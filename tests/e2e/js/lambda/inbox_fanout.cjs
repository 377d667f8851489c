// The inbox model's fan-out (docs/models.md, "The inbox's patterns": W3 post,
// fanned out by the stream, running W1 per follower) as an AWS Lambda function
// for a DynamoDB stream. It does what the model's C++ fan-out does
// (model/inbox_fanout.cc, Inbox::deliver), with the model's request templates
// (model/models/inbox.json): a post item's INSERT record notifies every
// follower once, with a notification id derived from (post, follower), so a
// retried batch skips the followers already done and counts nobody twice. It
// runs unchanged in Lambda or behind the Runtime Interface Emulator; the tests
// serve it with rie_server.mjs and dynamini's --trigger. The SDK finds
// dynamini through AWS_ENDPOINT_URL_DYNAMODB.
const {
  DynamoDBClient,
  PutItemCommand,
  QueryCommand,
  TransactWriteItemsCommand,
} = require("@aws-sdk/client-dynamodb");

let client;

// For the tests: when FANOUT_FAIL_ONCE_AFTER=N, the first invocation throws
// after delivering N notifications (a crash half-way through a post).
let failuresLeft = process.env.FANOUT_FAIL_ONCE_AFTER ? 1 : 0;

// ---- notification ids: model/ulid.cc's derived_ulid, in BigInt ----------------
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const MASK64 = (1n << 64n) - 1n;

function splitmix64(state) {
  let z = (state + 0x9e3779b97f4a7c15n) & MASK64;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK64;
  return z ^ (z >> 31n);
}

function ulidTimeMs(text) {
  if (text.length !== 26 || text[0] > "7") return 0;
  let t = 0;
  for (let i = 0; i < 26; i++) {
    const v = ALPHABET.indexOf(text[i]);
    if (v < 0) return 0;
    if (i < 10) t = t * 32 + v;
  }
  return t;
}

// A ULID at `timeMs` whose 80 random bits are two FNV-1a 64-bit hashes of
// `key` (UTF-8), mixed by splitmix64: the same (post, follower), the same id.
function derivedUlid(timeMs, key) {
  let a = 0xcbf29ce484222325n, b = 0x84222325cbf29ce4n;
  for (const c of Buffer.from(key, "utf8")) {
    a = ((a ^ BigInt(c)) * 0x100000001b3n) & MASK64;
    b = ((b ^ BigInt(c)) * 0x100000001b3n) & MASK64;
  }
  let lo = splitmix64(a), hi = splitmix64(b) & 0xffffn;
  const out = new Array(26);
  let t = BigInt(timeMs);
  for (let i = 9; i >= 0; i--, t >>= 5n) out[i] = ALPHABET[Number(t & 31n)];
  for (let i = 25; i >= 10; i--) {
    out[i] = ALPHABET[Number(lo & 31n)];
    lo = (lo >> 5n) | ((hi & 31n) << 59n);
    hi >>= 5n;
  }
  return out.join("");
}

// The first `n` bytes of `text`, not cutting a UTF-8 sequence, then "...".
function preview(text, n) {
  const bytes = Buffer.from(text, "utf8");
  if (bytes.length <= n) return text;
  let end = n;
  while (end > 0 && (bytes[end] & 0xc0) === 0x80) --end;
  return bytes.subarray(0, end).toString("utf8") + "...";
}

// ---- the model's requests --------------------------------------------------------
async function followersOf(table, author) {
  const followers = [];
  let ExclusiveStartKey;
  do {
    const page = await client.send(new QueryCommand({
      TableName: table,
      KeyConditionExpression: "pk = :pk AND begins_with(sk, :f)",
      ExpressionAttributeValues: { ":pk": { S: `USER#${author}` }, ":f": { S: "FOLLOWER#" } },
      Limit: 1000,
      ExclusiveStartKey,
    }));
    for (const item of page.Items) followers.push(item.sk.S.slice("FOLLOWER#".length));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return followers;
}

function notificationItem(n, read) {
  const item = {
    pk: { S: `USER#${n.user}` }, sk: { S: `NOTIF#${n.notifId}` },
    userId: { S: n.user }, notifId: { S: n.notifId }, type: { S: "post" },
    actorId: { S: n.actor }, targetId: { S: n.postId }, targetType: { S: "post" },
    read: { BOOL: read }, payload: { M: { preview: { S: n.preview } } },
    createdAt: { S: n.createdAt },
  };
  if (!read) Object.assign(item, { gsi1pk: { S: `UNREAD#${n.user}` }, gsi1sk: { S: `NOTIF#${n.notifId}` } });
  else item.readAt = { S: new Date().toISOString() };
  return item;
}

// W1's "deliver" (counted, moving newestNotifSk) or "deliverOlder" (counted,
// a newer one was counted first). Returns "delivered", "already" (the
// notification exists: a retried batch) or "retry" (the badge's condition
// failed: try the next form).
async function deliverCounted(table, n, moveNewest) {
  const sk = `NOTIF#${n.notifId}`;
  const newest = "(attribute_not_exists(readAllCutoff) OR readAllCutoff < :sk) AND " +
    "(attribute_not_exists(newestNotifSk) OR newestNotifSk < :sk)";
  const update = moveNewest
    ? { UpdateExpression: "ADD unreadCount :one SET lastNotifAt = :at, newestNotifSk = :sk",
        ConditionExpression: newest,
        ExpressionAttributeValues: { ":one": { N: "1" }, ":at": { S: n.createdAt }, ":sk": { S: sk } } }
    : { UpdateExpression: "ADD unreadCount :one",
        ConditionExpression: "attribute_not_exists(readAllCutoff) OR readAllCutoff < :sk",
        ExpressionAttributeValues: { ":one": { N: "1" }, ":sk": { S: sk } } };
  try {
    await client.send(new TransactWriteItemsCommand({ TransactItems: [
      { Put: { TableName: table, Item: notificationItem(n, false),
               ConditionExpression: "attribute_not_exists(pk)" } },
      { Update: { TableName: table, Key: { pk: { S: `USER#${n.user}` }, sk: { S: "#INBOX" } },
                  ...update } },
    ] }));
    return "delivered";
  } catch (e) {
    const reasons = e.name === "TransactionCanceledException" ? e.CancellationReasons || [] : [];
    if (reasons[0]?.Code === "ConditionalCheckFailed") return "already";
    if (reasons[1]?.Code === "ConditionalCheckFailed") return "retry";
    throw e;
  }
}

// W1 for one follower, as Inbox::deliver with a given id: counted (newest,
// then older); else, being older than the user's last "mark all read", it
// arrives read and uncounted ("deliverAsRead"). True when this call wrote it.
async function deliver(table, n) {
  for (const moveNewest of [true, false]) {
    const outcome = await deliverCounted(table, n, moveNewest);
    if (outcome !== "retry") return outcome === "delivered";
  }
  try {
    await client.send(new PutItemCommand({
      TableName: table, Item: notificationItem(n, true), ConditionExpression: "attribute_not_exists(pk)",
    }));
    return true;
  } catch (e) {
    if (e.name === "ConditionalCheckFailedException") return false;
    throw e;
  }
}

exports.handler = async (event) => {
  client ??= new DynamoDBClient({});
  let delivered = 0;
  for (const record of event.Records) {
    if (record.eventName !== "INSERT" || !record.dynamodb.NewImage) continue;
    const image = record.dynamodb.NewImage;
    const pk = image.pk?.S ?? "", sk = image.sk?.S ?? "";
    if (!pk.startsWith("USER#") || !sk.startsWith("POST#")) continue;
    // The table is named by the record's eventSourceARN: arn:...:table/NAME/stream/...
    const table = record.eventSourceARN.split(":table/")[1].split("/stream/")[0];
    const author = pk.slice(5), postId = sk.slice(5);
    for (const follower of await followersOf(table, author)) {
      const n = { user: follower, actor: author, postId, createdAt: image.createdAt?.S ?? "",
                  preview: preview(image.text?.S ?? "", 80),
                  notifId: derivedUlid(ulidTimeMs(postId), `${postId}#${follower}`) };
      if (await deliver(table, n)) delivered += 1;
      if (failuresLeft > 0 && delivered >= Number(process.env.FANOUT_FAIL_ONCE_AFTER)) {
        failuresLeft -= 1;
        throw new Error(`injected failure after ${delivered} notifications`);
      }
    }
  }
  return { delivered };
};

exports.derivedUlid = derivedUlid;
