// The inbox model's fan-out as an AWS Lambda function for a DynamoDB stream
// (README, "The inbox model": a post item's stream record fans out one
// notification and one badge increment per follower, idempotent per
// follower and post). It runs unchanged in Lambda or behind the Runtime
// Interface Emulator; the tests serve it with rie_server.mjs and dynamini's
// --trigger. The SDK finds dynamini through AWS_ENDPOINT_URL_DYNAMODB.
const {
  DynamoDBClient,
  QueryCommand,
  TransactWriteItemsCommand,
} = require("@aws-sdk/client-dynamodb");

let client;

// For the tests: when FANOUT_FAIL_ONCE_AFTER=N, the first invocation throws
// after delivering N notifications (a crash half-way through a post).
let failuresLeft = process.env.FANOUT_FAIL_ONCE_AFTER ? 1 : 0;

async function followersOf(table, author) {
  const followers = [];
  let ExclusiveStartKey;
  do {
    const page = await client.send(new QueryCommand({
      TableName: table,
      KeyConditionExpression: "pk = :pk AND begins_with(sk, :f)",
      ExpressionAttributeValues: { ":pk": { S: `USER#${author}` }, ":f": { S: "FOLLOWER#" } },
      ExclusiveStartKey,
    }));
    for (const item of page.Items) followers.push(item.sk.S.slice("FOLLOWER#".length));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return followers;
}

// One notification and +1 on the badge, in one transaction; a notification
// already there (a retried batch) cancels it and nothing changes.
async function deliver(table, follower, post) {
  const notifId = `${post.postId}#${follower}`;
  try {
    await client.send(new TransactWriteItemsCommand({
      TransactItems: [
        { Put: {
          TableName: table,
          Item: {
            pk: { S: `USER#${follower}` }, sk: { S: `NOTIF#${notifId}` },
            gsi1pk: { S: `UNREAD#${follower}` }, gsi1sk: { S: `NOTIF#${notifId}` },
            userId: { S: follower }, notifId: { S: notifId }, type: { S: "post" },
            actorId: { S: post.author }, targetId: { S: post.postId }, targetType: { S: "post" },
            read: { BOOL: false }, payload: { M: { preview: { S: post.text.slice(0, 80) } } },
            createdAt: { S: post.createdAt },
          },
          ConditionExpression: "attribute_not_exists(pk)",
        } },
        { Update: {
          TableName: table,
          Key: { pk: { S: `USER#${follower}` }, sk: { S: "#INBOX" } },
          UpdateExpression: "ADD unreadCount :one",
          ExpressionAttributeValues: { ":one": { N: "1" } },
        } },
      ],
    }));
    return true;
  } catch (e) {
    const reasons = e.CancellationReasons || [];
    if (e.name === "TransactionCanceledException" && reasons[0]?.Code === "ConditionalCheckFailed") {
      return false; // already delivered
    }
    throw e;
  }
}

exports.handler = async (event) => {
  client ??= new DynamoDBClient({});
  let delivered = 0;
  for (const record of event.Records) {
    if (record.eventName !== "INSERT") continue;
    const image = record.dynamodb.NewImage;
    const pk = image.pk.S, sk = image.sk.S;
    if (!pk.startsWith("USER#") || !sk.startsWith("POST#")) continue;
    // The table is named by the record's eventSourceARN: arn:...:table/NAME/stream/...
    const table = record.eventSourceARN.split(":table/")[1].split("/stream/")[0];
    const post = { author: pk.slice(5), postId: sk.slice(5), text: image.text?.S ?? "",
                   createdAt: image.createdAt?.S ?? "" };
    for (const follower of await followersOf(table, post.author)) {
      if (await deliver(table, follower, post)) delivered += 1;
      if (failuresLeft > 0 && delivered >= Number(process.env.FANOUT_FAIL_ONCE_AFTER)) {
        failuresLeft -= 1;
        throw new Error(`injected failure after ${delivered} notifications`);
      }
    }
  }
  return { delivered };
};
