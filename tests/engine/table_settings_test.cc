// Every table setting round-trips (tables/table_settings.h): CreateTable's Tags,
// TableClass, SSESpecification, OnDemandThroughput, WarmThroughput and
// DeletionProtectionEnabled, stored, described and changed by UpdateTable,
// and kept across a reopen of the database file.

#include <doctest/doctest.h>

#include <filesystem>

#include "api_fixture.h"

namespace {

std::string create_request(const std::string& extra, const char* billing = "PAY_PER_REQUEST") {
  std::string throughput =
      std::string(billing) == "PROVISIONED"
          ? R"(,"ProvisionedThroughput":{"ReadCapacityUnits":5,"WriteCapacityUnits":5})"
          : "";
  return R"({"TableName":"sss","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"BillingMode":")" +
         std::string(billing) + "\"" + throughput + (extra.empty() ? "" : "," + extra) + "}";
}

const char* kArn = R"({"ResourceArn":"arn:aws:dynamodb:us-east-1:000000000000:table/sss"})";

}  // namespace

TEST_CASE_FIXTURE(ApiFixture, "Settings: CreateTable's Tags are stored and listed") {
  call("CreateTable",
       create_request(R"("Tags":[{"Key":"env","Value":"test"},{"Key":"a","Value":""}])"));
  CHECK(str(call("ListTagsOfResource", kArn)) ==
        R"({"Tags":[{"Key":"a","Value":""},{"Key":"env","Value":"test"}]})");
  // DeleteTable takes them; a new table of that name starts without.
  call("DeleteTable", R"({"TableName":"sss"})");
  call("CreateTable", create_request(R"("Tags":[])"));
  CHECK(str(call("ListTagsOfResource", kArn)) == R"({"Tags":[]})");
}

