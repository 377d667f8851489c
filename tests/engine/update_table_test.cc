// UpdateTable: GSI create with backfill, GSI delete, throughput, billing mode,
// streams and deletion protection, with DynamoDB's messages.

#include <filesystem>

#include "api_fixture.h"

namespace {

struct UpdateTableFixture : ApiFixture {
  UpdateTableFixture() {
    call("CreateTable", R"({"TableName":"tbl",
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
        {"AttributeName":"sk","AttributeType":"S"}],
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
      "BillingMode":"PAY_PER_REQUEST"})");
  }
  void put(const std::string& item) {
    call("PutItem", R"({"TableName":"tbl","Item":)" + item + "}");
  }
  void create_status_index() {
    call("UpdateTable", R"({"TableName":"tbl",
      "AttributeDefinitions":[{"AttributeName":"status","AttributeType":"S"}],
      "GlobalSecondaryIndexUpdates":[{"Create":{"IndexName":"byStatus",
        "KeySchema":[{"AttributeName":"status","KeyType":"HASH"}],
        "Projection":{"ProjectionType":"ALL"}}}]})");
  }
  int count_status(const char* status) {
    auto r = call("Query", std::string(R"({"TableName":"tbl","IndexName":"byStatus",
      "KeyConditionExpression":"#s = :s","ExpressionAttributeNames":{"#s":"status"},
      "ExpressionAttributeValues":{":s":{"S":")") +
                               status + R"("}}})");
    return r["Count"].GetInt();
  }
};

const char* kProvisioned = R"({"TableName":"prov",
  "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
    {"AttributeName":"g","AttributeType":"S"}],
  "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
  "GlobalSecondaryIndexes":[{"IndexName":"gsi1","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],
    "Projection":{"ProjectionType":"KEYS_ONLY"},
    "ProvisionedThroughput":{"ReadCapacityUnits":1,"WriteCapacityUnits":1}}],
  "ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":5}})";

}  // namespace

TEST_CASE_FIXTURE(UpdateTableFixture, "UpdateTable: a created GSI is backfilled, sparsely") {
  put(R"({"pk":{"S":"a"},"sk":{"S":"1"},"status":{"S":"open"}})");
  put(R"({"pk":{"S":"a"},"sk":{"S":"2"},"status":{"S":"open"}})");
  put(R"({"pk":{"S":"b"},"sk":{"S":"1"}})");                     // no index key
  put(R"({"pk":{"S":"b"},"sk":{"S":"2"},"status":{"N":"1"}})");  // key of another type
  create_status_index();
  CHECK(count_status("open") == 2);
  auto d = call("DescribeTable", R"({"TableName":"tbl"})");
  CHECK(d["Table"]["GlobalSecondaryIndexes"][0]["ItemCount"].GetInt() == 2);
}

TEST_CASE_FIXTURE(UpdateTableFixture,
                  "UpdateTable: the response says CREATING, DescribeTable ACTIVE") {
  auto r = call("UpdateTable", R"({"TableName":"tbl",
    "AttributeDefinitions":[{"AttributeName":"status","AttributeType":"S"}],
    "GlobalSecondaryIndexUpdates":[{"Create":{"IndexName":"byStatus",
      "KeySchema":[{"AttributeName":"status","KeyType":"HASH"}],
      "Projection":{"ProjectionType":"ALL"}}}]})");
  CHECK(std::string(r["TableDescription"]["TableStatus"].GetString()) == "UPDATING");
  CHECK(
      std::string(r["TableDescription"]["GlobalSecondaryIndexes"][0]["IndexStatus"].GetString()) ==
      "CREATING");
  auto d = call("DescribeTable", R"({"TableName":"tbl"})");
  CHECK(std::string(d["Table"]["GlobalSecondaryIndexes"][0]["IndexStatus"].GetString()) ==
        "ACTIVE");
  CHECK(d["Table"]["AttributeDefinitions"].Size() == 3);
}

TEST_CASE_FIXTURE(UpdateTableFixture,
                  "UpdateTable: writes after the create maintain the new index") {
  create_status_index();
  put(R"({"pk":{"S":"a"},"sk":{"S":"1"},"status":{"S":"open"}})");
  call("DeleteItem", R"({"TableName":"tbl","Key":{"pk":{"S":"a"},"sk":{"S":"1"}}})");
  put(R"({"pk":{"S":"a"},"sk":{"S":"2"},"status":{"S":"open"}})");
  CHECK(count_status("open") == 1);
}

