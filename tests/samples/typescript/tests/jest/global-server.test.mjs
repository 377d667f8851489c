// jest with the global server (jest.config.mjs): reset before each test. Clients are built
// with no endpoint: the SDK reads AWS_ENDPOINT_URL_DYNAMODB, set by globalSetup.
import { DynamoDBClient, ListTablesCommand } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient, GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import { resetDynamini } from "dynamini-test";

const doc = DynamoDBDocumentClient.from(new DynamoDBClient({}));
beforeEach(() => resetDynamini());

for (const run of ["first", "second"]) {
  test(`a database reset before each test (${run})`, async () => {
    const key = { TableName: "users", Key: { id: "u_carol" } };
    expect((await doc.send(new GetCommand(key))).Item).toBeUndefined();
    await doc.send(new PutCommand({ TableName: "users", Item: { id: "u_carol", run } }));
    expect((await doc.send(new GetCommand(key))).Item).toEqual({ id: "u_carol", run });
  });
}

test("the schema and seed files of globalSetup are loaded", async () => {
  const tables = await new DynamoDBClient({}).send(new ListTablesCommand({}));
  expect(tables.TableNames).toEqual(["notifications", "users"]);
  const alice = await doc.send(new GetCommand({ TableName: "users", Key: { id: "u_alice" } }));
  expect(alice.Item?.name).toBe("Alice");
});