// ack-api-quirks DDB-TABLE-372 (verified 2026-10-09): letters of any script
// and space separators pass; emoji, a tab and other marks do not.
TEST_CASE_FIXTURE(ApiFixture, "Settings: tag characters are the AWS tag pattern's") {
  for (const char* bad : {R"(\ud83d\udd11)", R"(a\tb)", "a;b", "x~y", R"(\u2192)"}) {
    CHECK(fail("CreateTable",
               create_request(std::string(R"("Tags":[{"Key":"k","Value":")") + bad + R"("}])"))
              .message.starts_with("The Tag Value provided is invalid, Value: "));
  }
  call("CreateTable",
       create_request(R"("Tags":[{"Key":"名前 ключ","Value":"a\u00a0b\u3000c +-=._:/@ 42"}])"));
}

TEST_CASE_FIXTURE(ApiFixture, "Settings: bad CreateTable Tags fail the whole CreateTable") {
  // ack-api-quirks DDB-TABLE-110: the texts, and nothing created.
  CHECK(fail("CreateTable", create_request(R"("Tags":[{"Key":"aws:x","Value":"v"}])")).message ==
        "Tag Key cannot be prefixed with aws:, Key: aws:x");
  CHECK(fail("CreateTable",
             create_request(R"("Tags":[{"Key":")" + std::string(129, 'k') + R"(","Value":"v"}])"))
            .message == "The Tag Key provided is invalid, Key: " + std::string(129, 'k'));
  CHECK(fail("CreateTable", create_request(R"("Tags":[{"Key":"a#b","Value":"v"}])")).message ==
        "The Tag Key provided is invalid, Key: a#b");
  CHECK(fail("CreateTable", create_request(R"("Tags":[{"Key":"k"}])")).message ==
        "The Tag Value provided is invalid, Value: null");
  CHECK(fail("CreateTable",
             create_request(R"("Tags":[{"Key":"k","Value":"1"},{"Key":"k","Value":"2"}])"))
            .message == "Duplicate Tag Keys provided as input: Duplicate Tag Key found k");
  std::string many;
  for (int i = 0; i < 51; ++i)
    many += std::string(i ? "," : "") + R"({"Key":"k)" + std::to_string(i) + R"(","Value":"v"})";
  CHECK(fail("CreateTable", create_request(R"("Tags":[)" + many + "]")).message ==
        "Number of Tags exceed the current limit for the provided ResourceArn");
  CHECK(fail("DescribeTable", R"({"TableName":"sss"})").code ==
        dynamini::ErrorCode::kResourceNotFound);
}

TEST_CASE_FIXTURE(ApiFixture, "Settings: TableClass is described and changed alone") {
  auto created =
      call("CreateTable", create_request(R"("TableClass":"STANDARD_INFREQUENT_ACCESS")"));
  const auto& summary = created["TableDescription"]["TableClassSummary"];
  CHECK(std::string(summary["TableClass"].GetString()) == "STANDARD_INFREQUENT_ACCESS");
  CHECK(!summary.HasMember("LastUpdateDateTime"));
  CHECK(fail("UpdateTable", R"({"TableName":"sss","TableClass":"COLD"})").message ==
        "Invalid table-class parameter provided. Please try again with a valid table-class value: "
        "[STANDARD, STANDARD_INFREQUENT_ACCESS].");
  CHECK(fail("UpdateTable",
             R"({"TableName":"sss","TableClass":"STANDARD","DeletionProtectionEnabled":true})")
            .message ==
        "One or more parameter values were invalid: TableClass modification must be the only "
        "operation in the request");
  auto updated = call("UpdateTable", R"({"TableName":"sss","TableClass":"STANDARD"})");
  CHECK(std::string(updated["TableDescription"]["TableStatus"].GetString()) == "UPDATING");
  auto d = call("DescribeTable", R"({"TableName":"sss"})");
  CHECK(std::string(d["Table"]["TableClassSummary"]["TableClass"].GetString()) == "STANDARD");
  CHECK(d["Table"]["TableClassSummary"]["LastUpdateDateTime"].GetDouble() > 0);
  // A table created without a class has no TableClassSummary.
  call("DeleteTable", R"({"TableName":"sss"})");
  CHECK(
      !call("CreateTable", create_request(""))["TableDescription"].HasMember("TableClassSummary"));
}

TEST_CASE_FIXTURE(ApiFixture, "Settings: SSESpecification is described as SSEDescription") {
  auto plain = call("CreateTable", create_request(""));
  CHECK(!plain["TableDescription"].HasMember("SSEDescription"));  // the AWS owned key
  CHECK(
      fail("UpdateTable", R"({"TableName":"sss","SSESpecification":{"Enabled":false}})").message ==
      "One or more parameter values were invalid: Table is already encrypted by default");
  auto kms = call("UpdateTable", R"({"TableName":"sss","SSESpecification":{"Enabled":true,
      "SSEType":"KMS","KMSMasterKeyId":"1234abcd-12ab-34cd-56ef-1234567890ab"}})");
  const auto& sse = kms["TableDescription"]["SSEDescription"];
  CHECK(std::string(sse["Status"].GetString()) == "UPDATING");
  CHECK(std::string(sse["SSEType"].GetString()) == "KMS");
  const std::string key =
      "arn:aws:kms:us-east-1:000000000000:key/1234abcd-12ab-34cd-56ef-1234567890ab";
  CHECK(std::string(sse["KMSMasterKeyArn"].GetString()) == key);
  auto d = call("DescribeTable", R"({"TableName":"sss"})");
  CHECK(std::string(d["Table"]["SSEDescription"]["Status"].GetString()) == "ENABLED");
  CHECK(
      fail("UpdateTable", R"({"TableName":"sss","SSESpecification":{"Enabled":true,"SSEType":"KMS",
      "KMSMasterKeyId":")" + key +
                              R"("}})")
          .message ==
      "One or more parameter values were invalid: Table is already encrypted with given "
      "KMSMasterKeyId. Use KMSMasterKeyId parameter if you want to change Master Key");
  // Back to the AWS owned key: the answer still shows the key, UPDATING; then none.
  auto off = call("UpdateTable", R"({"TableName":"sss","SSESpecification":{"Enabled":false}})");
  CHECK(std::string(off["TableDescription"]["SSEDescription"]["Status"].GetString()) == "UPDATING");
  CHECK(!call("DescribeTable", R"({"TableName":"sss"})")["Table"].HasMember("SSEDescription"));
  // Enabled alone: the account's AWS managed key, the same for every table.
  call("DeleteTable", R"({"TableName":"sss"})");
  auto managed = call("CreateTable", create_request(R"("SSESpecification":{"Enabled":true})"));
  const std::string arn =
      managed["TableDescription"]["SSEDescription"]["KMSMasterKeyArn"].GetString();
  CHECK(arn.starts_with("arn:aws:kms:us-east-1:000000000000:key/"));
  CHECK(fail("CreateTable",
             create_request(R"("SSESpecification":{"Enabled":true,"SSEType":"AES256"})"))
            .message.ends_with("SSEType AES256 is not supported"));
  CHECK(fail("UpdateTable",
             R"({"TableName":"sss","SSESpecification":{"Enabled":false,"SSEType":"KMS"}})")
            .message ==
        "One or more parameter values were invalid: SSEType can not be specified if Enabled is "
        "false");
}

