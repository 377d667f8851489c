// On-demand backups: CreateBackup, DescribeBackup, ListBackups, DeleteBackup,
// RestoreTableFromBackup (overrides, indexes), SYSTEM backups of tables
// deleted with point-in-time recovery on, and backups kept in a file database.

#include <cstdio>
#include <filesystem>
#include <string>

#include "streams_fixture.h"

namespace {

struct BackupFixture : StreamsFixture {
  // Items a..e in `table`; b and d carry the GSI key g.
  void fill(const std::string& table) {
    for (const char* pk : {"a", "b", "c", "d", "e"}) {
      std::string g = (std::string(pk) == "b" || std::string(pk) == "d") ? R"(,"g":{"S":"G"})" : "";
      call("PutItem", R"({"TableName":")" + table + R"(","Item":{"pk":{"S":")" + pk +
                          R"("},"sk":{"S":"1"},"n":{"N":"1.50"})" + g + "}}");
    }
  }
  std::string backup(const std::string& table, const std::string& name) {
    auto r =
        call("CreateBackup", R"({"TableName":")" + table + R"(","BackupName":")" + name + R"("})");
    return r["BackupDetails"]["BackupArn"].GetString();
  }
  std::string scan(const std::string& table) {
    return str(call("Scan", R"({"TableName":")" + table + R"("})")["Items"]);
  }
};

}  // namespace

TEST_CASE_FIXTURE(BackupFixture, "Backups: CreateBackup says CREATING, DescribeBackup AVAILABLE") {
  create_table("src", "NEW_IMAGE");
  fill("src");
  auto created = call("CreateBackup", R"({"TableName":"src","BackupName":"nightly"})");
  const auto& details = created["BackupDetails"];
  CHECK(std::string(details["BackupStatus"].GetString()) == "CREATING");
  CHECK(std::string(details["BackupType"].GetString()) == "USER");
  CHECK(details["BackupCreationDateTime"].GetDouble() == 1700000000.0);
  const std::string arn = details["BackupArn"].GetString();
  CHECK(
      arn.starts_with("arn:aws:dynamodb:us-east-1:000000000000:table/src/backup/01700000000000-"));
  auto d_doc = call("DescribeBackup", R"({"BackupArn":")" + arn + R"("})");
  const auto& d = d_doc["BackupDescription"];
  CHECK(std::string(d["BackupDetails"]["BackupStatus"].GetString()) == "AVAILABLE");
  CHECK(d["SourceTableDetails"]["ItemCount"].GetInt64() == 5);
  CHECK(std::string(d["SourceTableDetails"]["BillingMode"].GetString()) == "PAY_PER_REQUEST");
  CHECK(str(d["SourceTableDetails"]["ProvisionedThroughput"]) ==
        R"({"ReadCapacityUnits":0,"WriteCapacityUnits":0})");
  const auto& features = d["SourceTableFeatureDetails"];
  CHECK(std::string(features["GlobalSecondaryIndexes"][0]["IndexName"].GetString()) == "byG");
  CHECK(str(features["StreamDescription"]) ==
        R"({"StreamEnabled":true,"StreamViewType":"NEW_IMAGE"})");
}

TEST_CASE_FIXTURE(BackupFixture,
                  "Backups: a restore under a new name has every item and a queryable GSI") {
  create_table("src", "NEW_AND_OLD_IMAGES");
  fill("src");
  const std::string arn = backup("src", "bk1");
  call("PutItem", R"({"TableName":"src","Item":{"pk":{"S":"later"},"sk":{"S":"1"}}})");
  auto r =
      call("RestoreTableFromBackup", R"({"TargetTableName":"copy","BackupArn":")" + arn + R"("})");
  const auto& t = r["TableDescription"];
  CHECK(std::string(t["TableStatus"].GetString()) == "CREATING");
  CHECK(std::string(t["RestoreSummary"]["SourceBackupArn"].GetString()) == arn);
  CHECK(t["RestoreSummary"]["RestoreInProgress"].GetBool());
  CHECK(t["ItemCount"].GetInt64() == 5);
  CHECK(!t.HasMember("StreamSpecification"));  // streams are not restored
  CHECK(scan("copy") != scan("src"));          // "later" came after the backup
  call("DeleteItem", R"({"TableName":"src","Key":{"pk":{"S":"later"},"sk":{"S":"1"}}})");
  CHECK(scan("copy") == scan("src"));
  auto q = call("Query", R"({"TableName":"copy","IndexName":"byG","KeyConditionExpression":"g = :g",
    "ExpressionAttributeValues":{":g":{"S":"G"}}})");
  CHECK(q["Count"].GetInt() == 2);
  auto described_doc = call("DescribeTable", R"({"TableName":"copy"})");
  const auto& described = described_doc["Table"];
  CHECK(std::string(described["TableStatus"].GetString()) == "ACTIVE");
  CHECK(!described.HasMember("RestoreSummary"));
}

