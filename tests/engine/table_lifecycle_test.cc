// Transient table statuses (context/table_lifecycle.h): with delays set, a
// table is CREATING, UPDATING (a new index CREATING and Backfilling) and
// DELETING for a while, measured by the injected clock, and answers
// DynamoDB's errors meanwhile; without delays (the default) it is ACTIVE at
// once.

#include <doctest/doctest.h>
#include <rapidjson/document.h>

#include <atomic>
#include <memory>
#include <string>

#include "dynamini/database.h"

namespace {

struct Clocked {
  std::shared_ptr<std::atomic<int64_t>> now = std::make_shared<std::atomic<int64_t>>(1'000'000);
  std::unique_ptr<dynamini::Database> db;

  explicit Clocked(dynamini::TransientDelays delays) {
    dynamini::Options options;
    options.clock_ms = [now = now] { return now->load(); };
    options.transient_delays = delays;
    options.ttl_sweep_interval_ms = 0;
    db = dynamini::Database::open(options);
  }

  rapidjson::Document ok(const char* op, const std::string& json) {
    auto r = db->execute(op, json);
    INFO(op << ": " << (r.ok() ? r.body : r.error->message));
    REQUIRE(r.ok());
    rapidjson::Document doc;
    doc.Parse(r.body.c_str());
    return doc;
  }
  dynamini::ApiError error(const char* op, const std::string& json) {
    auto r = db->execute(op, json);
    INFO(op << ": " << r.body);
    REQUIRE(!r.ok());
    return *r.error;
  }
  std::string status(const char* table = "ttt") {
    auto d = ok("DescribeTable", std::string(R"({"TableName":")") + table + R"("})");
    return d["Table"]["TableStatus"].GetString();
  }
  void create(const char* table = "ttt") {
    ok("CreateTable", std::string(R"({"TableName":")") + table + R"(",
        "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
        "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST"})");
  }
};

const char* kPut = R"({"TableName":"ttt","Item":{"pk":{"S":"a"},"g":{"S":"x"}}})";
const char* kAddIndex = R"({"TableName":"ttt",
  "AttributeDefinitions":[{"AttributeName":"g","AttributeType":"S"}],
  "GlobalSecondaryIndexUpdates":[{"Create":{"IndexName":"byG",
    "KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"}}}]})";
const char* kQueryIndex = R"({"TableName":"ttt","IndexName":"byG",
  "KeyConditionExpression":"g = :g","ExpressionAttributeValues":{":g":{"S":"x"}}})";

}  // namespace

TEST_CASE("Lifecycle: without delays a table is ACTIVE at once (the default)") {
  Clocked c({});
  c.create();
  CHECK(c.status() == "ACTIVE");
  c.ok("PutItem", kPut);
  c.ok("UpdateTable", kAddIndex);
  CHECK(c.ok("Query", kQueryIndex)["Count"].GetInt() == 1);
  c.ok("DeleteTable", R"({"TableName":"ttt"})");
  CHECK(c.error("DescribeTable", R"({"TableName":"ttt"})").code ==
        dynamini::ErrorCode::kResourceNotFound);
}

TEST_CASE("Lifecycle: CREATING until create_table_ms has passed, then ACTIVE") {
  Clocked c({.create_table_ms = 500});
  c.create();
  CHECK(c.status() == "CREATING");
  auto listed = c.ok("ListTables", "{}");
  CHECK(std::string(listed["TableNames"][0].GetString()) == "ttt");
  // Item operations do not find a table that is not ACTIVE (dynalite db/index.js).
  auto e = c.error("PutItem", kPut);
  CHECK(e.code == dynamini::ErrorCode::kResourceNotFound);
  CHECK(e.message == "Requested resource not found");
  // Changes are ResourceInUseException (ack-api-quirks DDB-TABLE-001, -005).
  const std::string in_use =
      "Attempt to change a resource which is still in use: Table is being created: ttt";
  CHECK(c.error("DeleteTable", R"({"TableName":"ttt"})").message == in_use);
  CHECK(c.error("UpdateTable", R"({"TableName":"ttt","DeletionProtectionEnabled":true})").message ==
        in_use);
  auto again = c.error("CreateTable", R"({"TableName":"ttt",
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST"})");
  CHECK(again.code == dynamini::ErrorCode::kResourceInUse);
  CHECK(again.message == in_use);
  CHECK(c.error("DescribeTimeToLive", R"({"TableName":"ttt"})").message ==
        "Cannot describe time to live while table is in CREATING state: Current table state is "
        "CREATING");
  CHECK(c.error("ListTagsOfResource",
                R"({"ResourceArn":"arn:aws:dynamodb:us-east-1:000000000000:table/ttt"})")
            .code == dynamini::ErrorCode::kResourceNotFound);
  *c.now += 499;
  CHECK(c.status() == "CREATING");
  *c.now += 1;
  CHECK(c.status() == "ACTIVE");
  c.ok("PutItem", kPut);
}

