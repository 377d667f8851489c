// The code under test: a small notification inbox on DynamoDB (AWS SDK for JavaScript v3,
// document client). It builds its own client with no endpoint: the SDK reads
// AWS_ENDPOINT_URL_DYNAMODB, credentials and region from the environment, which
// dynamini-test sets while a server runs.
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import {
  DynamoDBDocumentClient,
  GetCommand,
  QueryCommand,
  TransactWriteCommand,
} from "@aws-sdk/lib-dynamodb";

export interface Notification {
  id: string;
  text: string;
  read: boolean;
}

export class Notifications {
  readonly doc: DynamoDBDocumentClient;

  constructor(
    client: DynamoDBClient = new DynamoDBClient({}),
    readonly tableName = "notifications",
  ) {
    this.doc = DynamoDBDocumentClient.from(client);
  }

  /** Adds an unread notification and increments the badge, in one transaction. */
  async notify(user: string, id: string, text: string): Promise<void> {
    await this.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: this.tableName,
              Item: { pk: `USER#${user}`, sk: `NOTIF#${id}`, text, gsi1pk: `UNREAD#${user}`, gsi1sk: id },
              ConditionExpression: "attribute_not_exists(pk)",
            },
          },
          {
            Update: {
              TableName: this.tableName,
              Key: { pk: `USER#${user}`, sk: "#INBOX" },
              UpdateExpression: "ADD unreadCount :one",
              ExpressionAttributeValues: { ":one": 1 },
            },
          },
        ],
      }),
    );
  }

  /** Newest first. */
  async recent(user: string, limit = 20): Promise<Notification[]> {
    const page = await this.doc.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: "pk = :pk AND begins_with(sk, :n)",
        ExpressionAttributeValues: { ":pk": `USER#${user}`, ":n": "NOTIF#" },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return (page.Items ?? []).map((item) => ({
      id: String(item.sk).slice("NOTIF#".length),
      text: String(item.text),
      read: item.gsi1pk === undefined,
    }));
  }

  async unreadCount(user: string): Promise<number> {
    const badge = await this.doc.send(
      new GetCommand({ TableName: this.tableName, Key: { pk: `USER#${user}`, sk: "#INBOX" } }),
    );
    return Number(badge.Item?.unreadCount ?? 0);
  }

  /** Marks one notification read and decrements the badge, if it was unread. */
  async markRead(user: string, id: string): Promise<void> {
    await this.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: this.tableName,
              Key: { pk: `USER#${user}`, sk: `NOTIF#${id}` },
              UpdateExpression: "REMOVE gsi1pk, gsi1sk",
              ConditionExpression: "attribute_exists(gsi1pk)",
            },
          },
          {
            Update: {
              TableName: this.tableName,
              Key: { pk: `USER#${user}`, sk: "#INBOX" },
              UpdateExpression: "ADD unreadCount :m",
              ConditionExpression: "unreadCount > :z",
              ExpressionAttributeValues: { ":m": -1, ":z": 0 },
            },
          },
        ],
      }),
    );
  }
}