TEST_CASE_FIXTURE(BackupFixture, "Backups: GlobalSecondaryIndexOverride [] restores no index") {
  create_table("src", "");
  fill("src");
  const std::string arn = backup("src", "bk1");
  auto r = call("RestoreTableFromBackup", R"({"TargetTableName":"bare","BackupArn":")" + arn +
                                              R"(","GlobalSecondaryIndexOverride":[]})");
  CHECK(!r["TableDescription"].HasMember("GlobalSecondaryIndexes"));
  CHECK(
      str(r["TableDescription"]["AttributeDefinitions"]) ==
      R"([{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"S"}])");
  CHECK(scan("bare") == scan("src"));
}

TEST_CASE_FIXTURE(BackupFixture,
                  "Backups: an index override may rename a source index, not make a new one") {
  create_table("src", "");
  fill("src");
  const std::string arn = backup("src", "bk1");
  auto r =
      call("RestoreTableFromBackup", R"({"TargetTableName":"renamed","BackupArn":")" + arn +
                                         R"(","GlobalSecondaryIndexOverride":[{"IndexName":"byG2",
      "KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],"Projection":{"ProjectionType":"ALL"}}]})");
  CHECK(std::string(r["TableDescription"]["GlobalSecondaryIndexes"][0]["IndexName"].GetString()) ==
        "byG2");
  auto q =
      call("Query", R"({"TableName":"renamed","IndexName":"byG2","KeyConditionExpression":"g = :g",
    "ExpressionAttributeValues":{":g":{"S":"G"}}})");
  CHECK(q["Count"].GetInt() == 2);
  auto e =
      fail("RestoreTableFromBackup", R"({"TargetTableName":"other","BackupArn":")" + arn +
                                         R"(","GlobalSecondaryIndexOverride":[{"IndexName":"byG",
      "KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],"Projection":{"ProjectionType":"KEYS_ONLY"}}]})");
  CHECK(e.message ==
        "Index byG does not match a secondary index that existed in the source table and cannot "
        "be created during the restore operation");
  CHECK(fail("DescribeTable", R"({"TableName":"other"})").code ==
        dynamini::ErrorCode::kResourceNotFound);
}

TEST_CASE_FIXTURE(BackupFixture, "Backups: BillingModeOverride PROVISIONED with its throughput") {
  create_table("src", "");
  fill("src");
  const std::string arn = backup("src", "bk1");
  auto r = call("RestoreTableFromBackup", R"({"TargetTableName":"prov","BackupArn":")" + arn +
                                              R"(","BillingModeOverride":"PROVISIONED",
      "ProvisionedThroughputOverride":{"ReadCapacityUnits":7,"WriteCapacityUnits":3}})");
  const auto& t = r["TableDescription"];
  CHECK(t["ProvisionedThroughput"]["ReadCapacityUnits"].GetInt64() == 7);
  CHECK(t["GlobalSecondaryIndexes"][0]["ProvisionedThroughput"]["WriteCapacityUnits"].GetInt64() ==
        3);
  CHECK(!t.HasMember("BillingModeSummary"));
}

TEST_CASE_FIXTURE(BackupFixture, "Backups: a restore into a taken name changes nothing") {
  create_table("src", "");
  create_table("taken", "");
  fill("src");
  const std::string arn = backup("src", "bk1");
  auto e =
      fail("RestoreTableFromBackup", R"({"TargetTableName":"taken","BackupArn":")" + arn + R"("})");
  CHECK(e.code == dynamini::ErrorCode::kTableAlreadyExists);
  CHECK(e.message == "Table already exists: taken");
  CHECK(scan("taken") == "[]");
}

TEST_CASE_FIXTURE(BackupFixture, "Backups: DeleteBackup answers DELETED; then it is not found") {
  create_table("src", "");
  const std::string arn = backup("src", "bk1");
  auto d = call("DeleteBackup", R"({"BackupArn":")" + arn + R"("})");
  CHECK(std::string(d["BackupDescription"]["BackupDetails"]["BackupStatus"].GetString()) ==
        "DELETED");
  auto e = fail("DescribeBackup", R"({"BackupArn":")" + arn + R"("})");
  CHECK(e.code == dynamini::ErrorCode::kBackupNotFound);
  CHECK(e.message == "Backup not found: " + arn);
  CHECK(fail("DeleteBackup", R"({"BackupArn":")" + arn + R"("})").code ==
        dynamini::ErrorCode::kBackupNotFound);
}