TEST_CASE_FIXTURE(UpdateTableFixture, "UpdateTable: a deleted GSI answers DELETING and is gone") {
  create_status_index();
  auto r = call("UpdateTable", R"({"TableName":"tbl",
    "GlobalSecondaryIndexUpdates":[{"Delete":{"IndexName":"byStatus"}}]})");
  CHECK(
      std::string(r["TableDescription"]["GlobalSecondaryIndexes"][0]["IndexStatus"].GetString()) ==
      "DELETING");
  auto d = call("DescribeTable", R"({"TableName":"tbl"})");
  CHECK_FALSE(d["Table"].HasMember("GlobalSecondaryIndexes"));
  CHECK(d["Table"]["AttributeDefinitions"].Size() == 2);
  auto e = fail("Query", R"({"TableName":"tbl","IndexName":"byStatus",
    "KeyConditionExpression":"#s = :s","ExpressionAttributeNames":{"#s":"status"},
    "ExpressionAttributeValues":{":s":{"S":"x"}}})");
  CHECK(e.code == dynamini::ErrorCode::kValidation);
}

TEST_CASE_FIXTURE(UpdateTableFixture,
                  "UpdateTable: an index re-created after a delete starts empty") {
  put(R"({"pk":{"S":"a"},"sk":{"S":"1"},"status":{"S":"open"}})");
  create_status_index();
  call(
      "UpdateTable",
      R"({"TableName":"tbl","GlobalSecondaryIndexUpdates":[{"Delete":{"IndexName":"byStatus"}}]})");
  call("DeleteItem", R"({"TableName":"tbl","Key":{"pk":{"S":"a"},"sk":{"S":"1"}}})");
  create_status_index();
  CHECK(count_status("open") == 0);
}

TEST_CASE_FIXTURE(UpdateTableFixture,
                  "UpdateTable: two index creates in one call are LimitExceeded") {
  auto e = fail("UpdateTable", R"({"TableName":"tbl",
    "AttributeDefinitions":[{"AttributeName":"a","AttributeType":"S"},{"AttributeName":"b","AttributeType":"S"}],
    "GlobalSecondaryIndexUpdates":[
      {"Create":{"IndexName":"idxa","KeySchema":[{"AttributeName":"a","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"}}},
      {"Create":{"IndexName":"idxb","KeySchema":[{"AttributeName":"b","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"}}}]})");
  CHECK(e.code == dynamini::ErrorCode::kLimitExceeded);
  CHECK(e.message ==
        "Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously "
        "per table");
  auto d = call("DescribeTable", R"({"TableName":"tbl"})");
  CHECK_FALSE(d["Table"].HasMember("GlobalSecondaryIndexes"));
}

TEST_CASE_FIXTURE(UpdateTableFixture, "UpdateTable: creating an existing index is refused") {
  create_status_index();
  auto e = fail("UpdateTable", R"({"TableName":"tbl",
    "AttributeDefinitions":[{"AttributeName":"status","AttributeType":"S"}],
    "GlobalSecondaryIndexUpdates":[{"Create":{"IndexName":"byStatus",
      "KeySchema":[{"AttributeName":"status","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"}}}]})");
  CHECK(e.message == "Attempting to create an index which already exists");
}

TEST_CASE_FIXTURE(UpdateTableFixture,
                  "UpdateTable: new index keys must be in the request's AttributeDefinitions") {
  auto e = fail("UpdateTable", R"({"TableName":"tbl",
    "AttributeDefinitions":[{"AttributeName":"other","AttributeType":"S"}],
    "GlobalSecondaryIndexUpdates":[{"Create":{"IndexName":"byStatus",
      "KeySchema":[{"AttributeName":"status","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"}}}]})");
  CHECK(e.message ==
        "One or more parameter values were invalid: Some index key attributes are not defined in "
        "AttributeDefinitions. Keys: [status], AttributeDefinitions: [other]");
}

TEST_CASE_FIXTURE(UpdateTableFixture, "UpdateTable: deleting a missing index is ResourceNotFound") {
  auto e = fail("UpdateTable", R"({"TableName":"tbl",
    "GlobalSecondaryIndexUpdates":[{"Delete":{"IndexName":"ghost"}}]})");
  CHECK(e.code == dynamini::ErrorCode::kResourceNotFound);
  CHECK(e.message == "Requested resource not found: Index ghost for table tbl");
}

