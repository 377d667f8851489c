// Point-in-time recovery: UpdateContinuousBackups, DescribeContinuousBackups
// and RestoreTableToPointInTime with an injected clock, over every write path
// (PutItem, UpdateItem, DeleteItem, BatchWriteItem, TransactWriteItems,
// PartiQL, TTL deletions).

#include <string>

#include "streams_fixture.h"

namespace {

struct PitrFixture : StreamsFixture {
  void enable(const std::string& table, const std::string& extra = "") {
    call("UpdateContinuousBackups",
         R"({"TableName":")" + table +
             R"(","PointInTimeRecoverySpecification":{"PointInTimeRecoveryEnabled":true)" + extra +
             "}}");
  }
  void put(const std::string& table, const std::string& pk, const std::string& value) {
    call("PutItem", R"({"TableName":")" + table + R"(","Item":{"pk":{"S":")" + pk +
                        R"("},"sk":{"S":"1"},"v":{"S":")" + value + R"("}}})");
  }
  // The table's items as "pk=v" in key order.
  std::string contents(const std::string& table) {
    auto scan = call("Scan", R"({"TableName":")" + table + R"("})");
    std::string out;
    for (const auto& i : scan["Items"].GetArray()) {
      out += std::string(i["pk"]["S"].GetString()) + "=" +
             (i.HasMember("v") ? i["v"]["S"].GetString() : "-") + " ";
    }
    return out;
  }
  void restore(const std::string& target, double seconds) {
    call("RestoreTableToPointInTime", R"({"SourceTableName":"src","TargetTableName":")" + target +
                                          R"(","RestoreDateTime":)" + std::to_string(seconds) +
                                          "}");
  }
};

}  // namespace

TEST_CASE_FIXTURE(PitrFixture, "PITR: DescribeContinuousBackups shows the window once enabled") {
  create_table("src", "");
  auto off = call("DescribeContinuousBackups", R"({"TableName":"src"})");
  CHECK(str(off) ==
        R"({"ContinuousBackupsDescription":{"ContinuousBackupsStatus":"ENABLED",)"
        R"("PointInTimeRecoveryDescription":{"PointInTimeRecoveryStatus":"DISABLED"}}})");
  enable("src", R"(,"RecoveryPeriodInDays":7)");
  advance_ms(5000);
  auto on = call("DescribeContinuousBackups", R"({"TableName":"src"})");
  const auto& d = on["ContinuousBackupsDescription"]["PointInTimeRecoveryDescription"];
  CHECK(std::string(d["PointInTimeRecoveryStatus"].GetString()) == "ENABLED");
  CHECK(d["RecoveryPeriodInDays"].GetInt() == 7);
  CHECK(d["EarliestRestorableDateTime"].GetDouble() == 1700000000.0);
  CHECK(d["LatestRestorableDateTime"].GetDouble() == 1700000005.0);
  advance_ms(8LL * 86400 * 1000);  // the window keeps 7 days
  auto later = call("DescribeContinuousBackups", R"({"TableName":"src"})");
  CHECK(later["ContinuousBackupsDescription"]["PointInTimeRecoveryDescription"]
             ["EarliestRestorableDateTime"]
                 .GetDouble() == 1700000005.0 + 86400);
}

TEST_CASE_FIXTURE(PitrFixture, "PITR: a restore to a moment between two writes has the first") {
  create_table("src", "");
  enable("src");
  advance_ms(1000);
  put("src", "a", "1");  // t = 1700000001
  advance_ms(2000);
  put("src", "a", "2");  // t = 1700000003
  put("src", "b", "1");
  restore("between", 1700000002.0);
  CHECK(contents("between") == "a=1 ");
  restore("before", 1700000000.5);
  CHECK(contents("before") == "");
  auto latest = call(
      "RestoreTableToPointInTime",
      R"({"SourceTableName":"src","TargetTableName":"latest","UseLatestRestorableTime":true})");
  CHECK(latest["TableDescription"]["RestoreSummary"]["RestoreDateTime"].GetDouble() ==
        1700000003.0);
  CHECK(contents("latest") == contents("src"));
}

