// vitest, a new dynamini for each test (useDynamini with per: "test").
import * as vitest from "vitest";
import { expect, test } from "vitest";
import { CreateTableCommand, DynamoDBClient, ListTablesCommand } from "@aws-sdk/client-dynamodb";
import { useDynamini } from "dynamini-test";

const dynamo = useDynamini(vitest, { per: "test" });
const seen = new Set<number>();

for (const run of ["first", "second"]) {
  test(`a fresh server for each test (${run})`, async () => {
    expect(seen.has(dynamo.pid)).toBe(false);
    seen.add(dynamo.pid);
    const client = new DynamoDBClient(dynamo.clientConfig);
    expect((await client.send(new ListTablesCommand({}))).TableNames).toEqual([]);
    await client.send(
      new CreateTableCommand({
        TableName: "scratch",
        BillingMode: "PAY_PER_REQUEST",
        AttributeDefinitions: [{ AttributeName: "id", AttributeType: "S" }],
        KeySchema: [{ AttributeName: "id", KeyType: "HASH" }],
      }),
    );
  });
}