TEST_CASE_FIXTURE(ApiFixture, "Settings: OnDemandThroughput on on-demand tables, also alone") {
  auto created =
      call("CreateTable", create_request(R"("OnDemandThroughput":{"MaxReadRequestUnits":100})"));
  CHECK(str(created["TableDescription"]["OnDemandThroughput"]) ==
        R"({"MaxReadRequestUnits":100,"MaxWriteRequestUnits":-1})");
  call("UpdateTable", R"({"TableName":"sss","OnDemandThroughput":{"MaxWriteRequestUnits":50}})");
  CHECK(str(call("DescribeTable", R"({"TableName":"sss"})")["Table"]["OnDemandThroughput"]) ==
        R"({"MaxReadRequestUnits":100,"MaxWriteRequestUnits":50})");
  // -1 clears a limit on UpdateTable; with both cleared there is none.
  call(
      "UpdateTable",
      R"({"TableName":"sss","OnDemandThroughput":{"MaxReadRequestUnits":-1,"MaxWriteRequestUnits":-1}})");
  CHECK(!call("DescribeTable", R"({"TableName":"sss"})")["Table"].HasMember("OnDemandThroughput"));
  CHECK(fail("UpdateTable", R"({"TableName":"sss","OnDemandThroughput":{"MaxReadRequestUnits":0}})")
            .message ==
        "One or more parameter values were invalid: Requested MaxReadRequestUnits for "
        "OnDemandThroughput for table is outside of valid range");
  CHECK(fail("UpdateTable", R"({"TableName":"sss","OnDemandThroughput":{"MaxReadRequestUnits":5},
      "DeletionProtectionEnabled":true})")
            .message ==
        "One or more parameter values were invalid: DeletionProtection modification must be the "
        "only operation in the request");
  call("DeleteTable", R"({"TableName":"sss"})");
  CHECK(fail("CreateTable",
             create_request(R"("OnDemandThroughput":{"MaxReadRequestUnits":10})", "PROVISIONED"))
            .message ==
        "One or more parameter values were invalid: MaxReadRequestUnits for OnDemandThroughput "
        "cannot be specified when the table BillingMode is PROVISIONED");
}

TEST_CASE_FIXTURE(ApiFixture, "Settings: WarmThroughput has DynamoDB's defaults and only grows") {
  auto created = call("CreateTable", create_request(""));
  CHECK(str(created["TableDescription"]["WarmThroughput"]) ==
        R"({"ReadUnitsPerSecond":12000,"WriteUnitsPerSecond":4000,"Status":"CREATING"})");
  CHECK(str(call("DescribeTable", R"({"TableName":"sss"})")["Table"]["WarmThroughput"]) ==
        R"({"ReadUnitsPerSecond":12000,"WriteUnitsPerSecond":4000,"Status":"ACTIVE"})");
  auto raised =
      call("UpdateTable", R"({"TableName":"sss","WarmThroughput":{"ReadUnitsPerSecond":15000}})");
  CHECK(str(raised["TableDescription"]["WarmThroughput"]) ==
        R"({"ReadUnitsPerSecond":15000,"WriteUnitsPerSecond":4000,"Status":"UPDATING"})");
  CHECK(fail("UpdateTable", R"({"TableName":"sss","WarmThroughput":{"ReadUnitsPerSecond":13000}})")
            .message ==
        "One or more parameter values were invalid: Requested ReadUnitsPerSecond for "
        "WarmThroughput for table is lower than current WarmThroughput, decreasing WarmThroughput "
        "is not supported");
  CHECK(fail("UpdateTable", R"({"TableName":"sss","WarmThroughput":{"ReadUnitsPerSecond":20000},
      "BillingMode":"PAY_PER_REQUEST"})")
            .message ==
        "One or more parameter values were invalid: WarmThroughput must be the only operation in "
        "the request");
  call("DeleteTable", R"({"TableName":"sss"})");
  auto provisioned = call(
      "CreateTable", create_request(R"("WarmThroughput":{"ReadUnitsPerSecond":8})", "PROVISIONED"));
  CHECK(str(provisioned["TableDescription"]["WarmThroughput"]) ==
        R"({"ReadUnitsPerSecond":8,"WriteUnitsPerSecond":5,"Status":"CREATING"})");
  call("DeleteTable", R"({"TableName":"sss"})");
  CHECK(fail("CreateTable",
             create_request(R"("WarmThroughput":{"WriteUnitsPerSecond":4})", "PROVISIONED"))
            .message ==
        "One or more parameter values were invalid: Requested WriteUnitsPerSecond for "
        "WarmThroughput for table is lower than WriteCapacityUnits of ProvisionedThroughput");
}