TEST_CASE_FIXTURE(BackupFixture, "Backups: ListBackups filters by table and time, and pages") {
  create_table("one", "");
  create_table("two", "");
  const std::string a = backup("one", "bka");
  advance_ms(1000);
  const std::string b = backup("two", "bkb");
  advance_ms(1000);
  const std::string c = backup("one", "bkc");
  auto all_doc = call("ListBackups", "{}");
  const auto& all = all_doc["BackupSummaries"];
  REQUIRE(all.Size() == 3);
  CHECK(std::string(all[0]["BackupArn"].GetString()) == a);
  CHECK(std::string(all[2]["BackupArn"].GetString()) == c);
  CHECK(call("ListBackups", R"({"TableName":"one"})")["BackupSummaries"].Size() == 2);
  CHECK(call("ListBackups", R"({"TableName":"gone"})")["BackupSummaries"].Size() == 0);
  // [lower, upper): b's own time is in, c's is out.
  auto range =
      call("ListBackups", R"({"TimeRangeLowerBound":1700000001,"TimeRangeUpperBound":1700000002})");
  REQUIRE(range["BackupSummaries"].Size() == 1);
  CHECK(std::string(range["BackupSummaries"][0]["BackupArn"].GetString()) == b);
  auto page = call("ListBackups", R"({"Limit":2})");
  CHECK(page["BackupSummaries"].Size() == 2);
  const std::string last = page["LastEvaluatedBackupArn"].GetString();
  CHECK(last == b);
  auto next = call("ListBackups", R"({"Limit":2,"ExclusiveStartBackupArn":")" + last + R"("})");
  CHECK(next["BackupSummaries"].Size() == 1);
  CHECK(!next.HasMember("LastEvaluatedBackupArn"));
  call("DeleteBackup", R"({"BackupArn":")" + b + R"("})");  // a pure cursor: b's place stays
  CHECK(call("ListBackups", R"({"ExclusiveStartBackupArn":")" + b + R"("})")["BackupSummaries"]
            .Size() == 1);
}

TEST_CASE_FIXTURE(BackupFixture,
                  "Backups: deleting a table with recovery on leaves a SYSTEM backup for 35 days") {
  create_table("gone", "");
  fill("gone");
  call(
      "UpdateContinuousBackups",
      R"({"TableName":"gone","PointInTimeRecoverySpecification":{"PointInTimeRecoveryEnabled":true}})");
  call("DeleteTable", R"({"TableName":"gone"})");
  CHECK(call("ListBackups", "{}")["BackupSummaries"].Size() == 0);  // USER by default
  auto system_doc = call("ListBackups", R"({"BackupType":"SYSTEM"})");
  const auto& system = system_doc["BackupSummaries"];
  REQUIRE(system.Size() == 1);
  CHECK(std::string(system[0]["BackupName"].GetString()) == "gone$DeletedTableBackup");
  const std::string arn = system[0]["BackupArn"].GetString();
  CHECK(arn.ends_with("-00000000"));
  CHECK(system[0]["BackupExpiryDateTime"].GetDouble() == 1700000000.0 + 35 * 86400);
  auto e = fail("DeleteBackup", R"({"BackupArn":")" + arn + R"("})");
  CHECK(e.message == "User is not allowed to delete the system backup with arn " + arn +
                         ". It will automatically expire on 2023-12-19T22:13:20.000Z");
  call("RestoreTableFromBackup", R"({"TargetTableName":"back","BackupArn":")" + arn + R"("})");
  CHECK(call("Scan", R"({"TableName":"back"})")["Count"].GetInt() == 5);
  advance_ms(35LL * 86400 * 1000);
  CHECK(call("ListBackups", R"({"BackupType":"ALL"})")["BackupSummaries"].Size() == 0);
}

TEST_CASE("Backups: a file database keeps its backups across a reopen") {
  const std::string path =
      (std::filesystem::temp_directory_path() / "dynamini-backups-test.db").string();
  std::filesystem::remove(path);
  std::string arn;
  {
    auto db = dynamini::Database::open({.path = path, .ttl_sweep_interval_ms = 0});
    REQUIRE(db->execute("CreateTable", R"({"TableName":"src","BillingMode":"PAY_PER_REQUEST",
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}]})")
                .ok());
    REQUIRE(db->execute("PutItem", R"({"TableName":"src","Item":{"pk":{"S":"x"}}})").ok());
    auto r = db->execute("CreateBackup", R"({"TableName":"src","BackupName":"keep"})");
    REQUIRE(r.ok());
    rapidjson::Document d;
    d.Parse(r.body.c_str());
    arn = d["BackupDetails"]["BackupArn"].GetString();
  }
  {
    auto db = dynamini::Database::open({.path = path, .ttl_sweep_interval_ms = 0});
    CHECK(db->execute("DescribeBackup", R"({"BackupArn":")" + arn + R"("})").ok());
    CHECK(db->execute("RestoreTableFromBackup",
                      R"({"TargetTableName":"again","BackupArn":")" + arn + R"("})")
              .ok());
    auto scan = db->execute("Scan", R"({"TableName":"again"})");
    CHECK(scan.body.find(R"("Count":1)") != std::string::npos);
  }
  std::filesystem::remove(path);
  std::filesystem::remove(path + "-wal");
  std::filesystem::remove(path + "-shm");
}
