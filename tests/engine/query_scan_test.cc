#include <set>

#include "api_fixture.h"

namespace {
void fill(ApiFixture& f, int n) {
  for (int i = 0; i < n; ++i) {
    char sk[32];
    snprintf(sk, sizeof sk, "NOTIF#%03d", i);
    std::string extra =
        i % 2 ? R"~(,"gsi1pk":{"S":"UNREAD#u"},"gsi1sk":{"S":")~" + std::string(sk) + R"~("})~"
              : "";
    f.call("PutItem",
           std::string(R"~({"TableName":"inbox","Item":{"pk":{"S":"USER#u"},"sk":{"S":")~") + sk +
               R"~("},"n":{"N":")~" + std::to_string(i) + R"~("})~" + extra + "}}");
  }
  f.call("PutItem", R"~({"TableName":"inbox","Item":{"pk":{"S":"USER#u"},"sk":{"S":"#INBOX"}}})~");
}
}  // namespace

TEST_CASE_FIXTURE(ApiFixture, "Query: 100 notifications page 20 at a time, newest first, no gaps") {
  create_inbox_like();
  fill(*this, 100);
  std::string start;
  std::vector<std::string> seen;
  int pages = 0;
  for (;;) {
    std::string req =
        R"~({"TableName":"inbox","KeyConditionExpression":"pk = :p AND begins_with(sk, :n)",
      "ExpressionAttributeValues":{":p":{"S":"USER#u"},":n":{"S":"NOTIF#"}},"ScanIndexForward":false,"Limit":20)~";
    if (!start.empty()) req += R"~(,"ExclusiveStartKey":)~" + start;
    auto page = call("Query", req + "}");
    ++pages;
    for (const auto& item : page["Items"].GetArray()) seen.push_back(item["sk"]["S"].GetString());
    if (!page.HasMember("LastEvaluatedKey")) break;
    start = str(page["LastEvaluatedKey"]);
    REQUIRE(pages < 10);
  }
  REQUIRE(seen.size() == 100);
  for (size_t i = 0; i + 1 < seen.size(); ++i) CHECK(seen[i] > seen[i + 1]);
  CHECK(pages == 6);  // five full pages, then the empty page DynamoDB returns after Limit was hit
}

TEST_CASE_FIXTURE(ApiFixture, "Query: Limit counts evaluated items before the filter") {
  create_inbox_like();
  fill(*this, 10);
  auto page = call(
      "Query", R"~({"TableName":"inbox","KeyConditionExpression":"pk = :p AND begins_with(sk, :n)",
    "FilterExpression":"n > :five","Limit":4,
    "ExpressionAttributeValues":{":p":{"S":"USER#u"},":n":{"S":"NOTIF#"},":five":{"N":"5"}}})~");
  CHECK(page["Count"].GetInt() == 0);
  CHECK(page["ScannedCount"].GetInt() == 4);
  CHECK(page.HasMember("LastEvaluatedKey"));
}

TEST_CASE_FIXTURE(ApiFixture,
                  "Query: the sparse GSI holds only items with both index keys; its "
                  "LastEvaluatedKey carries table and index keys") {
  create_inbox_like();
  fill(*this, 10);
  auto page = call(
      "Query", R"~({"TableName":"inbox","IndexName":"GSI1","KeyConditionExpression":"gsi1pk = :p",
    "ExpressionAttributeValues":{":p":{"S":"UNREAD#u"}},"Limit":3})~");
  CHECK(page["Count"].GetInt() == 3);
  CHECK(
      str(page["LastEvaluatedKey"]) ==
      R"~({"gsi1pk":{"S":"UNREAD#u"},"gsi1sk":{"S":"NOTIF#005"},"pk":{"S":"USER#u"},"sk":{"S":"NOTIF#005"}})~");
  auto rest = call(
      "Query", R"~({"TableName":"inbox","IndexName":"GSI1","KeyConditionExpression":"gsi1pk = :p",
    "ExpressionAttributeValues":{":p":{"S":"UNREAD#u"}},"ExclusiveStartKey":)~" +
                   str(page["LastEvaluatedKey"]) + "}");
  CHECK(rest["Count"].GetInt() == 2);
  CHECK_FALSE(rest.HasMember("LastEvaluatedKey"));
}

TEST_CASE_FIXTURE(ApiFixture, "Query: numeric sort keys order by value, negatives included") {
  call("CreateTable", R"~({"TableName":"nums","BillingMode":"PAY_PER_REQUEST",
    "AttributeDefinitions":[{"AttributeName":"h","AttributeType":"S"},{"AttributeName":"r","AttributeType":"N"}],
    "KeySchema":[{"AttributeName":"h","KeyType":"HASH"},{"AttributeName":"r","KeyType":"RANGE"}]})~");
  for (const char* n : {"10", "2", "-3", "-20", "0", "2.5", "-0.5"}) {
    call("PutItem", std::string(R"~({"TableName":"nums","Item":{"h":{"S":"x"},"r":{"N":")~") + n +
                        R"~("}}})~");
  }
  auto all = call(
      "Query",
      R"~({"TableName":"nums","KeyConditionExpression":"h = :h","ExpressionAttributeValues":{":h":{"S":"x"}}})~");
  std::string order;
  for (const auto& item : all["Items"].GetArray())
    order += std::string(item["r"]["N"].GetString()) + " ";
  CHECK(order == "-20 -3 -0.5 0 2 2.5 10 ");
  auto between = call(
      "Query", R"~({"TableName":"nums","KeyConditionExpression":"h = :h AND r BETWEEN :a AND :b",
    "ExpressionAttributeValues":{":h":{"S":"x"},":a":{"N":"-3"},":b":{"N":"2"}}})~");
  CHECK(between["Count"].GetInt() == 4);
}

