// jest, a server of this file's own (useDynamini with jest's globals), reset before each test.
import { CreateTableCommand, DynamoDBClient, ListTablesCommand } from "@aws-sdk/client-dynamodb";
import { useDynamini } from "dynamini-test";

const dynamo = useDynamini(globalThis, { inbox: true });

for (const run of ["first", "second"]) {
  test(`this file's server, reset before each test (${run})`, async () => {
    expect(process.env.AWS_ENDPOINT_URL_DYNAMODB).toBe(dynamo.endpoint);
    const client = new DynamoDBClient(dynamo.clientConfig);
    expect((await client.send(new ListTablesCommand({}))).TableNames).toEqual(["inbox"]);
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
