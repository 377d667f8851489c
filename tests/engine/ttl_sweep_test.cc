// Time to Live: UpdateTimeToLive, DescribeTimeToLive and the sweep of expired
// items (injected clock, the five-year rule, index rows, stream records).

#include <chrono>
#include <string>
#include <thread>

#include "streams_fixture.h"

namespace {

// now = 1700000000 s (fixture clock)
std::string item(const std::string& pk, const std::string& ttl_value, const char* type = "N") {
  return R"({"TableName":"tbl","Item":{"pk":{"S":")" + pk + R"("},"sk":{"S":"x"},"g":{"S":"G"},
    "expires":{")" +
         type + R"(":")" + ttl_value + R"("}}})";
}

}  // namespace

TEST_CASE_FIXTURE(StreamsFixture,
                  "TTL: DescribeTimeToLive is DISABLED until UpdateTimeToLive enables it") {
  create_table("tbl", "");
  auto d = call("DescribeTimeToLive", R"({"TableName":"tbl"})");
  CHECK(str(d) == R"({"TimeToLiveDescription":{"TimeToLiveStatus":"DISABLED"}})");
  auto u = call(
      "UpdateTimeToLive",
      R"({"TableName":"tbl","TimeToLiveSpecification":{"Enabled":true,"AttributeName":"expires"}})");
  CHECK(str(u) == R"({"TimeToLiveSpecification":{"Enabled":true,"AttributeName":"expires"}})");
  d = call("DescribeTimeToLive", R"({"TableName":"tbl"})");
  CHECK(str(d) ==
        R"({"TimeToLiveDescription":{"TimeToLiveStatus":"ENABLED","AttributeName":"expires"}})");
}

TEST_CASE_FIXTURE(StreamsFixture, "TTL: enabling twice is 'TimeToLive is already enabled'") {
  create_table("tbl", "");
  const char* req =
      R"({"TableName":"tbl","TimeToLiveSpecification":{"Enabled":true,"AttributeName":"expires"}})";
  call("UpdateTimeToLive", req);
  auto e = fail("UpdateTimeToLive", req);
  CHECK(e.code == dynamini::ErrorCode::kValidation);
  CHECK(e.message == "TimeToLive is already enabled");
}

TEST_CASE_FIXTURE(StreamsFixture,
                  "TTL: disabling when disabled is 'TimeToLive is already disabled'") {
  create_table("tbl", "");
  auto e = fail(
      "UpdateTimeToLive",
      R"({"TableName":"tbl","TimeToLiveSpecification":{"Enabled":false,"AttributeName":"expires"}})");
  CHECK(e.message == "TimeToLive is already disabled");
}

TEST_CASE_FIXTURE(StreamsFixture,
                  "TTL: a missing AttributeName is a shape error before the table lookup") {
  auto e = fail("UpdateTimeToLive",
                R"({"TableName":"nope","TimeToLiveSpecification":{"Enabled":true}})");
  CHECK(e.message ==
        "1 validation error detected: Value null at 'timeToLiveSpecification.attributeName' "
        "failed to satisfy constraint: Member must not be null");
}

TEST_CASE_FIXTURE(StreamsFixture, "TTL: an unknown table is ResourceNotFoundException") {
  auto e = fail(
      "UpdateTimeToLive",
      R"({"TableName":"nope","TimeToLiveSpecification":{"Enabled":true,"AttributeName":"e"}})");
  CHECK(e.code == dynamini::ErrorCode::kResourceNotFound);
  CHECK(fail("DescribeTimeToLive", R"({"TableName":"nope"})").code ==
        dynamini::ErrorCode::kResourceNotFound);
}

TEST_CASE_FIXTURE(StreamsFixture,
                  "TTL: the sweep deletes only numbers in the past and within five years") {
  create_table("tbl", "");
  call(
      "UpdateTimeToLive",
      R"({"TableName":"tbl","TimeToLiveSpecification":{"Enabled":true,"AttributeName":"expires"}})");
  call("PutItem", item("past", "1699999999"));
  call("PutItem", item("future", "1700000001"));
  call("PutItem", item("ancient", "1500000000"));  // more than five years ago: kept
  call("PutItem", item("string", "1", "S"));       // not a number: kept
  call("PutItem", R"({"TableName":"tbl","Item":{"pk":{"S":"none"},"sk":{"S":"x"}}})");
  CHECK(db->sweep_expired_items() == 1);
  auto scan = call("Scan", R"({"TableName":"tbl","Select":"COUNT"})");
  CHECK(scan["Count"].GetInt() == 4);
  CHECK(call("GetItem", R"({"TableName":"tbl","Key":{"pk":{"S":"past"},"sk":{"S":"x"}}})")
            .HasMember("Item") == false);
}

TEST_CASE_FIXTURE(StreamsFixture, "TTL: items expire as the injected clock moves") {
  create_table("tbl", "");
  call(
      "UpdateTimeToLive",
      R"({"TableName":"tbl","TimeToLiveSpecification":{"Enabled":true,"AttributeName":"expires"}})");
  call("PutItem", item("soon", "1700000060"));
  CHECK(db->sweep_expired_items() == 0);
  advance_ms(61 * 1000);
  CHECK(db->sweep_expired_items() == 1);
}

