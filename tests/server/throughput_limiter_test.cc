// Provisioned throughput enforced (faults/throughput_limiter.h), on a clock
// the test moves: the table's bucket and a partition's, refill at the
// provisioned rate up to the burst, what a refused call answers (with
// DynamoDB's ThrottlingReasons), and that on-demand tables are never limited.

#include "faults/throughput_limiter.h"

#include <doctest/doctest.h>

#include <memory>
#include <optional>
#include <string>

#include "dynamini/database.h"

namespace dynamini::faults {
namespace {

constexpr const char* kProvisioned =
    R"("ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":WCU})";

std::unique_ptr<Database> db_with_table(const std::string& capacity) {
  auto db = Database::open();
  auto r = db->execute("CreateTable", R"({"TableName":"tbl",)" + capacity + R"(,
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}]})");
  REQUIRE_MESSAGE(r.ok(), (r.ok() ? "" : r.error->message));
  return db;
}

std::string provisioned(int write_units) {
  std::string text = kProvisioned;
  return text.replace(text.find("WCU"), 3, std::to_string(write_units));
}

// What a PutItem or GetItem of partition key `pk` in table tbl names (the
// engine's reading of the request: engine_tests' call_targets_test.cc).
CallTargets item_of_tbl(const std::string& pk) {
  return CallTargets{.tables = {"tbl"}, .items = {{"tbl", pk}}};
}

// A limiter on a clock the test sets, and PutItems/GetItems through it.
struct Fixture {
  std::unique_ptr<Database> db;
  int64_t now_ms = 1000;
  ThroughputLimiter limiter;

  Fixture(const std::string& capacity, int64_t burst_s)
      : db(db_with_table(capacity)), limiter(burst_s, [this] { return now_ms; }) {}

  // Admitted (and charged `units`), or the error a refused call answers.
  std::optional<ApiError> put(const std::string& pk, double units = 1) {
    const CallTargets targets = item_of_tbl(pk);
    auto refused = limiter.admit(*db, "PutItem", targets);
    if (!refused) {
      api::ConsumedCapacity c;
      c.table_name = "tbl";
      c.capacity_units = c.write_capacity_units = units;
      limiter.charge(*db, "PutItem", targets, {c});
    }
    return refused;
  }
  std::optional<ApiError> get(const std::string& pk) {
    return limiter.admit(*db, "GetItem", item_of_tbl(pk));
  }
};

std::string table_arn(Database& db) {
  auto described = db.execute("DescribeTable", R"({"TableName":"tbl"})");
  const std::string key = R"("TableArn":")";
  const size_t start = described.body.find(key) + key.size();
  return described.body.substr(start, described.body.find('"', start) - start);
}

TEST_CASE("throughput: the table's bucket empties, refuses, and refills at the provisioned rate") {
  Fixture f(provisioned(2), /*burst_s=*/1);
  CHECK_FALSE(f.put("a"));
  CHECK_FALSE(f.put("b"));
  auto refused = f.put("c");
  REQUIRE(refused);
  CHECK(refused->code == ErrorCode::kProvisionedThroughputExceeded);
  CHECK(refused->http_status() == 400);
  CHECK(refused->extra_members_json ==
        R"("ThrottlingReasons":[{"reason":"TableWriteProvisionedThroughputExceeded","resource":")" +
            table_arn(*f.db) + R"("}])");
  CHECK_FALSE(f.get("a"));  // reads have their own bucket
  f.now_ms += 400;          // 0.8 units: still less than one
  CHECK(f.put("c"));
  f.now_ms += 100;  // 1 unit
  CHECK_FALSE(f.put("c"));
  CHECK(f.put("d"));
}

TEST_CASE("throughput: unused capacity is kept up to the burst, no more") {
  Fixture f(provisioned(2), /*burst_s=*/3);
  f.now_ms += 60000;  // a minute idle: still only 3 s x 2 units
  for (int i = 0; i < 6; ++i) CHECK_FALSE(f.put("k" + std::to_string(i)));
  CHECK(f.put("k6"));
}

TEST_CASE("throughput: one partition is limited to 1,000 write units a second") {
  Fixture f(provisioned(4000), /*burst_s=*/1);
  CHECK_FALSE(f.put("hot", 1000));  // the partition's whole second
  auto refused = f.put("hot");
  REQUIRE(refused);
  CHECK(refused->extra_members_json.find(R"("reason":"TableWriteKeyRangeThroughputExceeded")") !=
        std::string::npos);
  CHECK_FALSE(f.put("cold"));  // the table still has 3,000 units
}

TEST_CASE("throughput: an UpdateTable through the server applies the new rate at once") {
  Fixture f(provisioned(1), /*burst_s=*/1);
  CHECK_FALSE(f.put("a"));
  CHECK(f.put("b"));
  const std::string update =
      R"({"TableName":"tbl","ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":100}})";
  REQUIRE(f.db->execute("UpdateTable", update).ok());
  f.now_ms += 100;    // 0.1 unit at the old rate
  CHECK(f.put("b"));  // updated behind the server's back: the old rate is still cached
  CHECK_FALSE(f.limiter.admit(*f.db, "UpdateTable", CallTargets{.tables = {"tbl"}}));
  f.now_ms += 20;  // 0.02 unit at the old rate, 2 at the new one
  CHECK_FALSE(f.put("b"));
}

TEST_CASE("throughput: on-demand tables are never limited") {
  Fixture f(R"("BillingMode":"PAY_PER_REQUEST")", /*burst_s=*/1);
  for (int i = 0; i < 50; ++i) CHECK_FALSE(f.put("k", 100));
}

}  // namespace
}  // namespace dynamini::faults
