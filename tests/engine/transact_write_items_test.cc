#include <doctest/doctest.h>

#include <atomic>

#include "api_fixture.h"

namespace {

struct TxnFixture : ApiFixture {
  TxnFixture() {
    create_inbox_like("inbox");
    call("PutItem", R"J({"TableName":"inbox","Item":{"pk":{"S":"u"},"sk":{"S":"1"},"n":{"N":"1"},
      "gsi1pk":{"S":"g"},"gsi1sk":{"S":"1"}}})J");
  }
  std::string get(const char* sk) {
    auto r =
        call("GetItem", std::string(R"J({"TableName":"inbox","Key":{"pk":{"S":"u"},"sk":{"S":")J") +
                            sk + R"J("}}})J");
    return r.HasMember("Item") ? str(r["Item"]) : "";
  }
  int gsi_count() {
    auto r = call(
        "Query", R"J({"TableName":"inbox","IndexName":"GSI1","KeyConditionExpression":"gsi1pk = :g",
      "ExpressionAttributeValues":{":g":{"S":"g"}}})J");
    return r["Count"].GetInt();
  }
};

const char* kPutAndFailingCheck = R"J({"TransactItems":[
  {"Put":{"TableName":"inbox","Item":{"pk":{"S":"u"},"sk":{"S":"2"},"gsi1pk":{"S":"g"},"gsi1sk":{"S":"2"}}}},
  {"Delete":{"TableName":"inbox","Key":{"pk":{"S":"u"},"sk":{"S":"1"}}}},
  {"ConditionCheck":{"TableName":"inbox","Key":{"pk":{"S":"u"},"sk":{"S":"3"}},
    "ConditionExpression":"attribute_exists(pk)"}}]})J";

}  // namespace

TEST_CASE_FIXTURE(TxnFixture, "TransactWriteItems: put, update and delete apply together") {
  call("TransactWriteItems", R"J({"TransactItems":[
    {"Put":{"TableName":"inbox","Item":{"pk":{"S":"u"},"sk":{"S":"2"}}}},
    {"Update":{"TableName":"inbox","Key":{"pk":{"S":"u"},"sk":{"S":"1"}},"UpdateExpression":"SET n = n + :one",
      "ExpressionAttributeValues":{":one":{"N":"1"}}}}]})J");
  CHECK(get("2") == R"J({"pk":{"S":"u"},"sk":{"S":"2"}})J");
  CHECK(get("1").find(R"J("n":{"N":"2"})J") != std::string::npos);
}

TEST_CASE_FIXTURE(TxnFixture,
                  "TransactWriteItems: a transaction that fails half-way leaves nothing changed in "
                  "items and indexes") {
  auto e = fail("TransactWriteItems", kPutAndFailingCheck);
  CHECK(e.code == dynamini::ErrorCode::kTransactionCanceled);
  CHECK(get("2").empty());
  CHECK_FALSE(get("1").empty());
  CHECK(gsi_count() == 1);
}

TEST_CASE_FIXTURE(TxnFixture, "TransactWriteItems: cancellation lists reasons in request order") {
  auto e = fail("TransactWriteItems", kPutAndFailingCheck);
  CHECK(
      e.message ==
      "Transaction cancelled, please refer cancellation reasons for specific reasons [None, None, "
      "ConditionalCheckFailed]");
  CHECK(
      e.extra_members_json ==
      R"J("CancellationReasons":[{"Code":"None"},{"Code":"None"},{"Code":"ConditionalCheckFailed","Message":"The conditional request failed"}])J");
}

TEST_CASE_FIXTURE(TxnFixture, "TransactWriteItems: ALL_OLD puts the current item in the reason") {
  auto e = fail("TransactWriteItems", R"J({"TransactItems":[{"ConditionCheck":{"TableName":"inbox",
    "Key":{"pk":{"S":"u"},"sk":{"S":"1"}},"ConditionExpression":"n = :two",
    "ExpressionAttributeValues":{":two":{"N":"2"}},"ReturnValuesOnConditionCheckFailure":"ALL_OLD"}}]})J");
  CHECK(e.extra_members_json.find(R"J("Item":{"gsi1pk":{"S":"g"})J") != std::string::npos);
}

TEST_CASE_FIXTURE(TxnFixture, "TransactWriteItems: two actions on one item are rejected") {
  auto e = fail("TransactWriteItems", R"J({"TransactItems":[
    {"Put":{"TableName":"inbox","Item":{"pk":{"S":"u"},"sk":{"S":"1"}}}},
    {"Delete":{"TableName":"inbox","Key":{"pk":{"S":"u"},"sk":{"S":"1"}}}}]})J");
  CHECK(e.code == dynamini::ErrorCode::kValidation);
  CHECK(e.message == "Transaction request cannot include multiple operations on one item");
}

TEST_CASE_FIXTURE(TxnFixture,
                  "TransactWriteItems: an action with two operations is a ValidationException") {
  auto e = fail("TransactWriteItems", R"J({"TransactItems":[
    {"Put":{"TableName":"inbox","Item":{"pk":{"S":"u"},"sk":{"S":"1"}}},
     "Delete":{"TableName":"inbox","Key":{"pk":{"S":"u"},"sk":{"S":"1"}}}}]})J");
  CHECK(e.message == "TransactItems can only contain one of Check, Put, Update or Delete");
}

