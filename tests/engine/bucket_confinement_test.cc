// Options::bucket_directory confines export and import buckets: a bucket
// named, or given as file://, inside it works; one outside it (by path, "..",
// or a symbolic link) is S3NoSuchBucket and nothing is written there; an
// import lists no file reached through a link leading out of its bucket.

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "streams_fixture.h"

namespace fs = std::filesystem;

namespace {

struct ConfinedFixture : StreamsFixture {
  fs::path work =
      fs::temp_directory_path() / ("dynamini-confined-test-" + std::to_string(::getpid()));
  fs::path root = work / "root";
  fs::path outside = work / "outside";

  ConfinedFixture() {
    fs::remove_all(work);
    fs::create_directories(root / "bk" / "data");
    fs::create_directories(outside);
    std::ofstream(outside / "secret.json") << R"({"Item":{"pk":{"S":"stolen"}}})"
                                           << "\n";
    std::ofstream(root / "bk" / "data" / "ok.json") << R"({"Item":{"pk":{"S":"inside"}}})"
                                                    << "\n";
    fs::create_directory_symlink(outside, root / "escape");
    fs::create_symlink(outside / "secret.json", root / "bk" / "data" / "stolen.json");
    dynamini::Options o = options();
    o.bucket_directory = root.string();
    db = dynamini::Database::open(o);
    call("CreateTable", R"({"TableName":"src","BillingMode":"PAY_PER_REQUEST",
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}]})");
    call(
        "UpdateContinuousBackups",
        R"({"TableName":"src","PointInTimeRecoverySpecification":{"PointInTimeRecoveryEnabled":true}})");
  }
  ~ConfinedFixture() { fs::remove_all(work); }

  // The final description of an export of "src" to `bucket`.
  rapidjson::Document export_to(const std::string& bucket) {
    auto started = call("ExportTableToPointInTime",
                        R"({"TableArn":"arn:aws:dynamodb:us-east-1:000000000000:table/src",)"
                        R"("S3Bucket":")" +
                            bucket + "\"}");
    db->wait_for_jobs();
    return call("DescribeExport",
                R"({"ExportArn":")" +
                    std::string(started["ExportDescription"]["ExportArn"].GetString()) + R"("})");
  }
};

std::string member(const rapidjson::Value& v, const char* name) {
  return v.HasMember(name) ? v[name].GetString() : "";
}

}  // namespace

TEST_CASE_FIXTURE(ConfinedFixture, "Buckets: inside the bucket directory, by name or file://") {
  for (const std::string& bucket : {std::string("bk"), "file://" + (root / "bk").string()}) {
    CAPTURE(bucket);
    auto d = export_to(bucket);
    CHECK(member(d["ExportDescription"], "ExportStatus") == "COMPLETED");
  }
}

TEST_CASE_FIXTURE(ConfinedFixture, "Buckets: outside it, by path, '..' or a link, do not exist") {
  for (const std::string& bucket :
       {"file://" + outside.string(), "file://" + (root / "..").string() + "/outside",
        std::string("escape"), "file://" + (root / "escape").string()}) {
    CAPTURE(bucket);
    auto d = export_to(bucket);
    CHECK(member(d["ExportDescription"], "ExportStatus") == "FAILED");
    CHECK(member(d["ExportDescription"], "FailureCode") == "S3NoSuchBucket");
  }
  // Nothing was written outside: secret.json is all there is.
  CHECK(std::distance(fs::directory_iterator(outside), fs::directory_iterator()) == 1);
}

TEST_CASE_FIXTURE(ConfinedFixture, "Buckets: an import skips a link to a file outside") {
  auto started = call("ImportTable", R"({"S3BucketSource":{"S3Bucket":"bk","S3KeyPrefix":"data/"},
    "InputFormat":"DYNAMODB_JSON","InputCompressionType":"NONE",
    "TableCreationParameters":{"TableName":"dst","BillingMode":"PAY_PER_REQUEST",
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}]}})");
  db->wait_for_jobs();
  auto d =
      call("DescribeImport",
           R"({"ImportArn":")" +
               std::string(started["ImportTableDescription"]["ImportArn"].GetString()) + R"("})");
  CHECK(member(d["ImportTableDescription"], "ImportStatus") == "COMPLETED");
  CHECK(d["ImportTableDescription"]["ImportedItemCount"].GetInt64() == 1);
  CHECK(call("Scan", R"({"TableName":"dst"})")["Items"][0]["pk"]["S"].GetString() ==
        std::string("inside"));
}