TEST_CASE("Lifecycle: a new index is CREATING and Backfilling, and cannot be read meanwhile") {
  Clocked c({.update_table_ms = 1000});
  c.create();
  c.ok("PutItem", kPut);
  auto updated = c.ok("UpdateTable", kAddIndex);
  CHECK(std::string(updated["TableDescription"]["TableStatus"].GetString()) == "UPDATING");
  auto d = c.ok("DescribeTable", R"({"TableName":"ttt"})");
  CHECK(std::string(d["Table"]["TableStatus"].GetString()) == "UPDATING");
  const auto& gsi = d["Table"]["GlobalSecondaryIndexes"][0];
  CHECK(std::string(gsi["IndexStatus"].GetString()) == "CREATING");
  CHECK(gsi["Backfilling"].GetBool());
  auto e = c.error("Query", kQueryIndex);
  CHECK(e.code == dynamini::ErrorCode::kValidation);
  CHECK(e.message == "Cannot read from backfilling global secondary index: byG");
  CHECK(c.error("Scan", R"({"TableName":"ttt","IndexName":"byG"})").message ==
        "Cannot read from backfilling global secondary index: byG");
  // PartiQL reads the index through Query and Scan: the same refusal.
  CHECK(
      c.error("ExecuteStatement", R"({"Statement":"SELECT * FROM \"ttt\".\"byG\" WHERE g = 'x'"})")
          .message == "Cannot read from backfilling global secondary index: byG");
  // The table serves its items, and refuses other changes, while UPDATING.
  CHECK(c.ok("Scan", R"({"TableName":"ttt"})")["Count"].GetInt() == 1);
  CHECK(c.error("DeleteTable", R"({"TableName":"ttt"})").message ==
        "Attempt to change a resource which is still in use: Table is being updated: ttt");
  *c.now += 1000;
  d = c.ok("DescribeTable", R"({"TableName":"ttt"})");
  CHECK(std::string(d["Table"]["TableStatus"].GetString()) == "ACTIVE");
  CHECK(std::string(d["Table"]["GlobalSecondaryIndexes"][0]["IndexStatus"].GetString()) ==
        "ACTIVE");
  CHECK(!d["Table"]["GlobalSecondaryIndexes"][0].HasMember("Backfilling"));
  CHECK(c.ok("Query", kQueryIndex)["Count"].GetInt() == 1);
}

TEST_CASE("Lifecycle: a new vector index is CREATING, and refuses SearchVectors meanwhile") {
  Clocked c({.update_table_ms = 1000});
  c.create();
  c.ok("PutItem", R"({"TableName":"ttt","Item":{"pk":{"S":"a"},"v":{"L":[{"N":"1"},{"N":"2"}]}}})");
  c.ok("UpdateTable", R"({"TableName":"ttt","VectorIndexUpdates":[{"Create":{
    "IndexName":"vix","VectorAttribute":{"AttributeName":"v"},"Dimensions":2,
    "DistanceFunction":"EUCLIDEAN","Projection":{"ProjectionType":"ALL"}}}]})");
  auto d = c.ok("DescribeTable", R"({"TableName":"ttt"})");
  CHECK(std::string(d["Table"]["TableStatus"].GetString()) == "UPDATING");
  CHECK(std::string(d["Table"]["VectorIndexes"][0]["IndexStatus"].GetString()) == "CREATING");
  const std::string search = R"({"TableName":"ttt","IndexName":"vix",
    "SearchVector":[{"N":"1"},{"N":"2"}],"TopK":5})";
  auto e = c.error("SearchVectors", search);
  CHECK(e.code == dynamini::ErrorCode::kValidation);
  CHECK(e.message == "Cannot search backfilling vector index: vix");
  // A vector of the wrong dimension gets the same answer: the index is not
  // searched at all while it backfills.
  CHECK(c.error("SearchVectors", R"({"TableName":"ttt","IndexName":"vix",
    "SearchVector":[{"N":"1"}],"TopK":5})")
            .message == "Cannot search backfilling vector index: vix");
  *c.now += 1000;
  d = c.ok("DescribeTable", R"({"TableName":"ttt"})");
  CHECK(std::string(d["Table"]["VectorIndexes"][0]["IndexStatus"].GetString()) == "ACTIVE");
  CHECK(c.ok("SearchVectors", search)["SearchResults"].Size() == 1);
}

TEST_CASE("Lifecycle: DELETING is described and listed until delete_table_ms has passed") {
  Clocked c({.delete_table_ms = 300});
  c.create();
  c.ok("PutItem", kPut);
  c.ok("DeleteTable", R"({"TableName":"ttt"})");
  auto d = c.ok("DescribeTable", R"({"TableName":"ttt"})");
  CHECK(std::string(d["Table"]["TableStatus"].GetString()) == "DELETING");
  CHECK(d["Table"]["ItemCount"].GetInt() == 1);
  CHECK(c.ok("ListTables", "{}")["TableNames"].Size() == 1);
  CHECK(c.error("GetItem", R"({"TableName":"ttt","Key":{"pk":{"S":"a"}}})").code ==
        dynamini::ErrorCode::kResourceNotFound);
  // ack-api-quirks DDB-TABLE-008 and -005.
  CHECK(c.error("DeleteTable", R"({"TableName":"ttt"})").message ==
        "Attempt to change a resource which is still in use: Table is being deleted: ttt");
  auto again = c.error("CreateTable", R"({"TableName":"ttt",
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST"})");
  CHECK(again.message == "Table already exists: ttt");
  *c.now += 300;
  CHECK(c.error("DescribeTable", R"({"TableName":"ttt"})").message ==
        "Requested resource not found: Table: ttt not found");
  CHECK(c.ok("ListTables", "{}")["TableNames"].Size() == 0);
  // The name is free again, and the new table starts empty.
  c.create();
  CHECK(c.ok("Scan", R"({"TableName":"ttt"})")["Count"].GetInt() == 0);
}

TEST_CASE("Lifecycle: set_transient_delays applies to the changes made after it") {
  Clocked c({});
  c.create("before");
  c.db->set_transient_delays({.create_table_ms = 100});
  c.create("after");
  CHECK(c.status("before") == "ACTIVE");
  CHECK(c.status("after") == "CREATING");
  // A restore (reset) forgets every window.
  c.db->reset();
  CHECK(c.ok("ListTables", "{}")["TableNames"].Size() == 0);
}
