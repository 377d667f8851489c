// Guards the per-thread cache of parsed expression syntax
// (engine/expressions/internal/expressions/syntax_cache.h): a repeated expression must answer as
// a fresh parse would, resolved against each request's own names and values,
// and a syntax error must be reported every time, not only the first.

#include <string>

#include "api_fixture.h"

TEST_CASE_FIXTURE(ApiFixture,
                  "Syntax cache: the same expressions with other names and values act on those") {
  create_inbox_like();
  call("PutItem", R"({"TableName":"inbox","Item":{"pk":{"S":"u"},"sk":{"S":"#INBOX"},
      "a":{"N":"1"},"b":{"N":"10"}}})");
  auto update = [&](const char* name, const char* by, const char* floor) {
    return std::string(R"({"TableName":"inbox","Key":{"pk":{"S":"u"},"sk":{"S":"#INBOX"}},
        "UpdateExpression":"ADD #n :by","ConditionExpression":"#n >= :floor",
        "ProjectionExpression":"#n","ReturnValues":"UPDATED_NEW",
        "ExpressionAttributeNames":{"#n":")") +
           name + R"("},"ExpressionAttributeValues":{":by":{"N":")" + by + R"("},":floor":{"N":")" +
           floor + R"("}}})";
  };
  CHECK(str(call("UpdateItem", update("a", "5", "0"))["Attributes"]) == R"({"a":{"N":"6"}})");
  CHECK(str(call("UpdateItem", update("b", "-3", "10"))["Attributes"]) == R"({"b":{"N":"7"}})");
  // Same text again; this time the condition is false for the values given.
  auto error = fail("UpdateItem", update("a", "1", "100"));
  CHECK(error.message == "The conditional request failed");
  auto item = call("GetItem", R"({"TableName":"inbox","Key":{"pk":{"S":"u"},"sk":{"S":"#INBOX"}},
      "ProjectionExpression":"#x, #y","ExpressionAttributeNames":{"#x":"a","#y":"b"}})");
  CHECK(str(item["Item"]) == R"({"a":{"N":"6"},"b":{"N":"7"}})");
  // A cached expression still checks the request's own substitutions.
  error = fail("UpdateItem",
               std::string(R"({"TableName":"inbox","Key":{"pk":{"S":"u"},"sk":{"S":"#INBOX"}},
      "UpdateExpression":"ADD #n :by","ConditionExpression":"#n >= :floor",
      "ExpressionAttributeNames":{"#n":"a"},"ExpressionAttributeValues":{":by":{"N":"1"}}})"));
  CHECK(error.message ==
        "1 validation error detected: Invalid ConditionExpression: An expression attribute value "
        "used in expression is not defined; attribute value: :floor");
}

TEST_CASE_FIXTURE(ApiFixture, "Syntax cache: a syntax error is reported on every request") {
  create_inbox_like();
  const std::string request = R"({"TableName":"inbox","Key":{"pk":{"S":"u"},"sk":{"S":"s"}},
      "UpdateExpression":"SET a = :v","ConditionExpression":"a >",
      "ExpressionAttributeValues":{":v":{"N":"1"}}})";
  const std::string first = fail("UpdateItem", request).message;
  CHECK(first.rfind("1 validation error detected: Invalid ConditionExpression: Syntax error;", 0) ==
        0);
  CHECK(fail("UpdateItem", request).message == first);
}
