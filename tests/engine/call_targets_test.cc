// ExecuteOptions::admit: what the engine reads a request to name, and a
// refusal that stops the call before it runs.

#include <doctest/doctest.h>

#include <optional>
#include <string>

#include "api_fixture.h"

namespace {

using dynamini::ApiError;
using dynamini::CallTargets;
using dynamini::ErrorCode;
using dynamini::ExecuteOptions;

struct TargetsFixture : ApiFixture {
  TargetsFixture() {
    call("CreateTable", R"({"TableName":"tbl","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
        "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
        "BillingMode":"PAY_PER_REQUEST"})");
    call("CreateTable", R"({"TableName":"bin","KeySchema":[{"AttributeName":"id","KeyType":"HASH"}],
        "AttributeDefinitions":[{"AttributeName":"id","AttributeType":"B"}],
        "BillingMode":"PAY_PER_REQUEST"})");
  }

  // The targets admit() saw for `op`, which it lets run.
  CallTargets targets(const char* op, const std::string& json) {
    std::optional<CallTargets> seen;
    std::string seen_op;
    ExecuteOptions options;
    options.admit = [&](std::string_view name, const CallTargets& t) -> std::optional<ApiError> {
      seen_op = name;
      seen = t;
      return std::nullopt;
    };
    auto result = db->execute(op, json, options);
    REQUIRE_MESSAGE(result.ok(), (result.error ? result.error->message : std::string()));
    REQUIRE(seen.has_value());
    CHECK(seen_op == op);
    CHECK(result.targets.items.size() == seen->items.size());
    return *seen;
  }
};

TEST_CASE_FIXTURE(TargetsFixture, "admit: a single-item call names its table and partition key") {
  CallTargets t =
      targets("PutItem", R"({"TableName":"tbl","Item":{"pk":{"S":"USER#1"},"n":{"N":"1"}}})");
  CHECK(t.tables == std::vector<std::string>{"tbl"});
  REQUIRE(t.items.size() == 1);
  CHECK(t.items[0].table == "tbl");
  CHECK(t.items[0].partition_key == "USER#1");
  CHECK_FALSE(t.transaction);
}

TEST_CASE_FIXTURE(TargetsFixture, "admit: a table named by its ARN is named by its name") {
  CallTargets t = targets(
      "GetItem",
      R"({"TableName":"arn:aws:dynamodb:us-east-1:000000000000:table/tbl","Key":{"pk":{"S":"a"}}})");
  CHECK(t.tables == std::vector<std::string>{"tbl"});
  CHECK(t.items[0].partition_key == "a");
}

TEST_CASE_FIXTURE(TargetsFixture, "admit: a binary partition key is given in base64") {
  CallTargets t = targets("PutItem", R"({"TableName":"bin","Item":{"id":{"B":"AAEC"}}})");
  CHECK(t.items[0].partition_key == "AAEC");
}

TEST_CASE_FIXTURE(TargetsFixture, "admit: batches name every key in request order") {
  CallTargets t = targets("BatchWriteItem", R"({"RequestItems":{
      "tbl":[{"PutRequest":{"Item":{"pk":{"S":"p1"}}}},{"DeleteRequest":{"Key":{"pk":{"S":"p2"}}}}],
      "bin":[{"PutRequest":{"Item":{"id":{"B":"AQ=="}}}}]}})");
  CHECK(t.tables == std::vector<std::string>{"bin", "tbl"});  // RequestItems is a map
  REQUIRE(t.items.size() == 3);
  CHECK(t.items[0].partition_key == "AQ==");
  CHECK(t.items[1].partition_key == "p1");
  CHECK(t.items[2].partition_key == "p2");
}

TEST_CASE_FIXTURE(TargetsFixture, "admit: a transaction names one item per action") {
  CallTargets t = targets("TransactWriteItems", R"J({"TransactItems":[
      {"Put":{"TableName":"tbl","Item":{"pk":{"S":"x"}}}},
      {"Update":{"TableName":"tbl","Key":{"pk":{"S":"y"}},"UpdateExpression":"SET v = :v",
                 "ExpressionAttributeValues":{":v":{"N":"1"}}}},
      {"ConditionCheck":{"TableName":"bin","Key":{"id":{"B":"AA=="}},
                         "ConditionExpression":"attribute_not_exists(id)"}}]})J");
  CHECK(t.transaction);
  CHECK(t.transaction_items == 3);
  REQUIRE(t.items.size() == 3);
  CHECK(t.items[0].partition_key == "x");
  CHECK(t.items[1].partition_key == "y");
  CHECK(t.items[2].table == "bin");
  CHECK(t.tables == std::vector<std::string>{"tbl", "bin"});
}

TEST_CASE_FIXTURE(TargetsFixture, "admit: a missing table is named without a partition key") {
  ExecuteOptions options;
  std::optional<CallTargets> seen;
  options.admit = [&](std::string_view, const CallTargets& t) -> std::optional<ApiError> {
    seen = t;
    return std::nullopt;
  };
  auto result = db->execute("GetItem", R"({"TableName":"nope","Key":{"pk":{"S":"a"}}})", options);
  CHECK(result.error->code == ErrorCode::kResourceNotFound);
  REQUIRE(seen.has_value());
  CHECK(seen->items[0].table == "nope");
  CHECK(seen->items[0].partition_key.empty());
}

TEST_CASE_FIXTURE(TargetsFixture, "admit: a refusal is the answer and nothing is written") {
  ExecuteOptions options;
  options.admit = [](std::string_view, const CallTargets&) -> std::optional<ApiError> {
    return ApiError{ErrorCode::kValidation, "refused by the host", {}};
  };
  auto refused = db->execute("PutItem", R"({"TableName":"tbl","Item":{"pk":{"S":"k"}}})", options);
  REQUIRE(refused.error.has_value());
  CHECK(refused.error->message == "refused by the host");
  CHECK(refused.targets.items.size() == 1);
  auto got = db->execute("GetItem", R"({"TableName":"tbl","Key":{"pk":{"S":"k"}}})");
  CHECK(got.body == "{}");
}

TEST_CASE_FIXTURE(TargetsFixture, "admit: a request that fails its checks is not asked about") {
  bool asked = false;
  ExecuteOptions options;
  options.admit = [&](std::string_view, const CallTargets&) -> std::optional<ApiError> {
    asked = true;
    return std::nullopt;
  };
  auto result = db->execute("PutItem", R"({"TableName":"tbl"})", options);
  CHECK(result.error->code == ErrorCode::kValidation);
  CHECK_FALSE(asked);
}

}  // namespace
