// The CreateTable request `dynamini copy` sends for a DescribeTable answer.

#include "cli/table_copy.h"

#include <doctest/doctest.h>
#include <rapidjson/document.h>

namespace dynamini::cli {
namespace {

rapidjson::Document create_for(const char* description) {
  rapidjson::Document doc;
  doc.Parse(create_table_request(description).c_str());
  REQUIRE(doc.IsObject());
  return doc;
}

TEST_CASE("copy: an on-demand table with a GSI and a stream keeps them, without counters") {
  auto request = create_for(R"({"Table":{"TableName":"inbox","TableStatus":"ACTIVE","ItemCount":4,
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
      "BillingModeSummary":{"BillingMode":"PAY_PER_REQUEST"},
      "ProvisionedThroughput":{"ReadCapacityUnits":0,"WriteCapacityUnits":0,"NumberOfDecreasesToday":0},
      "GlobalSecondaryIndexes":[{"IndexName":"GSI1","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],
        "Projection":{"ProjectionType":"ALL"},"IndexStatus":"ACTIVE","ItemCount":2,"IndexArn":"arn:x"}],
      "StreamSpecification":{"StreamEnabled":true,"StreamViewType":"NEW_AND_OLD_IMAGES"},
      "LatestStreamArn":"arn:y"}})");
  CHECK(std::string(request["TableName"].GetString()) == "inbox");
  CHECK(std::string(request["BillingMode"].GetString()) == "PAY_PER_REQUEST");
  CHECK_FALSE(request.HasMember("ProvisionedThroughput"));
  CHECK_FALSE(request.HasMember("ItemCount"));
  const auto& gsi = request["GlobalSecondaryIndexes"][0];
  CHECK(gsi.MemberCount() == 3);  // IndexName, KeySchema, Projection
  CHECK_FALSE(gsi.HasMember("ProvisionedThroughput"));
  CHECK(std::string(request["StreamSpecification"]["StreamViewType"].GetString()) ==
        "NEW_AND_OLD_IMAGES");
}

TEST_CASE("copy: a provisioned table keeps its throughput, an LSI its projection") {
  auto request = create_for(R"({"Table":{"TableName":"t",
      "KeySchema":[{"AttributeName":"id","KeyType":"HASH"}],"AttributeDefinitions":[],
      "ProvisionedThroughput":{"ReadCapacityUnits":7,"WriteCapacityUnits":3,"NumberOfDecreasesToday":0},
      "LocalSecondaryIndexes":[{"IndexName":"l","KeySchema":[],"Projection":{"ProjectionType":"INCLUDE",
        "NonKeyAttributes":["m"]},"IndexSizeBytes":0}],
      "GlobalSecondaryIndexes":[{"IndexName":"g","KeySchema":[],"Projection":{"ProjectionType":"KEYS_ONLY"},
        "ProvisionedThroughput":{"ReadCapacityUnits":2,"WriteCapacityUnits":0}}],
      "StreamSpecification":{"StreamEnabled":false}}})");
  CHECK(std::string(request["BillingMode"].GetString()) == "PROVISIONED");
  CHECK(request["ProvisionedThroughput"]["ReadCapacityUnits"].GetInt() == 7);
  CHECK(request["ProvisionedThroughput"]["WriteCapacityUnits"].GetInt() == 3);
  CHECK_FALSE(request["ProvisionedThroughput"].HasMember("NumberOfDecreasesToday"));
  CHECK(
      request["GlobalSecondaryIndexes"][0]["ProvisionedThroughput"]["ReadCapacityUnits"].GetInt() ==
      2);
  // CreateTable needs at least 1 unit.
  CHECK(request["GlobalSecondaryIndexes"][0]["ProvisionedThroughput"]["WriteCapacityUnits"]
            .GetInt() == 1);
  CHECK(std::string(
            request["LocalSecondaryIndexes"][0]["Projection"]["NonKeyAttributes"][0].GetString()) ==
        "m");
  CHECK_FALSE(request["LocalSecondaryIndexes"][0].HasMember("IndexSizeBytes"));
  CHECK_FALSE(request.HasMember("StreamSpecification"));
}

}  // namespace
}  // namespace dynamini::cli
