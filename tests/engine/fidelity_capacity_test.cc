// ConsumedCapacity rules (Developer Guide, "Read/write capacity mode" and
// "Provisioned throughput considerations for Global Secondary Indexes"),
// ItemCollectionMetrics and BatchGetItem's response limit.

#include <string>

#include "api_fixture.h"

namespace {

struct CapacityFixture : ApiFixture {
  CapacityFixture() {
    call("CreateTable", R"({"TableName":"cap",
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
        {"AttributeName":"sk","AttributeType":"S"},{"AttributeName":"g","AttributeType":"S"},
        {"AttributeName":"l","AttributeType":"S"}],
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
      "GlobalSecondaryIndexes":[{"IndexName":"gsi","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],
        "Projection":{"ProjectionType":"KEYS_ONLY"}}],
      "LocalSecondaryIndexes":[{"IndexName":"lsi","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},
        {"AttributeName":"l","KeyType":"RANGE"}],"Projection":{"ProjectionType":"ALL"}}],
      "BillingMode":"PAY_PER_REQUEST"})");
    call("CreateTable", R"({"TableName":"plain",
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST"})");
  }
  static std::string blob(size_t n) { return std::string(n, 'x'); }
  double units(const rapidjson::Document& d) {
    return d["ConsumedCapacity"]["CapacityUnits"].GetDouble();
  }
};

}  // namespace

TEST_CASE_FIXTURE(CapacityFixture,
                  "ConsumedCapacity: a Query page is rounded up once, not per item") {
  // Three items of ~1.5 KB: 4.5 KB in all is 2 units consistent (per item it would be 3).
  for (int i = 0; i < 3; ++i) {
    call("PutItem", R"({"TableName":"plain","Item":{"pk":{"S":"k)" + std::to_string(i) +
                        R"("},"d":{"S":")" + blob(1500) + R"("}}})");
  }
  auto r = call("Scan",
                R"({"TableName":"plain","ConsistentRead":true,"ReturnConsumedCapacity":"TOTAL"})");
  CHECK(units(r) == 2.0);
}

TEST_CASE_FIXTURE(CapacityFixture, "ConsumedCapacity: eventually consistent reads cost half") {
  call("PutItem",
       R"({"TableName":"plain","Item":{"pk":{"S":"a"},"d":{"S":")" + blob(5000) + R"("}}})");
  auto strong =
      call("GetItem", R"({"TableName":"plain","Key":{"pk":{"S":"a"}},"ConsistentRead":true,
    "ReturnConsumedCapacity":"TOTAL"})");
  auto eventual = call("GetItem", R"({"TableName":"plain","Key":{"pk":{"S":"a"}},
    "ReturnConsumedCapacity":"TOTAL"})");
  CHECK(units(strong) == 2.0);
  CHECK(units(eventual) == 1.0);
}

TEST_CASE_FIXTURE(CapacityFixture,
                  "ConsumedCapacity: GetItem of a missing item still costs a read") {
  auto r =
      call("GetItem",
           R"({"TableName":"plain","Key":{"pk":{"S":"none"}},"ReturnConsumedCapacity":"TOTAL"})");
  CHECK(units(r) == 0.5);
}

TEST_CASE_FIXTURE(CapacityFixture, "ConsumedCapacity: a GSI query is charged to the index") {
  call("PutItem", R"({"TableName":"cap","Item":{"pk":{"S":"a"},"sk":{"S":"1"},"g":{"S":"x"}}})");
  auto r = call("Query", R"({"TableName":"cap","IndexName":"gsi","KeyConditionExpression":"g = :g",
    "ExpressionAttributeValues":{":g":{"S":"x"}},"ReturnConsumedCapacity":"INDEXES"})");
  const auto& c = r["ConsumedCapacity"];
  CHECK(c["CapacityUnits"].GetDouble() == 0.5);
  CHECK(c["Table"]["CapacityUnits"].GetDouble() == 0.0);
  CHECK(c["GlobalSecondaryIndexes"]["gsi"]["CapacityUnits"].GetDouble() == 0.5);
}