TEST_CASE_FIXTURE(ApiFixture, "Query: Select COUNT returns counts without items") {
  create_inbox_like();
  fill(*this, 5);
  auto page = call(
      "Query",
      R"~({"TableName":"inbox","KeyConditionExpression":"pk = :p","Select":"COUNT","ExpressionAttributeValues":{":p":{"S":"USER#u"}}})~");
  CHECK(page["Count"].GetInt() == 6);
  CHECK_FALSE(page.HasMember("Items"));
}

TEST_CASE_FIXTURE(ApiFixture, "Query: key condition errors") {
  create_inbox_like();
  CHECK(
      fail(
          "Query",
          R"~({"TableName":"inbox","KeyConditionExpression":"sk = :p","ExpressionAttributeValues":{":p":{"S":"x"}}})~")
          .message == "Query condition missed key schema element: pk");
  CHECK(
      fail(
          "Query",
          R"~({"TableName":"inbox","IndexName":"nope","KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"S":"x"}}})~")
          .message == "The table does not have the specified index: nope");
  CHECK(
      fail(
          "Query",
          R"~({"TableName":"inbox","KeyConditionExpression":"pk = :p","ExpressionAttributeValues":{":p":{"N":"1"}}})~")
          .message ==
      "One or more parameter values were invalid: Condition parameter type does not match schema "
      "type");
}

TEST_CASE_FIXTURE(ApiFixture, "Scan: parallel segments cover every item exactly once") {
  create_inbox_like();
  for (int u = 0; u < 30; ++u) {
    call("PutItem", R"~({"TableName":"inbox","Item":{"pk":{"S":"USER#)~" + std::to_string(u) +
                        R"~("},"sk":{"S":"x"}}})~");
  }
  std::multiset<std::string> seen;
  for (int s = 0; s < 4; ++s) {
    auto page = call("Scan", R"~({"TableName":"inbox","Segment":)~" + std::to_string(s) +
                                 R"~(,"TotalSegments":4})~");
    for (const auto& item : page["Items"].GetArray()) seen.insert(item["pk"]["S"].GetString());
  }
  CHECK(seen.size() == 30);
  CHECK(std::set<std::string>(seen.begin(), seen.end()).size() == 30);
}

TEST_CASE_FIXTURE(ApiFixture, "Scan: paging with Limit visits every item once") {
  create_inbox_like();
  fill(*this, 25);
  std::string start;
  int total = 0;
  for (int i = 0; i < 20; ++i) {
    std::string req = R"~({"TableName":"inbox","Limit":7)~";
    if (!start.empty()) req += R"~(,"ExclusiveStartKey":)~" + start;
    auto page = call("Scan", req + "}");
    total += page["Count"].GetInt();
    if (!page.HasMember("LastEvaluatedKey")) break;
    start = str(page["LastEvaluatedKey"]);
  }
  CHECK(total == 26);
}

TEST_CASE_FIXTURE(ApiFixture, "BatchWriteItem writes all or nothing; BatchGetItem reads them") {
  create_inbox_like();
  auto error = fail("BatchWriteItem", R"~({"RequestItems":{"inbox":[
    {"PutRequest":{"Item":{"pk":{"S":"a"},"sk":{"S":"1"}}}},
    {"PutRequest":{"Item":{"pk":{"S":"a"}}}}]}})~");
  CHECK(std::string(error.name()) == "ValidationException");
  CHECK(call("Scan", R"~({"TableName":"inbox"})~")["Count"].GetInt() == 0);
  call("BatchWriteItem", R"~({"RequestItems":{"inbox":[
    {"PutRequest":{"Item":{"pk":{"S":"a"},"sk":{"S":"1"}}}},
    {"PutRequest":{"Item":{"pk":{"S":"a"},"sk":{"S":"2"}}}}]}})~");
  auto got = call("BatchGetItem", R"~({"RequestItems":{"inbox":{"Keys":[
    {"pk":{"S":"a"},"sk":{"S":"1"}},{"pk":{"S":"a"},"sk":{"S":"2"}},{"pk":{"S":"a"},"sk":{"S":"3"}}]}}})~");
  CHECK(got["Responses"]["inbox"].Size() == 2);
  CHECK(fail("BatchWriteItem", R"~({"RequestItems":{"inbox":[
    {"DeleteRequest":{"Key":{"pk":{"S":"a"},"sk":{"S":"1"}}}},
    {"DeleteRequest":{"Key":{"pk":{"S":"a"},"sk":{"S":"1"}}}}]}})~")
            .message == "Provided list of item keys contains duplicates");
}

TEST_CASE_FIXTURE(ApiFixture, "ReturnConsumedCapacity TOTAL reports units") {
  create_inbox_like();
  auto put = call(
      "PutItem",
      R"~({"TableName":"inbox","Item":{"pk":{"S":"a"},"sk":{"S":"1"}},"ReturnConsumedCapacity":"TOTAL"})~");
  CHECK(put["ConsumedCapacity"]["CapacityUnits"].GetDouble() == 1.0);
  auto get = call(
      "GetItem",
      R"~({"TableName":"inbox","Key":{"pk":{"S":"a"},"sk":{"S":"1"}},"ReturnConsumedCapacity":"TOTAL"})~");
  CHECK(get["ConsumedCapacity"]["CapacityUnits"].GetDouble() == 0.5);
}
