// DynamoDB's validation messages fixed in the fidelity sweep (dynalite's
// test/*.js record them from DynamoDB), one behaviour per test case.

#include <string>

#include "api_fixture.h"

namespace {

struct MessagesFixture : ApiFixture {
  MessagesFixture() {
    call("CreateTable", R"({"TableName":"msg",
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
        {"AttributeName":"sk","AttributeType":"S"},{"AttributeName":"g","AttributeType":"S"},
        {"AttributeName":"l","AttributeType":"S"}],
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
      "GlobalSecondaryIndexes":[{"IndexName":"gsi","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],
        "Projection":{"ProjectionType":"INCLUDE","NonKeyAttributes":["kept"]}}],
      "LocalSecondaryIndexes":[{"IndexName":"lsi","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},
        {"AttributeName":"l","KeyType":"RANGE"}],"Projection":{"ProjectionType":"KEYS_ONLY"}}],
      "BillingMode":"PAY_PER_REQUEST"})");
  }
  std::string message(const char* op, const std::string& body) { return fail(op, body).message; }
};

// PutItem and UpdateItem send the request-validation family under this
// prefix, the other operations bare (RequestCheckError).
const std::string kEnvelope = "1 validation error detected: ";
const char kValuesPrefix[] =
    "ExpressionAttributeValues can only be specified when using expressions: ";

}  // namespace

TEST_CASE_FIXTURE(MessagesFixture, "Messages: Scan values without FilterExpression name it") {
  CHECK(message("Scan", R"({"TableName":"msg","ExpressionAttributeValues":{":a":{"S":"x"}}})") ==
        std::string(kValuesPrefix) + "FilterExpression is null");
}

TEST_CASE_FIXTURE(MessagesFixture, "Messages: Query values without expressions name both") {
  CHECK(message("Query", R"({"TableName":"msg","KeyConditions":{"pk":{"ComparisonOperator":"EQ",
    "AttributeValueList":[{"S":"x"}]}},"ExpressionAttributeValues":{":a":{"S":"x"}}})") ==
        std::string(kValuesPrefix) + "FilterExpression and KeyConditionExpression are null");
}

TEST_CASE_FIXTURE(MessagesFixture, "Messages: UpdateItem values without expressions name both") {
  CHECK(message("UpdateItem", R"({"TableName":"msg","Key":{"pk":{"S":"a"},"sk":{"S":"b"}},
    "ExpressionAttributeValues":{":a":{"S":"x"}}})") ==
        kEnvelope + std::string(kValuesPrefix) +
            "UpdateExpression and ConditionExpression are null");
}

// PutItem and DeleteItem end the sentence at "expressions" (paritysuite/dynamodb-conformance
// tests/tier3/error-messages/putItem.test.ts and deleteItem.test.ts, eu-west-2 and us-east-1,
// 2026-10-09).
TEST_CASE_FIXTURE(MessagesFixture, "Messages: PutItem values without ConditionExpression") {
  CHECK(message("PutItem", R"({"TableName":"msg","Item":{"pk":{"S":"a"},"sk":{"S":"b"}},
    "ExpressionAttributeValues":{":a":{"S":"x"}}})") ==
        kEnvelope + "ExpressionAttributeValues can only be specified when using expressions");
}

TEST_CASE_FIXTURE(MessagesFixture, "Messages: DeleteItem values without ConditionExpression") {
  CHECK(message("DeleteItem", R"({"TableName":"msg","Key":{"pk":{"S":"a"},"sk":{"S":"b"}},
    "ExpressionAttributeValues":{":a":{"S":"x"}}})") ==
        kEnvelope + "ExpressionAttributeValues can only be specified when using expressions");
}

TEST_CASE_FIXTURE(MessagesFixture, "Messages: names without any expression keep the short form") {
  CHECK(message("PutItem", R"({"TableName":"msg","Item":{"pk":{"S":"a"},"sk":{"S":"b"}},
    "ExpressionAttributeNames":{"#a":"a"}})") ==
        kEnvelope + "ExpressionAttributeNames can only be specified when using expressions");
}

