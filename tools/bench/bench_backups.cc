// dynamini-bench-backups: what backups, restores, point-in-time recovery,
// exports and imports cost, embedded (no HTTP), on a table of N items
// (default 100,000; pk/sk strings, a sparse GSI on a third of the items,
// ~200-byte items).
//
//   build/tools/bench/dynamini-bench-backups [--items N] [--db FILE]
//
// Prints, for each step, its wall time; CreateBackup, the restores and the
// export's staging copy hold the storage lock for their whole time (writers
// wait that long); the export's and import's file work runs in chunks.

#include <rapidjson/document.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "dynamini/database.h"

namespace {

using Clock = std::chrono::steady_clock;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

std::string require(dynamini::Database& db, const char* op, const std::string& body) {
  auto r = db.execute(op, body);
  if (!r.ok()) {
    std::fprintf(stderr, "%s failed: %s: %s\n", op, r.error->name(), r.error->message.c_str());
    std::exit(1);
  }
  return r.body;
}

std::string member(const std::string& json, const char* outer, const char* inner) {
  rapidjson::Document d;
  d.Parse(json.c_str());
  return d[outer][inner].GetString();
}

void fill(dynamini::Database& db, int items) {
  require(db, "CreateTable", R"({"TableName":"bench","BillingMode":"PAY_PER_REQUEST",
    "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"S"},
      {"AttributeName":"g","AttributeType":"S"}],
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
    "GlobalSecondaryIndexes":[{"IndexName":"byG","KeySchema":[{"AttributeName":"g","KeyType":"HASH"}],
      "Projection":{"ProjectionType":"ALL"}}]})");
  for (int start = 0; start < items; start += 25) {
    std::string batch = R"({"RequestItems":{"bench":[)";
    for (int i = start; i < std::min(items, start + 25); ++i) {
      if (i > start) batch += ",";
      batch +=
          R"({"PutRequest":{"Item":{"pk":{"S":"user)" + std::to_string(i % 1000) +
          R"("},"sk":{"S":"item)" + std::to_string(i) +
          R"("},"payload":{"S":"0123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890123456789"},"n":{"N":")" +
          std::to_string(i) + "\"}" +
          (i % 3 == 0 ? R"(,"g":{"S":"group)" + std::to_string(i % 10) + "\"}" : "") + "}}}";
    }
    require(db, "BatchWriteItem", batch + "]}}");
  }
}

double time_puts(dynamini::Database& db, int count, const char* tag) {
  auto start = Clock::now();
  for (int i = 0; i < count; ++i) {
    require(db, "PutItem",
            R"({"TableName":"bench","Item":{"pk":{"S":"w)" + std::string(tag) +
                R"("},"sk":{"S":")" + std::to_string(i) + R"("},"n":{"N":"1"}}})");
  }
  return ms_since(start) * 1000.0 / count;
}

}  // namespace

int main(int argc, char** argv) {
  int items = 100000;
  std::string path;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--items" && i + 1 < argc) items = std::atoi(argv[++i]);
    if (arg == "--db" && i + 1 < argc) path = argv[++i];
  }
  if (!path.empty()) std::filesystem::remove(path);
  auto db = dynamini::Database::open({.path = path, .ttl_sweep_interval_ms = 0});
  auto start = Clock::now();
  fill(*db, items);
  std::printf("load %d items: %.0f ms\n", items, ms_since(start));

  start = Clock::now();
  const std::string backup =
      member(require(*db, "CreateBackup", R"({"TableName":"bench","BackupName":"bench-backup"})"),
             "BackupDetails", "BackupArn");
  std::printf("CreateBackup: %.0f ms\n", ms_since(start));
  start = Clock::now();
  require(*db, "RestoreTableFromBackup",
          R"({"TargetTableName":"restored","BackupArn":")" + backup + R"("})");
  std::printf("RestoreTableFromBackup (items + GSI rows): %.0f ms\n", ms_since(start));

  const double put_off = time_puts(*db, 20000, "off");
  require(
      *db, "UpdateContinuousBackups",
      R"({"TableName":"bench","PointInTimeRecoverySpecification":{"PointInTimeRecoveryEnabled":true}})");
  const double put_on = time_puts(*db, 20000, "on");
  std::printf("PutItem: %.2f us without point-in-time recovery, %.2f us with it\n", put_off,
              put_on);
  start = Clock::now();
  require(*db, "RestoreTableToPointInTime",
          R"({"SourceTableName":"bench","TargetTableName":"pitr","UseLatestRestorableTime":true})");
  std::printf("RestoreTableToPointInTime (latest: copy, no undo): %.0f ms\n", ms_since(start));
  start = Clock::now();
  auto window = require(*db, "DescribeContinuousBackups", R"({"TableName":"bench"})");
  rapidjson::Document w;
  w.Parse(window.c_str());
  const double earliest = w["ContinuousBackupsDescription"]["PointInTimeRecoveryDescription"]
                           ["EarliestRestorableDateTime"]
                               .GetDouble();
  require(*db, "RestoreTableToPointInTime",
          R"({"SourceTableName":"bench","TargetTableName":"pitr_start","RestoreDateTime":)" +
              std::to_string(earliest) + "}");
  std::printf("RestoreTableToPointInTime (window start: copy, undo 20,000 writes): %.0f ms\n",
              ms_since(start));

  const auto dir = std::filesystem::temp_directory_path() / "dynamini-bench-export";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  start = Clock::now();
  const std::string exported = require(
      *db, "ExportTableToPointInTime",
      R"({"TableArn":"arn:aws:dynamodb:us-east-1:000000000000:table/bench","S3Bucket":"file://)" +
          dir.string() + "\"}");
  const double accepted = ms_since(start);
  db->wait_for_jobs();
  std::printf(
      "ExportTableToPointInTime: accepted (staging copy) in %.0f ms, files written in %.0f ms\n",
      accepted, ms_since(start));
  const std::string manifest = member(
      require(*db, "DescribeExport",
              R"({"ExportArn":")" + member(exported, "ExportDescription", "ExportArn") + R"("})"),
      "ExportDescription", "ExportManifest");
  start = Clock::now();
  require(*db, "ImportTable",
          R"({"S3BucketSource":{"S3Bucket":"file://)" + dir.string() + R"(","S3KeyPrefix":")" +
              std::filesystem::path(manifest).parent_path().string() + R"(/data/"},
      "InputFormat":"DYNAMODB_JSON","InputCompressionType":"GZIP","TableCreationParameters":{
      "TableName":"imported","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
      {"AttributeName":"sk","AttributeType":"S"}],"KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},
      {"AttributeName":"sk","KeyType":"RANGE"}],"BillingMode":"PAY_PER_REQUEST"}})");
  db->wait_for_jobs();
  std::printf("ImportTable of the export: %.0f ms\n", ms_since(start));
  std::filesystem::remove_all(dir);
  return 0;
}
