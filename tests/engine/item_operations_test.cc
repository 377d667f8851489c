#include "api_fixture.h"

namespace {
const char* kKey = R"~("Key":{"pk":{"S":"USER#u1"},"sk":{"S":"#INBOX"}})~";
}

TEST_CASE_FIXTURE(ApiFixture, "PutItem then GetItem returns the item; missing item returns {}") {
  create_inbox_like();
  call(
      "PutItem",
      R"~({"TableName":"inbox","Item":{"pk":{"S":"USER#u1"},"sk":{"S":"#INBOX"},"unreadCount":{"N":"2"}}})~");
  auto got = call("GetItem", std::string(R"~({"TableName":"inbox",)~") + kKey + "}");
  CHECK(str(got["Item"]["unreadCount"]) == R"~({"N":"2"})~");
  auto missing =
      call("GetItem", R"~({"TableName":"inbox","Key":{"pk":{"S":"x"},"sk":{"S":"y"}}})~");
  CHECK_FALSE(missing.HasMember("Item"));
}

TEST_CASE_FIXTURE(ApiFixture, "PutItem: ReturnValues ALL_OLD returns the replaced item") {
  create_inbox_like();
  call("PutItem",
       R"~({"TableName":"inbox","Item":{"pk":{"S":"a"},"sk":{"S":"b"},"v":{"N":"1"}}})~");
  auto put = call(
      "PutItem",
      R"~({"TableName":"inbox","Item":{"pk":{"S":"a"},"sk":{"S":"b"},"v":{"N":"2"}},"ReturnValues":"ALL_OLD"})~");
  CHECK(str(put["Attributes"]["v"]) == R"~({"N":"1"})~");
}

TEST_CASE_FIXTURE(ApiFixture, "PutItem: a failed condition changes nothing") {
  create_inbox_like();
  call("PutItem",
       R"~({"TableName":"inbox","Item":{"pk":{"S":"a"},"sk":{"S":"b"},"v":{"N":"1"}}})~");
  auto error = fail(
      "PutItem",
      R"~({"TableName":"inbox","Item":{"pk":{"S":"a"},"sk":{"S":"b"},"v":{"N":"2"}},"ConditionExpression":"attribute_not_exists(pk)"})~");
  CHECK(std::string(error.name()) == "ConditionalCheckFailedException");
  CHECK(error.message == "The conditional request failed");
  auto got = call("GetItem", R"~({"TableName":"inbox","Key":{"pk":{"S":"a"},"sk":{"S":"b"}}})~");
  CHECK(str(got["Item"]["v"]) == R"~({"N":"1"})~");
}

TEST_CASE_FIXTURE(ApiFixture, "PutItem: key validation uses DynamoDB's messages") {
  create_inbox_like();
  CHECK(fail("PutItem", R"~({"TableName":"inbox","Item":{"pk":{"S":"a"}}})~").message ==
        "One or more parameter values were invalid: Missing the key sk in the item");
  CHECK(
      fail("PutItem", R"~({"TableName":"inbox","Item":{"pk":{"N":"1"},"sk":{"S":"b"}}})~")
          .message ==
      "One or more parameter values were invalid: Type mismatch for key pk expected: S actual: N");
  CHECK(
      fail("PutItem", R"~({"TableName":"inbox","Item":{"pk":{"S":""},"sk":{"S":"b"}}})~").message ==
      "One or more parameter values are not valid. The AttributeValue for a key attribute cannot "
      "contain an empty string value. Key: pk");
  CHECK(fail("PutItem",
             R"~({"TableName":"inbox","Item":{"pk":{"S":"a"},"sk":{"S":"b"},"gsi1pk":{"N":"1"}}})~")
            .message ==
        "One or more parameter values were invalid: Type mismatch for Index Key gsi1pk Expected: S "
        "Actual: N IndexName: GSI1");
  CHECK(std::string(
            fail("PutItem", R"~({"TableName":"nope","Item":{"pk":{"S":"a"},"sk":{"S":"b"}}})~")
                .name()) == "ResourceNotFoundException");
}

TEST_CASE_FIXTURE(ApiFixture, "PutItem: an item over 400 KB is rejected") {
  create_inbox_like();
  std::string big(400 * 1024, 'x');
  auto error = fail(
      "PutItem", R"~({"TableName":"inbox","Item":{"pk":{"S":"a"},"sk":{"S":"b"},"blob":{"S":")~" +
                     big + R"~("}}})~");
  CHECK(error.message == "Item size has exceeded the maximum allowed size");
}

TEST_CASE_FIXTURE(
    ApiFixture,
    "UpdateItem: ADD to a missing counter creates it; conditional decrement stops at zero") {
  create_inbox_like();
  call(
      "UpdateItem",
      std::string(R"~({"TableName":"inbox",)~") + kKey +
          R"~(,"UpdateExpression":"ADD unreadCount :one","ExpressionAttributeValues":{":one":{"N":"1"}}})~");
  const std::string dec =
      std::string(R"~({"TableName":"inbox",)~") + kKey +
      R"~(,"UpdateExpression":"ADD unreadCount :dec","ConditionExpression":"unreadCount > :zero",
         "ExpressionAttributeValues":{":dec":{"N":"-1"},":zero":{"N":"0"}},"ReturnValues":"UPDATED_NEW"})~";
  auto first = call("UpdateItem", dec);
  CHECK(str(first["Attributes"]) == R"~({"unreadCount":{"N":"0"}})~");
  CHECK(std::string(fail("UpdateItem", dec).name()) == "ConditionalCheckFailedException");
}