TEST_CASE_FIXTURE(UpdateTableFixture, "UpdateTable: a request changing nothing is refused") {
  auto e = fail("UpdateTable", R"({"TableName":"tbl"})");
  CHECK(e.message.rfind("At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, "
                        "GlobalSecondaryIndexUpdates",
                        0) == 0);
}

TEST_CASE_FIXTURE(UpdateTableFixture,
                  "UpdateTable: an empty GlobalSecondaryIndexUpdate is refused") {
  auto e = fail("UpdateTable", R"({"TableName":"tbl","GlobalSecondaryIndexUpdates":[{}]})");
  CHECK(e.message ==
        "One or more parameter values were invalid: One of GlobalSecondaryIndexUpdate.Update, "
        "GlobalSecondaryIndexUpdate.Create, GlobalSecondaryIndexUpdate.Delete must not be null");
}

TEST_CASE_FIXTURE(UpdateTableFixture, "UpdateTable: two updates of one index are refused") {
  auto e = fail("UpdateTable", R"({"TableName":"tbl","GlobalSecondaryIndexUpdates":[
    {"Delete":{"IndexName":"abc"}},{"Delete":{"IndexName":"abc"}}]})");
  CHECK(e.message ==
        "One or more parameter values were invalid: Only one global secondary index update per "
        "index is allowed simultaneously. Index: abc");
}

TEST_CASE_FIXTURE(UpdateTableFixture, "UpdateTable: a missing table is ResourceNotFound") {
  auto e = fail("UpdateTable", R"({"TableName":"nope","BillingMode":"PAY_PER_REQUEST"})");
  CHECK(e.code == dynamini::ErrorCode::kResourceNotFound);
  CHECK(e.message == "Requested resource not found: Table: nope not found");
}

TEST_CASE_FIXTURE(UpdateTableFixture, "UpdateTable: throughput on an on-demand table is refused") {
  auto e = fail("UpdateTable", R"({"TableName":"tbl",
    "ProvisionedThroughput":{"ReadCapacityUnits":1,"WriteCapacityUnits":1}})");
  CHECK(e.message ==
        "One or more parameter values were invalid: Neither ReadCapacityUnits nor "
        "WriteCapacityUnits can be specified when BillingMode is PAY_PER_REQUEST");
}

TEST_CASE_FIXTURE(UpdateTableFixture, "UpdateTable: switching to PROVISIONED needs throughput") {
  auto e = fail("UpdateTable", R"({"TableName":"tbl","BillingMode":"PROVISIONED"})");
  CHECK(e.message ==
        "One or more parameter values were invalid: ProvisionedThroughput must be specified when "
        "BillingMode is PROVISIONED");
}

TEST_CASE_FIXTURE(UpdateTableFixture,
                  "UpdateTable: switching to PROVISIONED needs every GSI's throughput") {
  create_status_index();
  auto e = fail("UpdateTable", R"({"TableName":"tbl","BillingMode":"PROVISIONED",
    "ProvisionedThroughput":{"ReadCapacityUnits":2,"WriteCapacityUnits":3}})");
  CHECK(e.message ==
        "One or more parameter values were invalid: ProvisionedThroughput must be specified for "
        "index: byStatus");
  auto r = call("UpdateTable", R"({"TableName":"tbl","BillingMode":"PROVISIONED",
    "ProvisionedThroughput":{"ReadCapacityUnits":2,"WriteCapacityUnits":3},
    "GlobalSecondaryIndexUpdates":[{"Update":{"IndexName":"byStatus",
      "ProvisionedThroughput":{"ReadCapacityUnits":4,"WriteCapacityUnits":5}}}]})");
  auto d = call("DescribeTable", R"({"TableName":"tbl"})");
  CHECK(std::string(d["Table"]["BillingModeSummary"]["BillingMode"].GetString()) == "PROVISIONED");
  CHECK(d["Table"]["ProvisionedThroughput"]["WriteCapacityUnits"].GetInt() == 3);
  CHECK(d["Table"]["GlobalSecondaryIndexes"][0]["ProvisionedThroughput"]["ReadCapacityUnits"]
            .GetInt() == 4);
}