TEST_CASE_FIXTURE(StreamsFixture, "TTL: a table with TTL disabled is never swept") {
  create_table("tbl", "");
  call("PutItem", item("past", "1699999999"));
  CHECK(db->sweep_expired_items() == 0);
}

TEST_CASE_FIXTURE(StreamsFixture, "TTL: a swept item leaves its index rows too") {
  create_table("tbl", "");
  call(
      "UpdateTimeToLive",
      R"({"TableName":"tbl","TimeToLiveSpecification":{"Enabled":true,"AttributeName":"expires"}})");
  call("PutItem", item("past", "1699999999"));
  CHECK(call("Query", R"({"TableName":"tbl","IndexName":"byG","KeyConditionExpression":"g = :g",
    "ExpressionAttributeValues":{":g":{"S":"G"}}})")["Count"]
            .GetInt() == 1);
  db->sweep_expired_items();
  CHECK(call("Query", R"({"TableName":"tbl","IndexName":"byG","KeyConditionExpression":"g = :g",
    "ExpressionAttributeValues":{":g":{"S":"G"}}})")["Count"]
            .GetInt() == 0);
}

TEST_CASE_FIXTURE(StreamsFixture,
                  "TTL: a swept item writes a REMOVE record with the service userIdentity") {
  create_table("tbl", "NEW_AND_OLD_IMAGES");
  call(
      "UpdateTimeToLive",
      R"({"TableName":"tbl","TimeToLiveSpecification":{"Enabled":true,"AttributeName":"expires"}})");
  call("PutItem", item("past", "1699999999"));
  db->sweep_expired_items();
  auto r = records("tbl");
  REQUIRE(r["Records"].Size() == 2);
  const auto& rec = r["Records"][1];
  CHECK(std::string(rec["eventName"].GetString()) == "REMOVE");
  CHECK(str(rec["userIdentity"]) == R"({"PrincipalId":"dynamodb.amazonaws.com","Type":"Service"})");
  CHECK(rec["dynamodb"].HasMember("OldImage"));
}

TEST_CASE("TTL: the background sweeper deletes expired items on its own") {
  dynamini::Options options;
  options.ttl_sweep_interval_ms = 10;
  auto db = dynamini::Database::open(options);
  auto ok = [&](const char* op, const std::string& body) { REQUIRE(db->execute(op, body).ok()); };
  ok("CreateTable", R"({"TableName":"tbl","BillingMode":"PAY_PER_REQUEST",
    "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}]})");
  ok("UpdateTimeToLive",
     R"({"TableName":"tbl","TimeToLiveSpecification":{"Enabled":true,"AttributeName":"e"}})");
  ok("PutItem", R"({"TableName":"tbl","Item":{"pk":{"S":"a"},"e":{"N":"1000000000"}}})");
  // 1000000000 is more than five years ago: kept. An item expiring now is not.
  std::string now = std::to_string(db->now_ms() / 1000 - 1);
  ok("PutItem", R"({"TableName":"tbl","Item":{"pk":{"S":"b"},"e":{"N":")" + now + R"("}}})");
  bool gone = false;
  for (int i = 0; i < 500 && !gone; ++i) {
    auto r = db->execute("GetItem", R"({"TableName":"tbl","Key":{"pk":{"S":"b"}}})");
    gone = r.body.find("Item") == std::string::npos;
    if (!gone) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  CHECK(gone);
  CHECK(db->execute("GetItem", R"({"TableName":"tbl","Key":{"pk":{"S":"a"}}})").body.find("Item") !=
        std::string::npos);
}

TEST_CASE("TTL: the background sweeper goes through a large table over several intervals") {
  // Each interval reads at most 2,000 items of a table (BackgroundSweeper::kItemsPerStep), then
  // resumes after the last one read: expired items past the first 2,000 go too.
  dynamini::Options options;
  options.ttl_sweep_interval_ms = 10;
  auto db = dynamini::Database::open(options);
  auto ok = [&](const char* op, const std::string& body) { REQUIRE(db->execute(op, body).ok()); };
  ok("CreateTable", R"({"TableName":"tbl","BillingMode":"PAY_PER_REQUEST",
    "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}]})");
  const std::string past = std::to_string(db->now_ms() / 1000 - 1);
  const std::string future = std::to_string(db->now_ms() / 1000 + 3600);
  constexpr int kItems = 5000;
  for (int i = 0; i < kItems; ++i) {
    // Every 100th item has expired.
    ok("PutItem", R"({"TableName":"tbl","Item":{"pk":{"S":"k)" + std::to_string(i) +
                      R"("},"e":{"N":")" + (i % 100 == 0 ? past : future) + R"("}}})");
  }
  ok("UpdateTimeToLive",
     R"({"TableName":"tbl","TimeToLiveSpecification":{"Enabled":true,"AttributeName":"e"}})");
  int count = kItems;
  for (int i = 0; i < 500 && count != kItems - kItems / 100; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    auto r = db->execute("Scan", R"({"TableName":"tbl","Select":"COUNT"})");
    REQUIRE(r.ok());
    count = std::stoi(r.body.substr(r.body.find("\"Count\":") + 8));
  }
  CHECK(count == kItems - kItems / 100);
}