TEST_CASE("Settings: every setting survives closing and reopening the database file") {
  namespace fs = std::filesystem;
  const fs::path file = fs::temp_directory_path() / "dynamini_table_settings_test.db";
  for (const char* suffix : {"", "-wal", "-shm", ".lock"}) fs::remove(file.string() + suffix);
  {
    ApiFixture f;
    f.db = dynamini::Database::open({.path = file.string()});
    f.call("CreateTable",
           create_request(
               R"("TableClass":"STANDARD_INFREQUENT_ACCESS","DeletionProtectionEnabled":true,
        "SSESpecification":{"Enabled":true,"SSEType":"KMS","KMSMasterKeyId":"alias/mine"},
        "OnDemandThroughput":{"MaxReadRequestUnits":7},"WarmThroughput":{"WriteUnitsPerSecond":5000},
        "Tags":[{"Key":"k","Value":"v"}],
        "ResourcePolicy":"{\"Version\":\"2012-10-17\",\"Statement\":[{\"Effect\":\"Deny\",\"Principal\":\"*\",\"Action\":\"dynamodb:DeleteTable\",\"Resource\":\"*\"}]}")"));
  }
  ApiFixture f;
  f.db = dynamini::Database::open({.path = file.string()});
  auto t = f.call("DescribeTable", R"({"TableName":"sss"})");
  const auto& table = t["Table"];
  CHECK(std::string(table["TableClassSummary"]["TableClass"].GetString()) ==
        "STANDARD_INFREQUENT_ACCESS");
  CHECK(table["DeletionProtectionEnabled"].GetBool());
  CHECK(std::string(table["SSEDescription"]["KMSMasterKeyArn"].GetString()) ==
        "arn:aws:kms:us-east-1:000000000000:alias/mine");
  CHECK(table["OnDemandThroughput"]["MaxReadRequestUnits"].GetInt64() == 7);
  CHECK(table["WarmThroughput"]["WriteUnitsPerSecond"].GetInt64() == 5000);
  CHECK(ApiFixture::str(f.call("ListTagsOfResource", kArn)) ==
        R"({"Tags":[{"Key":"k","Value":"v"}]})");
  CHECK(std::string(f.call("GetResourcePolicy", kArn)["Policy"].GetString()).find("DeleteTable") !=
        std::string::npos);
  f.db.reset();
  for (const char* suffix : {"", "-wal", "-shm", ".lock"}) fs::remove(file.string() + suffix);
}

TEST_CASE_FIXTURE(ApiFixture, "Settings: a global index's OnDemandThroughput and WarmThroughput") {
  call("CreateTable",
       R"({"TableName":"sss","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
      {"AttributeName":"g","AttributeType":"S"}],"KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],
      "BillingMode":"PAY_PER_REQUEST","GlobalSecondaryIndexes":[{"IndexName":"byG",
        "KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"},
        "OnDemandThroughput":{"MaxReadRequestUnits":20},"WarmThroughput":{"ReadUnitsPerSecond":14000}}]})");
  auto gsi = [&] {
    return ApiFixture::str(
        call("DescribeTable", R"({"TableName":"sss"})")["Table"]["GlobalSecondaryIndexes"][0]);
  };
  CHECK(
      gsi().find(R"("OnDemandThroughput":{"MaxReadRequestUnits":20,"MaxWriteRequestUnits":-1})") !=
      std::string::npos);
  CHECK(gsi().find(R"("WarmThroughput":{"ReadUnitsPerSecond":14000,"WriteUnitsPerSecond":4000,)"
                   R"("Status":"ACTIVE"})") != std::string::npos);
  // UpdateTable's Update action takes them on an on-demand table.
  auto updated =
      call("UpdateTable", R"({"TableName":"sss","GlobalSecondaryIndexUpdates":[{"Update":{
      "IndexName":"byG","OnDemandThroughput":{"MaxWriteRequestUnits":30}}}]})");
  CHECK(std::string(
            updated["TableDescription"]["GlobalSecondaryIndexes"][0]["IndexStatus"].GetString()) ==
        "UPDATING");
  CHECK(gsi().find(R"("MaxReadRequestUnits":20,"MaxWriteRequestUnits":30)") != std::string::npos);
  CHECK(fail("UpdateTable", R"({"TableName":"sss","GlobalSecondaryIndexUpdates":[{"Update":{
      "IndexName":"byG","WarmThroughput":{"ReadUnitsPerSecond":1}}}]})")
            .message ==
        "One or more parameter values were invalid: Requested ReadUnitsPerSecond for "
        "WarmThroughput for index byG is lower than current WarmThroughput, decreasing "
        "WarmThroughput is not supported");
}