TEST_CASE_FIXTURE(CapacityFixture, "ConsumedCapacity: an LSI scan is charged to the LSI") {
  call("PutItem", R"({"TableName":"cap","Item":{"pk":{"S":"a"},"sk":{"S":"1"},"l":{"S":"x"}}})");
  auto r = call("Scan", R"({"TableName":"cap","IndexName":"lsi","ConsistentRead":true,
    "ReturnConsumedCapacity":"INDEXES"})");
  CHECK(r["ConsumedCapacity"]["LocalSecondaryIndexes"]["lsi"]["CapacityUnits"].GetDouble() == 1.0);
  CHECK_FALSE(r["ConsumedCapacity"].HasMember("GlobalSecondaryIndexes"));
}

TEST_CASE_FIXTURE(
    CapacityFixture,
    "ConsumedCapacity: an update leaving index entries unchanged does not write them") {
  call("PutItem", R"({"TableName":"cap","Item":{"pk":{"S":"a"},"sk":{"S":"1"},"g":{"S":"x"}}})");
  // The GSI is KEYS_ONLY: changing a non-key attribute leaves its entry as it was.
  auto r = call("UpdateItem", R"({"TableName":"cap","Key":{"pk":{"S":"a"},"sk":{"S":"1"}},
    "UpdateExpression":"SET v = :v","ExpressionAttributeValues":{":v":{"S":"new"}},
    "ReturnConsumedCapacity":"INDEXES"})");
  CHECK(r["ConsumedCapacity"]["CapacityUnits"].GetDouble() == 1.0);
  CHECK_FALSE(r["ConsumedCapacity"].HasMember("GlobalSecondaryIndexes"));
}

TEST_CASE_FIXTURE(CapacityFixture,
                  "ConsumedCapacity: moving an index key costs a delete and a put") {
  call("PutItem", R"({"TableName":"cap","Item":{"pk":{"S":"a"},"sk":{"S":"1"},"g":{"S":"x"}}})");
  auto r = call("UpdateItem", R"({"TableName":"cap","Key":{"pk":{"S":"a"},"sk":{"S":"1"}},
    "UpdateExpression":"SET g = :g","ExpressionAttributeValues":{":g":{"S":"y"}},
    "ReturnConsumedCapacity":"INDEXES"})");
  CHECK(r["ConsumedCapacity"]["GlobalSecondaryIndexes"]["gsi"]["CapacityUnits"].GetDouble() == 2.0);
}

TEST_CASE_FIXTURE(CapacityFixture,
                  "ConsumedCapacity: BatchGetItem charges each key as its own read") {
  call("PutItem",
       R"({"TableName":"plain","Item":{"pk":{"S":"a"},"d":{"S":")" + blob(100) + R"("}}})");
  call("PutItem",
       R"({"TableName":"plain","Item":{"pk":{"S":"b"},"d":{"S":")" + blob(100) + R"("}}})");
  auto r =
      call("BatchGetItem", R"({"RequestItems":{"plain":{"Keys":[{"pk":{"S":"a"}},{"pk":{"S":"b"}},
    {"pk":{"S":"missing"}}],"ConsistentRead":true}},"ReturnConsumedCapacity":"TOTAL"})");
  CHECK(r["ConsumedCapacity"][0]["CapacityUnits"].GetDouble() == 3.0);
}

TEST_CASE_FIXTURE(CapacityFixture,
                  "ItemCollectionMetrics: a put on a table with an LSI reports its collection") {
  auto r = call("PutItem", R"({"TableName":"cap","Item":{"pk":{"S":"a"},"sk":{"S":"1"}},
    "ReturnItemCollectionMetrics":"SIZE"})");
  CHECK(str(r["ItemCollectionMetrics"]) ==
        R"({"ItemCollectionKey":{"pk":{"S":"a"}},"SizeEstimateRangeGB":[0.0,1.0]})");
}