TEST_CASE_FIXTURE(TxnFixture, "TransactWriteItems: more than 100 actions are refused") {
  std::string items;
  for (int i = 0; i < 101; ++i) {
    items += std::string(i ? "," : "") +
             R"J({"Put":{"TableName":"inbox","Item":{"pk":{"S":"u"},"sk":{"S":"k)J" +
             std::to_string(i) + R"J("}}}})J";
  }
  auto e = fail("TransactWriteItems", R"J({"TransactItems":[)J" + items + "]}");
  CHECK(e.message.find("Member must have length less than or equal to 100") != std::string::npos);
}

TEST_CASE_FIXTURE(TxnFixture, "TransactWriteItems: 100 actions are accepted") {
  std::string items;
  for (int i = 0; i < 100; ++i) {
    items += std::string(i ? "," : "") +
             R"J({"Put":{"TableName":"inbox","Item":{"pk":{"S":"u"},"sk":{"S":"k)J" +
             std::to_string(i) + R"J("}}}})J";
  }
  call("TransactWriteItems", R"J({"TransactItems":[)J" + items + "]}");
  CHECK_FALSE(get("k99").empty());
}

TEST_CASE_FIXTURE(TxnFixture,
                  "TransactWriteItems: a bad key is a ValidationException, not a cancellation") {
  auto e = fail("TransactWriteItems", R"J({"TransactItems":[
    {"Delete":{"TableName":"inbox","Key":{"pk":{"S":"u"}}}}]})J");
  CHECK(e.code == dynamini::ErrorCode::kValidation);
}

TEST_CASE_FIXTURE(TxnFixture, "TransactWriteItems: an unknown table is ResourceNotFoundException") {
  auto e = fail("TransactWriteItems", R"J({"TransactItems":[
    {"Delete":{"TableName":"nope","Key":{"pk":{"S":"u"}}}}]})J");
  CHECK(e.code == dynamini::ErrorCode::kResourceNotFound);
}

TEST_CASE_FIXTURE(TxnFixture,
                  "TransactWriteItems: an update that cannot apply cancels with ValidationError") {
  auto e = fail("TransactWriteItems", R"J({"TransactItems":[
    {"Update":{"TableName":"inbox","Key":{"pk":{"S":"u"},"sk":{"S":"1"}},"UpdateExpression":"SET n = gsi1pk + :one",
      "ExpressionAttributeValues":{":one":{"N":"1"}}}}]})J");
  CHECK(e.code == dynamini::ErrorCode::kTransactionCanceled);
  CHECK(e.extra_members_json.find(R"J("Code":"ValidationError")J") != std::string::npos);
}

TEST_CASE_FIXTURE(TxnFixture, "TransactWriteItems: ConsumedCapacity doubles the write units") {
  auto r = call("TransactWriteItems", R"J({"ReturnConsumedCapacity":"INDEXES","TransactItems":[
    {"Put":{"TableName":"inbox","Item":{"pk":{"S":"u"},"sk":{"S":"2"},"gsi1pk":{"S":"g"},"gsi1sk":{"S":"2"}}}}]})J");
  CHECK(
      str(r["ConsumedCapacity"]) ==
      R"J([{"TableName":"inbox","CapacityUnits":4.0,"Table":{"CapacityUnits":2.0},"GlobalSecondaryIndexes":{"GSI1":{"CapacityUnits":2.0}}}])J");
}

TEST_CASE("TransactWriteItems: a retried ClientRequestToken writes once and answers the same") {
  std::atomic<int64_t> now{1'000'000};
  auto db = dynamini::Database::open({.clock_ms = [&] { return now.load(); }});
  db->execute(
      "CreateTable",
      R"J({"TableName":"tok_table","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST"})J");
  const std::string request =
      R"J({"ClientRequestToken":"tok","TransactItems":[{"Update":{"TableName":"tok_table",
    "Key":{"pk":{"S":"a"}},"UpdateExpression":"ADD n :one","ExpressionAttributeValues":{":one":{"N":"1"}}}}]})J";
  REQUIRE(db->execute("TransactWriteItems", request).ok());
  REQUIRE(db->execute("TransactWriteItems", request).ok());
  CHECK(db->execute("GetItem", R"J({"TableName":"tok_table","Key":{"pk":{"S":"a"}}})J")
            .body.find(R"J("n":{"N":"1"})J") != std::string::npos);
  now += 11 * 60 * 1000;  // the token expired: a new write
  REQUIRE(db->execute("TransactWriteItems", request).ok());
  CHECK(db->execute("GetItem", R"J({"TableName":"tok_table","Key":{"pk":{"S":"a"}}})J")
            .body.find(R"J("n":{"N":"2"})J") != std::string::npos);
}

TEST_CASE(
    "TransactWriteItems: the same token with another request is IdempotentParameterMismatch") {
  auto db = dynamini::Database::open();
  db->execute(
      "CreateTable",
      R"J({"TableName":"tok_table","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST"})J");
  REQUIRE(
      db->execute(
            "TransactWriteItems",
            R"J({"ClientRequestToken":"tok","TransactItems":[{"Put":{"TableName":"tok_table","Item":{"pk":{"S":"a"}}}}]})J")
          .ok());
  auto r = db->execute(
      "TransactWriteItems",
      R"J({"ClientRequestToken":"tok","TransactItems":[{"Put":{"TableName":"tok_table","Item":{"pk":{"S":"b"}}}}]})J");
  REQUIRE_FALSE(r.ok());
  CHECK(r.error->code == dynamini::ErrorCode::kIdempotentParameterMismatch);
}
