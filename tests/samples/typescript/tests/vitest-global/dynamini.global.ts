// vitest globalSetup: one dynamini for the whole run, started in vitest's main process;
// test files inherit AWS_ENDPOINT_URL_DYNAMODB. The returned function is the teardown.
import { globalSetup } from "dynamini-test";

export default globalSetup({
  schema: "schema/notifications.json",
  seed: { users: "schema/users.jsonl" },
});