TEST_CASE_FIXTURE(CapacityFixture,
                  "ItemCollectionMetrics: UpdateItem and DeleteItem report it too") {
  auto u = call("UpdateItem", R"({"TableName":"cap","Key":{"pk":{"S":"a"},"sk":{"S":"1"}},
    "UpdateExpression":"SET v = :v","ExpressionAttributeValues":{":v":{"N":"1"}},
    "ReturnItemCollectionMetrics":"SIZE"})");
  auto d = call("DeleteItem", R"({"TableName":"cap","Key":{"pk":{"S":"a"},"sk":{"S":"1"}},
    "ReturnItemCollectionMetrics":"SIZE"})");
  CHECK(u.HasMember("ItemCollectionMetrics"));
  CHECK(str(d["ItemCollectionMetrics"]["ItemCollectionKey"]) == R"({"pk":{"S":"a"}})");
}

TEST_CASE_FIXTURE(CapacityFixture, "ItemCollectionMetrics: nothing for a table without an LSI") {
  auto r = call("PutItem", R"({"TableName":"plain","Item":{"pk":{"S":"a"}},
    "ReturnItemCollectionMetrics":"SIZE"})");
  CHECK_FALSE(r.HasMember("ItemCollectionMetrics"));
}

TEST_CASE_FIXTURE(CapacityFixture, "ItemCollectionMetrics: BatchWriteItem lists them per table") {
  auto r = call("BatchWriteItem", R"({"RequestItems":{
    "cap":[{"PutRequest":{"Item":{"pk":{"S":"a"},"sk":{"S":"1"}}}},{"PutRequest":{"Item":{"pk":{"S":"b"},"sk":{"S":"1"}}}}],
    "plain":[{"PutRequest":{"Item":{"pk":{"S":"a"}}}}]},"ReturnItemCollectionMetrics":"SIZE"})");
  CHECK(r["ItemCollectionMetrics"]["cap"].Size() == 2);
  CHECK_FALSE(r["ItemCollectionMetrics"].HasMember("plain"));
}

TEST_CASE_FIXTURE(CapacityFixture,
                  "ItemCollectionMetrics: TransactWriteItems lists them per table") {
  auto r = call("TransactWriteItems", R"({"TransactItems":[
    {"Put":{"TableName":"cap","Item":{"pk":{"S":"a"},"sk":{"S":"1"}}}}],"ReturnItemCollectionMetrics":"SIZE"})");
  CHECK(r["ItemCollectionMetrics"]["cap"].Size() == 1);
}

TEST_CASE_FIXTURE(CapacityFixture,
                  "BatchGetItem: keys beyond 16 MB go to UnprocessedKeys in request order") {
  // 45 items of ~390 KB: about 17.1 MB, so the last ones cannot fit.
  std::string keys;
  for (int i = 0; i < 45; ++i) {
    call("PutItem", R"({"TableName":"plain","Item":{"pk":{"S":"k)" + std::to_string(100 + i) +
                        R"("},"d":{"S":")" + blob(390000) + R"("}}})");
    keys += std::string(i ? "," : "") + R"({"pk":{"S":"k)" + std::to_string(100 + i) + R"("}})";
  }
  auto r = call("BatchGetItem", R"({"RequestItems":{"plain":{"Keys":[)" + keys +
                                    R"(],"ProjectionExpression":"pk"}}})");
  size_t returned = r["Responses"]["plain"].Size();
  const auto& unprocessed = r["UnprocessedKeys"]["plain"];
  CHECK(returned == 43);  // 43 * 390 KB = 16.77e6 bytes <= 16 MiB; 44 would exceed it
  REQUIRE(unprocessed["Keys"].Size() == 2);
  CHECK(std::string(unprocessed["Keys"][0]["pk"]["S"].GetString()) == "k143");
  CHECK(std::string(unprocessed["ProjectionExpression"].GetString()) == "pk");
}