TEST_CASE_FIXTURE(ApiFixture, "UpdateTable: switching to PAY_PER_REQUEST zeroes throughput") {
  call("CreateTable", kProvisioned);
  call("UpdateTable", R"({"TableName":"prov","BillingMode":"PAY_PER_REQUEST"})");
  auto d = call("DescribeTable", R"({"TableName":"prov"})");
  CHECK(std::string(d["Table"]["BillingModeSummary"]["BillingMode"].GetString()) ==
        "PAY_PER_REQUEST");
  CHECK(d["Table"]["ProvisionedThroughput"]["ReadCapacityUnits"].GetInt() == 0);
  CHECK(d["Table"]["GlobalSecondaryIndexes"][0]["ProvisionedThroughput"]["WriteCapacityUnits"]
            .GetInt() == 0);
}

TEST_CASE_FIXTURE(ApiFixture, "UpdateTable: unchanged table throughput is refused") {
  call("CreateTable", kProvisioned);
  auto e = fail("UpdateTable", R"({"TableName":"prov",
    "ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":5}})");
  CHECK(e.message ==
        "The provisioned throughput for the table will not change. The requested value equals the "
        "current value. Current ReadCapacityUnits provisioned for the table: 5. Requested "
        "ReadCapacityUnits: 5. Current WriteCapacityUnits provisioned for the table: 5. Requested "
        "WriteCapacityUnits: 5. Refer to the Amazon DynamoDB Developer Guide for current limits "
        "and how to request higher limits.");
}

TEST_CASE_FIXTURE(ApiFixture, "UpdateTable: table throughput changes") {
  call("CreateTable", kProvisioned);
  call("UpdateTable", R"({"TableName":"prov",
    "ProvisionedThroughput":{"ReadCapacityUnits":7,"WriteCapacityUnits":8}})");
  auto d = call("DescribeTable", R"({"TableName":"prov"})");
  CHECK(d["Table"]["ProvisionedThroughput"]["ReadCapacityUnits"].GetInt() == 7);
  CHECK(d["Table"]["ProvisionedThroughput"]["WriteCapacityUnits"].GetInt() == 8);
}

TEST_CASE_FIXTURE(ApiFixture, "UpdateTable: out-of-bounds throughput is refused") {
  call("CreateTable", kProvisioned);
  auto e = fail("UpdateTable", R"({"TableName":"prov",
    "ProvisionedThroughput":{"ReadCapacityUnits":1000000000001,"WriteCapacityUnits":1000000000001}})");
  CHECK(e.message == "Given value 1000000000001 for ReadCapacityUnits is out of bounds");
}

TEST_CASE_FIXTURE(ApiFixture, "UpdateTable: a GSI create on a provisioned table needs throughput") {
  call("CreateTable", kProvisioned);
  auto e = fail("UpdateTable", R"({"TableName":"prov",
    "AttributeDefinitions":[{"AttributeName":"h","AttributeType":"S"}],
    "GlobalSecondaryIndexUpdates":[{"Create":{"IndexName":"gsi2",
      "KeySchema":[{"AttributeName":"h","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"}}}]})");
  CHECK(e.message ==
        "One or more parameter values were invalid: ProvisionedThroughput must be specified for "
        "index: gsi2");
}

TEST_CASE_FIXTURE(ApiFixture, "UpdateTable: shape errors of a GSI update are listed together") {
  auto e = fail("UpdateTable", R"({"TableName":"abc","GlobalSecondaryIndexUpdates":[
    {"Update":{"IndexName":"a","ProvisionedThroughput":{}}}]})");
  CHECK(e.message ==
        "3 validation errors detected: Value 'a' at "
        "'globalSecondaryIndexUpdates.1.member.update.indexName' failed to satisfy constraint: "
        "Member must have length greater than or equal to 3; Value null at "
        "'globalSecondaryIndexUpdates.1.member.update.provisionedThroughput.writeCapacityUnits' "
        "failed to satisfy constraint: Member must not be null; Value null at "
        "'globalSecondaryIndexUpdates.1.member.update.provisionedThroughput.readCapacityUnits' "
        "failed to satisfy constraint: Member must not be null");
}