TEST_CASE_FIXTURE(MessagesFixture,
                  "Messages: BatchWriteItem with no tables is a length constraint") {
  // The newer of the two texts regions answer (paritysuite/dynamodb-conformance
  // tests/tier3/error-messages/batchWriteItem.test.ts).
  CHECK(message("BatchWriteItem", R"({"RequestItems":{}})") ==
        "1 validation error detected: Value at 'RequestItems' failed to satisfy constraint: "
        "Member must have length greater than or equal to 1");
}

TEST_CASE_FIXTURE(MessagesFixture, "Messages: BatchGetItem with no tables is a length constraint") {
  // (paritysuite/dynamodb-conformance tests/tier3/error-messages/batchGetItem.test.ts, every region
  // but me-central-1 by 2026-09-02).
  CHECK(message("BatchGetItem", R"({"RequestItems":{}})") ==
        "1 validation error detected: Value at 'RequestItems' failed to satisfy constraint: "
        "Member must have length greater than or equal to 1");
}

TEST_CASE_FIXTURE(MessagesFixture, "Messages: BatchGetItem with no keys for a table") {
  CHECK(message("BatchGetItem", R"({"RequestItems":{"msg":{"Keys":[]}}})") ==
        "1 validation error detected: Value at 'RequestItems.msg.member.Keys' failed to "
        "satisfy constraint: Member must have length greater than or equal to 1");
}

TEST_CASE_FIXTURE(MessagesFixture, "Messages: BatchGetItem with over 100 keys for one table") {
  std::string keys;
  for (int i = 0; i < 101; ++i) {
    keys += std::string(i ? "," : "") + R"({"pk":{"S":"k)" + std::to_string(i) +
            R"("},"sk":{"S":"s"}})";
  }
  CHECK(message("BatchGetItem", R"({"RequestItems":{"msg":{"Keys":[)" + keys + "]}}}") ==
        "1 validation error detected: Value at 'RequestItems.msg.member.Keys' failed to satisfy "
        "constraint: Member must have length less than or equal to 100");
}

TEST_CASE_FIXTURE(MessagesFixture,
                  "Messages: CreateTable key attribute names are at most 255 bytes") {
  std::string name(256, 'k');
  auto m =
      message("CreateTable", R"({"TableName":"longkey","AttributeDefinitions":[
    {"AttributeName":")" + name + R"(","AttributeType":"S"}],"KeySchema":[{"AttributeName":")" +
                                 name + R"(","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST"})");
  CHECK(m.find("at 'keySchema.1.member.attributeName' failed to satisfy constraint: Member must "
               "have length less than or equal to 255") != std::string::npos);
  CHECK(m.find("at 'attributeDefinitions.1.member.attributeName' failed to satisfy constraint: "
               "Member must have length less than or equal to 255") != std::string::npos);
}

TEST_CASE_FIXTURE(MessagesFixture, "Messages: a GSI cannot project an attribute it does not hold") {
  CHECK(message("Query", R"({"TableName":"msg","IndexName":"gsi","KeyConditionExpression":"g = :g",
    "ExpressionAttributeValues":{":g":{"S":"x"}},"ProjectionExpression":"kept, extra, pk"})") ==
        "One or more parameter values were invalid: Global secondary index gsi does not project "
        "[extra]");
}

TEST_CASE_FIXTURE(MessagesFixture, "Messages: a GSI projection of held attributes is served") {
  call("PutItem", R"({"TableName":"msg","Item":{"pk":{"S":"a"},"sk":{"S":"b"},"g":{"S":"x"},
    "kept":{"N":"1"},"extra":{"N":"2"}}})");
  auto r =
      call("Scan", R"({"TableName":"msg","IndexName":"gsi","ProjectionExpression":"kept, pk"})");
  CHECK(str(r["Items"]) == R"([{"kept":{"N":"1"},"pk":{"S":"a"}}])");
}

TEST_CASE_FIXTURE(MessagesFixture,
                  "Messages: an LSI fetches unprojected attributes from the table") {
  call("PutItem", R"({"TableName":"msg","Item":{"pk":{"S":"a"},"sk":{"S":"b"},"l":{"S":"x"},
    "extra":{"N":"2"}}})");
  auto r = call("Query", R"({"TableName":"msg","IndexName":"lsi","KeyConditionExpression":"pk = :p",
    "ExpressionAttributeValues":{":p":{"S":"a"}},"ProjectionExpression":"extra"})");
  CHECK(str(r["Items"]) == R"([{"extra":{"N":"2"}}])");
}