TEST_CASE_FIXTURE(ApiFixture,
                  "UpdateItem: REMOVE of the GSI keys takes the item out of the sparse index") {
  create_inbox_like();
  call(
      "PutItem",
      R"~({"TableName":"inbox","Item":{"pk":{"S":"USER#u"},"sk":{"S":"NOTIF#1"},"gsi1pk":{"S":"UNREAD#u"},"gsi1sk":{"S":"NOTIF#1"}}})~");
  const char* unread =
      R"~({"TableName":"inbox","IndexName":"GSI1","KeyConditionExpression":"gsi1pk = :p","ExpressionAttributeValues":{":p":{"S":"UNREAD#u"}}})~";
  CHECK(call("Query", unread)["Count"].GetInt() == 1);
  call(
      "UpdateItem",
      R"~({"TableName":"inbox","Key":{"pk":{"S":"USER#u"},"sk":{"S":"NOTIF#1"}},"UpdateExpression":"REMOVE gsi1pk, gsi1sk SET #r = :t","ExpressionAttributeNames":{"#r":"read"},"ExpressionAttributeValues":{":t":{"BOOL":true}}})~");
  CHECK(call("Query", unread)["Count"].GetInt() == 0);
}

TEST_CASE_FIXTURE(ApiFixture, "UpdateItem: key attributes cannot be updated") {
  create_inbox_like();
  auto error = fail(
      "UpdateItem",
      std::string(R"~({"TableName":"inbox",)~") + kKey +
          R"~(,"UpdateExpression":"SET sk = :v","ExpressionAttributeValues":{":v":{"S":"x"}}})~");
  CHECK(error.message ==
        "One or more parameter values were invalid: Cannot update attribute sk. This attribute is "
        "part of the key");
}

TEST_CASE_FIXTURE(ApiFixture, "UpdateItem: UPDATED_OLD and ALL_NEW") {
  create_inbox_like();
  call(
      "PutItem",
      R"~({"TableName":"inbox","Item":{"pk":{"S":"USER#u1"},"sk":{"S":"#INBOX"},"a":{"N":"1"},"b":{"S":"keep"}}})~");
  auto old = call(
      "UpdateItem",
      std::string(R"~({"TableName":"inbox",)~") + kKey +
          R"~(,"UpdateExpression":"SET a = a + :v","ExpressionAttributeValues":{":v":{"N":"0.5"}},"ReturnValues":"UPDATED_OLD"})~");
  CHECK(str(old["Attributes"]) == R"~({"a":{"N":"1"}})~");
  auto all =
      call("UpdateItem", std::string(R"~({"TableName":"inbox",)~") + kKey +
                             R"~(,"UpdateExpression":"REMOVE b","ReturnValues":"ALL_NEW"})~");
  CHECK(str(all["Attributes"]) ==
        R"~({"a":{"N":"1.5"},"pk":{"S":"USER#u1"},"sk":{"S":"#INBOX"}})~");
}

TEST_CASE_FIXTURE(ApiFixture, "DeleteItem: condition and ALL_OLD") {
  create_inbox_like();
  call("PutItem",
       R"~({"TableName":"inbox","Item":{"pk":{"S":"a"},"sk":{"S":"b"},"v":{"N":"1"}}})~");
  CHECK(
      std::string(
          fail(
              "DeleteItem",
              R"~({"TableName":"inbox","Key":{"pk":{"S":"a"},"sk":{"S":"b"}},"ConditionExpression":"v = :two","ExpressionAttributeValues":{":two":{"N":"2"}}})~")
              .name()) == "ConditionalCheckFailedException");
  auto deleted = call(
      "DeleteItem",
      R"~({"TableName":"inbox","Key":{"pk":{"S":"a"},"sk":{"S":"b"}},"ReturnValues":"ALL_OLD"})~");
  CHECK(str(deleted["Attributes"]["v"]) == R"~({"N":"1"})~");
  CHECK_FALSE(call("GetItem", R"~({"TableName":"inbox","Key":{"pk":{"S":"a"},"sk":{"S":"b"}}})~")
                  .HasMember("Item"));
}

TEST_CASE_FIXTURE(ApiFixture, "GetItem: a key that does not match the schema is rejected") {
  create_inbox_like();
  CHECK(fail("GetItem", R"~({"TableName":"inbox","Key":{"pk":{"S":"a"}}})~").message ==
        "The provided key element does not match the schema");
}

TEST_CASE_FIXTURE(ApiFixture, "Unused expression attribute values are rejected") {
  create_inbox_like();
  auto error = fail(
      "DeleteItem",
      R"~({"TableName":"inbox","Key":{"pk":{"S":"a"},"sk":{"S":"b"}},"ConditionExpression":"attribute_exists(a)","ExpressionAttributeValues":{":x":{"S":"1"}}})~");
  CHECK(error.message ==
        "Value provided in ExpressionAttributeValues unused in expressions: keys: {:x}");
}

TEST_CASE_FIXTURE(
    ApiFixture,
    "PutItem: a value nested 100000 levels deep is a ValidationException, not a stack overflow") {
  create_inbox_like();
  std::string deep = R"~({"S":"leaf"})~";
  std::string value;
  for (int i = 0; i < 100000; ++i) value += R"~({"L":[)~";
  value += deep;
  for (int i = 0; i < 100000; ++i) value += "]}";
  auto error =
      fail("PutItem", R"~({"TableName":"inbox","Item":{"pk":{"S":"a"},"sk":{"S":"b"},"deep":)~" +
                          value + "}}");
  CHECK(std::string(error.name()) == "ValidationException");
  CHECK(error.message ==
        "1 validation error detected: Nesting Levels have exceeded supported limits: Attributes in "
        "the item have nested levels beyond supported limit");
}