TEST_CASE_FIXTURE(UpdateTableFixture, "UpdateTable: deletion protection blocks DeleteTable") {
  auto r = call("UpdateTable", R"({"TableName":"tbl","DeletionProtectionEnabled":true})");
  CHECK(r["TableDescription"]["DeletionProtectionEnabled"].GetBool());
  auto e = fail("DeleteTable", R"({"TableName":"tbl"})");
  CHECK(e.message ==
        "Resource cannot be deleted as it is currently protected against deletion. Disable "
        "deletion protection first.");
  call("UpdateTable", R"({"TableName":"tbl","DeletionProtectionEnabled":false})");
  call("DeleteTable", R"({"TableName":"tbl"})");
}

TEST_CASE_FIXTURE(UpdateTableFixture, "UpdateTable: deletion protection must be the only change") {
  auto e = fail(
      "UpdateTable",
      R"({"TableName":"tbl","DeletionProtectionEnabled":true,"BillingMode":"PAY_PER_REQUEST"})");
  CHECK(e.message ==
        "One or more parameter values were invalid: DeletionProtection modification must be the "
        "only operation in the request");
}

TEST_CASE_FIXTURE(UpdateTableFixture, "UpdateTable: StreamSpecification enables a stream") {
  auto r = call("UpdateTable", R"({"TableName":"tbl",
    "StreamSpecification":{"StreamEnabled":true,"StreamViewType":"NEW_IMAGE"}})");
  CHECK(r["TableDescription"].HasMember("LatestStreamArn"));
  auto e = fail("UpdateTable", R"({"TableName":"tbl",
    "StreamSpecification":{"StreamEnabled":true,"StreamViewType":"NEW_IMAGE"}})");
  CHECK(e.message == "Table already has an enabled stream: TableName: tbl");
}

TEST_CASE("UpdateTable: index storage numbers stay unique and survive a reopen") {
  auto path = std::filesystem::temp_directory_path() / "dynamini_update_table_test.db";
  std::filesystem::remove(path);
  auto create = [](const char* name, const char* attr) {
    return std::string(R"({"TableName":"tbl","AttributeDefinitions":[{"AttributeName":")") + attr +
           R"(","AttributeType":"S"}],"GlobalSecondaryIndexUpdates":[{"Create":{"IndexName":")" +
           name + R"(","KeySchema":[{"AttributeName":")" + attr +
           R"(","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"}}}]})";
  };
  {
    ApiFixture f;
    f.db = dynamini::Database::open(dynamini::Options{.path = path.string()});
    f.call(
        "CreateTable",
        R"({"TableName":"tbl","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST"})");
    f.call("UpdateTable", create("idxa", "a"));
    f.call("UpdateTable", create("idxb", "b"));
    f.call(
        "UpdateTable",
        R"({"TableName":"tbl","GlobalSecondaryIndexUpdates":[{"Delete":{"IndexName":"idxa"}}]})");
    f.call("UpdateTable", create("idxc", "c"));
    f.call("PutItem", R"({"TableName":"tbl","Item":{"pk":{"S":"1"},"b":{"S":"x"},"c":{"S":"y"}}})");
  }
  {
    ApiFixture f;
    f.db = dynamini::Database::open(dynamini::Options{.path = path.string()});
    auto qb =
        f.call("Query", R"({"TableName":"tbl","IndexName":"idxb","KeyConditionExpression":"b = :v",
      "ExpressionAttributeValues":{":v":{"S":"x"}}})");
    auto qc =
        f.call("Query", R"({"TableName":"tbl","IndexName":"idxc","KeyConditionExpression":"c = :v",
      "ExpressionAttributeValues":{":v":{"S":"y"}}})");
    CHECK(qb["Count"].GetInt() == 1);
    CHECK(qc["Count"].GetInt() == 1);
  }
  std::filesystem::remove(path);
  std::filesystem::remove(path.string() + "-wal");
  std::filesystem::remove(path.string() + "-shm");
}
