// jest globalSetup: one dynamini for the run; test files inherit AWS_ENDPOINT_URL_DYNAMODB.
import { globalSetup } from "dynamini-test";

export default globalSetup({
  schema: "schema/notifications.json",
  seed: { users: "schema/users.jsonl" },
});