TEST_CASE_FIXTURE(MessagesFixture, "Messages: ALL_PROJECTED_ATTRIBUTES needs an index") {
  CHECK(message("Scan", R"({"TableName":"msg","Select":"ALL_PROJECTED_ATTRIBUTES"})") ==
        "1 validation error detected: ALL_PROJECTED_ATTRIBUTES can be used only when Querying "
        "using an IndexName");
}

TEST_CASE_FIXTURE(MessagesFixture, "Messages: COUNT cannot carry a projection") {
  CHECK(message("Scan", R"({"TableName":"msg","Select":"COUNT","ProjectionExpression":"pk"})") ==
        "1 validation error detected: Cannot specify the ProjectionExpression when choosing to get "
        "only the Count");
}

TEST_CASE_FIXTURE(
    MessagesFixture,
    "Messages: the get operations ignore ExpressionAttributeValues (not in their shape)") {
  call("PutItem", R"({"TableName":"msg","Item":{"pk":{"S":"a"},"sk":{"S":"b"},"x":{"N":"1"}}})");
  const char* values = R"("ExpressionAttributeValues":{":v":{"S":"x"}})";
  auto got =
      call("GetItem", std::string(R"({"TableName":"msg","Key":{"pk":{"S":"a"},"sk":{"S":"b"}},)") +
                          values + R"(,"ProjectionExpression":"x"})");
  CHECK(str(got["Item"]) == R"({"x":{"N":"1"}})");
  auto batch =
      call("BatchGetItem",
           std::string(R"({"RequestItems":{"msg":{"Keys":[{"pk":{"S":"a"},"sk":{"S":"b"}}],)") +
               values + "}}}");
  CHECK(batch["Responses"]["msg"].Size() == 1);
  auto txn = call(
      "TransactGetItems",
      std::string(
          R"({"TransactItems":[{"Get":{"TableName":"msg","Key":{"pk":{"S":"a"},"sk":{"S":"b"}},)") +
          values + "}}]}");
  CHECK(txn["Responses"][0].HasMember("Item"));
  // Names still need the projection.
  CHECK(message("GetItem", R"({"TableName":"msg","Key":{"pk":{"S":"a"},"sk":{"S":"b"}},
    "ExpressionAttributeNames":{"#x":"x"}})") ==
        "ExpressionAttributeNames can only be specified when using expressions");
}

TEST_CASE_FIXTURE(MessagesFixture, "Messages: attribute names are 1 to 65535 bytes") {
  // Developer Guide "Constraints": attribute names up to 64 KB; messages of
  // DynamoDB Local's newAttributeName. PutItem's value layer envelopes them.
  CHECK(message("PutItem",
                R"({"TableName":"msg","Item":{"pk":{"S":"a"},"sk":{"S":"b"},"":{"S":"x"}}})") ==
        kEnvelope + "Empty attribute name");
  CHECK(
      message(
          "PutItem",
          R"({"TableName":"msg","Item":{"pk":{"S":"a"},"sk":{"S":"b"},"m":{"M":{"":{"N":"1"}}}}})") ==
      kEnvelope + "Empty attribute name");
  const std::string longest(65535, 'n');
  call("PutItem", R"({"TableName":"msg","Item":{"pk":{"S":"a"},"sk":{"S":"b"},")" + longest +
                      R"(":{"S":"x"}}})");
  CHECK(message("PutItem", R"({"TableName":"msg","Item":{"pk":{"S":"a"},"sk":{"S":"b"},")" +
                               longest + R"(n":{"S":"x"}}})") ==
        kEnvelope + "Attribute name is too large, must be less than 65536 bytes");
  CHECK(message("UpdateItem", R"({"TableName":"msg","Key":{"pk":{"S":"a"},"sk":{"S":"b"}},
    "UpdateExpression":"SET #n = :v","ExpressionAttributeNames":{"#n":""},"ExpressionAttributeValues":{":v":{"S":"x"}}})") ==
        kEnvelope +
            "ExpressionAttributeNames contains invalid value: Empty attribute name for key #n");
  CHECK(
      message(
          "BatchWriteItem",
          R"({"RequestItems":{"msg":[{"PutRequest":{"Item":{"pk":{"S":"a"},"sk":{"S":"c"},"":{"S":"x"}}}}]}})") ==
      "Empty attribute name");
}
