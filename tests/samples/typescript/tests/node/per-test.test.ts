// node:test, a new dynamini for each test (per: "test"), found on PATH or via DYNAMINI_BIN.
import * as t from "node:test";
import { test } from "node:test";
import assert from "node:assert/strict";
import { DynamoDBClient, ListTablesCommand } from "@aws-sdk/client-dynamodb";
import { useDynamini } from "dynamini-test";

const dynamo = useDynamini(t, { per: "test", inbox: true });
const pids: number[] = [];

for (const run of ["first", "second"]) {
  test(`a fresh server with the inbox model for each test (${run})`, async () => {
    assert.ok(!pids.includes(dynamo.pid));
    pids.push(dynamo.pid);
    const client = new DynamoDBClient(dynamo.clientConfig);
    assert.deepEqual((await client.send(new ListTablesCommand({}))).TableNames, ["inbox"]);
  });
}
