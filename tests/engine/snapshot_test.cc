#include <cstdio>

#include "api_fixture.h"

TEST_CASE_FIXTURE(ApiFixture, "reset: without a marked state, returns to no tables") {
  create_inbox_like();
  db->reset();
  CHECK(str(call("ListTables", "{}")["TableNames"]) == "[]");
  create_inbox_like();  // the name is free again
}

TEST_CASE_FIXTURE(ApiFixture, "reset: returns to the state marked with mark_initial_state") {
  create_inbox_like();
  call(
      "PutItem",
      R"({"TableName":"inbox","Item":{"pk":{"S":"a"},"sk":{"S":"seed"},"gsi1pk":{"S":"g"},"gsi1sk":{"S":"1"}}})");
  db->mark_initial_state();
  call("PutItem", R"({"TableName":"inbox","Item":{"pk":{"S":"a"},"sk":{"S":"later"}}})");
  call("DeleteItem", R"({"TableName":"inbox","Key":{"pk":{"S":"a"},"sk":{"S":"seed"}}})");
  create_inbox_like("other");
  db->reset();
  CHECK(str(call("ListTables", "{}")["TableNames"]) == R"(["inbox"])");
  CHECK(call("Scan", R"({"TableName":"inbox"})")["Count"].GetInt() == 1);
  auto gsi = call(
      "Query",
      R"({"TableName":"inbox","IndexName":"GSI1","KeyConditionExpression":"gsi1pk = :g","ExpressionAttributeValues":{":g":{"S":"g"}}})");
  CHECK(gsi["Count"].GetInt() == 1);
}

TEST_CASE_FIXTURE(ApiFixture,
                  "snapshot and restore: a later write is undone, the snapshot is reusable") {
  create_inbox_like();
  call("PutItem", R"({"TableName":"inbox","Item":{"pk":{"S":"a"},"sk":{"S":"1"}}})");
  auto snap = db->snapshot();
  for (int round = 0; round < 2; ++round) {
    call("PutItem", R"({"TableName":"inbox","Item":{"pk":{"S":"a"},"sk":{"S":"2"}}})");
    db->restore(*snap);
    CHECK(call("Scan", R"({"TableName":"inbox"})")["Count"].GetInt() == 1);
  }
}

TEST_CASE_FIXTURE(ApiFixture, "snapshot: restores into another database") {
  create_inbox_like();
  call("PutItem", R"({"TableName":"inbox","Item":{"pk":{"S":"a"},"sk":{"S":"1"}}})");
  auto snap = db->snapshot();
  ApiFixture other;
  other.db->restore(*snap);
  CHECK(other.call("Scan", R"({"TableName":"inbox"})")["Count"].GetInt() == 1);
}

TEST_CASE_FIXTURE(ApiFixture,
                  "snapshot files: saved, restored, and a non-dynamini file is refused") {
  const std::string path = "/tmp/dynamini-snapshot-test.db";
  std::remove(path.c_str());
  create_inbox_like();
  call("PutItem", R"({"TableName":"inbox","Item":{"pk":{"S":"a"},"sk":{"S":"1"}}})");
  db->save_snapshot_file(path);
  db->reset();
  db->restore_snapshot_file(path);
  CHECK(call("Scan", R"({"TableName":"inbox"})")["Count"].GetInt() == 1);
  CHECK_THROWS_AS(db->restore_snapshot_file("/tmp/dynamini-not-a-snapshot.db"), std::runtime_error);
  CHECK(call("Scan", R"({"TableName":"inbox"})")["Count"].GetInt() == 1);
  std::remove(path.c_str());
  std::remove("/tmp/dynamini-not-a-snapshot.db");
}