TEST_CASE_FIXTURE(PitrFixture, "PITR: every write path is undone by a restore") {
  create_table("src", "");
  put("src", "keep", "1");
  put("src", "ttl", "1");
  enable("src");
  advance_ms(1000);
  put("src", "p", "1");
  call("UpdateItem", R"({"TableName":"src","Key":{"pk":{"S":"keep"},"sk":{"S":"1"}},
    "UpdateExpression":"SET v = :v","ExpressionAttributeValues":{":v":{"S":"changed"}}})");
  call("BatchWriteItem",
       R"({"RequestItems":{"src":[{"PutRequest":{"Item":{"pk":{"S":"batch"},"sk":{"S":"1"}}}}]}})");
  call(
      "TransactWriteItems",
      R"({"TransactItems":[{"Put":{"TableName":"src","Item":{"pk":{"S":"tx"},"sk":{"S":"1"}}}}]})");
  call("ExecuteStatement", R"({"Statement":"INSERT INTO src VALUE {'pk':'sql','sk':'1'}"})");
  call("DeleteItem", R"({"TableName":"src","Key":{"pk":{"S":"p"},"sk":{"S":"1"}}})");
  call("UpdateTimeToLive",
       R"({"TableName":"src","TimeToLiveSpecification":{"Enabled":true,"AttributeName":"exp"}})");
  call("UpdateItem", R"({"TableName":"src","Key":{"pk":{"S":"ttl"},"sk":{"S":"1"}},
    "UpdateExpression":"SET exp = :e","ExpressionAttributeValues":{":e":{"N":"1700000000"}}})");
  CHECK(db->sweep_expired_items() == 1);
  CHECK(contents("src") == "batch=- keep=changed sql=- tx=- ");
  restore("start", 1700000000.5);
  CHECK(contents("start") == "keep=1 ttl=1 ");
}

TEST_CASE_FIXTURE(PitrFixture, "PITR: times outside the window and disabled recovery are refused") {
  create_table("src", "");
  auto off =
      fail("RestoreTableToPointInTime",
           R"({"SourceTableName":"src","TargetTableName":"xyz","UseLatestRestorableTime":true})");
  CHECK(off.code == dynamini::ErrorCode::kPointInTimeRecoveryUnavailable);
  CHECK(off.message == "Point in time recovery is not enabled for table 'src'");
  enable("src");
  advance_ms(10000);
  auto early =
      fail("RestoreTableToPointInTime",
           R"({"SourceTableName":"src","TargetTableName":"xyz","RestoreDateTime":1699999990})");
  CHECK(early.code == dynamini::ErrorCode::kInvalidRestoreTime);
  CHECK(early.message ==
        "RestoreDateTime '2023-11-14T22:13:10Z' must be within EarliestRestorableDateTime "
        "'2023-11-14T22:13:20Z' and LatestRestorableDateTime '2023-11-14T22:13:30Z'");
  CHECK(fail("RestoreTableToPointInTime",
             R"({"SourceTableName":"src","TargetTableName":"xyz","RestoreDateTime":1700000011})")
            .code == dynamini::ErrorCode::kInvalidRestoreTime);
  CHECK(fail("DescribeTable", R"({"TableName":"xyz"})").code ==
        dynamini::ErrorCode::kResourceNotFound);
}

TEST_CASE_FIXTURE(PitrFixture, "PITR: disabling forgets the window; enabling starts a new one") {
  create_table("src", "");
  enable("src");
  advance_ms(1000);
  put("src", "a", "1");
  advance_ms(1000);
  call(
      "UpdateContinuousBackups",
      R"({"TableName":"src","PointInTimeRecoverySpecification":{"PointInTimeRecoveryEnabled":false}})");
  advance_ms(1000);
  enable("src");
  auto d = call("DescribeContinuousBackups", R"({"TableName":"src"})");
  CHECK(d["ContinuousBackupsDescription"]["PointInTimeRecoveryDescription"]
         ["EarliestRestorableDateTime"]
             .GetDouble() == 1700000003.0);
  CHECK(fail("RestoreTableToPointInTime",
             R"({"SourceTableName":"src","TargetTableName":"xyz","RestoreDateTime":1700000001})")
            .code == dynamini::ErrorCode::kInvalidRestoreTime);
}

TEST_CASE_FIXTURE(PitrFixture, "PITR: a restore keeps the source's GSI, queryable") {
  create_table("src", "");
  enable("src");
  advance_ms(1000);
  call("PutItem", R"({"TableName":"src","Item":{"pk":{"S":"a"},"sk":{"S":"1"},"g":{"S":"G"}}})");
  advance_ms(1000);
  call("PutItem", R"({"TableName":"src","Item":{"pk":{"S":"b"},"sk":{"S":"1"},"g":{"S":"G"}}})");
  restore("copy", 1700000001.5);
  auto q = call("Query", R"({"TableName":"copy","IndexName":"byG","KeyConditionExpression":"g = :g",
    "ExpressionAttributeValues":{":g":{"S":"G"}}})");
  CHECK(q["Count"].GetInt() == 1);
}
