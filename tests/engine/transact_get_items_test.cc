#include <doctest/doctest.h>

#include "api_fixture.h"

TEST_CASE_FIXTURE(ApiFixture,
                  "TransactGetItems: answers in request order with {} for a missing item") {
  create_inbox_like("inbox");
  call(
      "PutItem",
      R"({"TableName":"inbox","Item":{"pk":{"S":"u"},"sk":{"S":"1"},"a":{"S":"x"},"b":{"S":"y"}}})");
  auto r = call("TransactGetItems", R"({"TransactItems":[
    {"Get":{"TableName":"inbox","Key":{"pk":{"S":"u"},"sk":{"S":"9"}}}},
    {"Get":{"TableName":"inbox","Key":{"pk":{"S":"u"},"sk":{"S":"1"}},"ProjectionExpression":"#a",
      "ExpressionAttributeNames":{"#a":"a"}}}]})");
  CHECK(str(r["Responses"]) == R"([{},{"Item":{"a":{"S":"x"}}}])");
}

TEST_CASE_FIXTURE(ApiFixture,
                  "TransactGetItems: ConsumedCapacity is two read units per 4 KB item") {
  create_inbox_like("inbox");
  call("PutItem", R"({"TableName":"inbox","Item":{"pk":{"S":"u"},"sk":{"S":"1"}}})");
  auto r = call("TransactGetItems", R"({"ReturnConsumedCapacity":"TOTAL","TransactItems":[
    {"Get":{"TableName":"inbox","Key":{"pk":{"S":"u"},"sk":{"S":"1"}}}},
    {"Get":{"TableName":"inbox","Key":{"pk":{"S":"u"},"sk":{"S":"2"}}}}]})");
  CHECK(str(r["ConsumedCapacity"]) == R"([{"TableName":"inbox","CapacityUnits":4.0}])");
}

TEST_CASE_FIXTURE(ApiFixture, "TransactGetItems: an empty list is a validation error") {
  auto e = fail("TransactGetItems", R"({"TransactItems":[]})");
  CHECK(e.message.find("Member must have length greater than or equal to 1") != std::string::npos);
}
