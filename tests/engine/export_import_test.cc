// ExportTableToPointInTime and ImportTable on local directories: DynamoDB's
// export layout, a round trip, a hand-written export, ION, bad lines, a
// missing bucket, ClientToken.

#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include "streams_fixture.h"

namespace fs = std::filesystem;

namespace {

struct ExportFixture : StreamsFixture {
  fs::path dir = fs::temp_directory_path() / ("dynamini-export-test-" + std::to_string(::getpid()));
  ExportFixture() {
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~ExportFixture() { fs::remove_all(dir); }

  std::string bucket() const { return "file://" + dir.string(); }
  void enable(const std::string& table) {
    call("UpdateContinuousBackups",
         R"({"TableName":")" + table +
             R"(","PointInTimeRecoverySpecification":{"PointInTimeRecoveryEnabled":true}})");
  }
  // Starts an export and waits for it; returns its final description.
  rapidjson::Document export_table(const std::string& table, const std::string& extra = "") {
    auto started = call("ExportTableToPointInTime",
                        R"({"TableArn":"arn:aws:dynamodb:us-east-1:000000000000:table/)" + table +
                            R"(","S3Bucket":")" + bucket() + "\"" + extra + "}");
    CHECK(std::string(started["ExportDescription"]["ExportStatus"].GetString()) == "IN_PROGRESS");
    db->wait_for_jobs();
    return call("DescribeExport",
                R"({"ExportArn":")" +
                    std::string(started["ExportDescription"]["ExportArn"].GetString()) + R"("})");
  }
  rapidjson::Document import_table(const std::string& table, const std::string& prefix,
                                   const std::string& format, const std::string& compression) {
    auto started =
        call("ImportTable",
             R"({"S3BucketSource":{"S3Bucket":")" + bucket() + R"(","S3KeyPrefix":")" + prefix +
                 R"("},"InputFormat":")" + format + R"(","InputCompressionType":")" + compression +
                 R"(","TableCreationParameters":{"TableName":")" + table +
                 R"(","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},
        {"AttributeName":"sk","AttributeType":"S"}],"KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},
        {"AttributeName":"sk","KeyType":"RANGE"}],"BillingMode":"PAY_PER_REQUEST"}})");
    db->wait_for_jobs();
    return call("DescribeImport",
                R"({"ImportArn":")" +
                    std::string(started["ImportTableDescription"]["ImportArn"].GetString()) +
                    R"("})");
  }
  void write(const fs::path& path, const std::string& text) {
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
  }
  std::string read(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  std::string gunzip(const fs::path& path) {
    gzFile gz = gzopen(path.c_str(), "rb");
    std::string out;
    char buf[4096];
    int n;
    while ((n = gzread(gz, buf, sizeof buf)) > 0) out.append(buf, n);
    gzclose(gz);
    return out;
  }
  std::string scan(const std::string& table) {
    return str(call("Scan", R"({"TableName":")" + table + R"("})")["Items"]);
  }
  void fill(const std::string& table) {
    call("PutItem", R"({"TableName":")" + table + R"(","Item":{"pk":{"S":"a"},"sk":{"S":"1"},
      "n":{"N":"103"},"b":{"B":"YmFy"},"s":{"SS":["x","y"]},"ns":{"NS":["1","2.5"]},
      "l":{"L":[{"S":"q\"uote"},{"NULL":true},{"BOOL":false}]},"m":{"M":{"odd name":{"N":"-0.001"}}},
      "bs":{"BS":["AAE="]}}})");
    call("PutItem", R"({"TableName":")" + table +
                        R"(","Item":{"pk":{"S":"b"},"sk":{"S":"2"},"g":{"S":"G"}}})");
  }
};

}  // namespace

TEST_CASE_FIXTURE(ExportFixture, "Export: DynamoDB's layout, manifests and one item per line") {
  create_table("src", "");
  enable("src");
  fill("src");
  auto d_doc = export_table("src", R"(,"S3Prefix":"nightly/")");
  const auto& d = d_doc["ExportDescription"];
  REQUIRE(std::string(d["ExportStatus"].GetString()) == "COMPLETED");
  CHECK(d["ItemCount"].GetInt64() == 2);
  const std::string manifest = d["ExportManifest"].GetString();
  CHECK(manifest.starts_with("nightly/AWSDynamoDB/01700000000000-"));
  const fs::path root = dir / fs::path(manifest).parent_path();
  CHECK(fs::exists(root / "_started"));
  CHECK(fs::exists(root / "manifest-files.checksum"));
  rapidjson::Document summary;
  summary.Parse(read(root / "manifest-summary.json").c_str());
  CHECK(std::string(summary["version"].GetString()) == "2020-06-30");
  CHECK(summary["itemCount"].GetInt64() == 2);
  CHECK(std::string(summary["outputFormat"].GetString()) == "DYNAMODB_JSON");
  CHECK(std::string(summary["exportTime"].GetString()) == "2023-11-14T22:13:20.000Z");
  rapidjson::Document files;
  files.Parse(read(root / "manifest-files.json").c_str());
  const std::string data_key = files["dataFileS3Key"].GetString();
  CHECK(files["itemCount"].GetInt64() == 2);
  const std::string lines = gunzip(dir / data_key);
  INFO("data file: ", lines);
  // Attributes come in the stored item's order (names sorted); DynamoDB
  // documents no order within an item.
  CHECK(lines.find(R"({"Item":{"g":{"S":"G"},"pk":{"S":"b"},"sk":{"S":"2"}}})") !=
        std::string::npos);
  CHECK(std::count(lines.begin(), lines.end(), '\n') == 2);
}

TEST_CASE_FIXTURE(ExportFixture, "Export: an export at an earlier time shows the table then") {
  create_table("src", "");
  enable("src");
  advance_ms(1000);
  fill("src");
  advance_ms(1000);
  call("DeleteItem", R"({"TableName":"src","Key":{"pk":{"S":"a"},"sk":{"S":"1"}}})");
  auto d_doc = export_table("src", R"(,"ExportTime":1700000001.5)");
  const auto& d = d_doc["ExportDescription"];
  CHECK(d["ItemCount"].GetInt64() == 2);
  CHECK(d["ExportTime"].GetDouble() == 1700000001.5);
}

TEST_CASE_FIXTURE(ExportFixture, "Export and import: a round trip gives the same items") {
  create_table("src", "");
  enable("src");
  fill("src");
  for (int i = 0; i < 2500; ++i) {
    call("PutItem", R"({"TableName":"src","Item":{"pk":{"S":"k)" + std::to_string(i) +
                        R"("},"sk":{"S":"s"},"v":{"N":")" + std::to_string(i * 7) + R"("}}})");
  }
  auto d_doc = export_table("src");
  const auto& d = d_doc["ExportDescription"];
  REQUIRE(std::string(d["ExportStatus"].GetString()) == "COMPLETED");
  const std::string data =
      (fs::path(d["ExportManifest"].GetString()).parent_path() / "data/").string();
  auto i_doc = import_table("copy", data, "DYNAMODB_JSON", "GZIP");
  const auto& i = i_doc["ImportTableDescription"];
  CHECK(std::string(i["ImportStatus"].GetString()) == "COMPLETED");
  CHECK(i["ImportedItemCount"].GetInt64() == 2502);
  CHECK(i["ErrorCount"].GetInt64() == 0);
  CHECK(scan("copy") == scan("src"));
}

TEST_CASE_FIXTURE(ExportFixture, "Export and import: ION round trip keeps every type") {
  create_table("src", "");
  enable("src");
  fill("src");
  auto d_doc = export_table("src", R"(,"ExportFormat":"ION")");
  const auto& d = d_doc["ExportDescription"];
  REQUIRE(std::string(d["ExportStatus"].GetString()) == "COMPLETED");
  const fs::path root = dir / fs::path(d["ExportManifest"].GetString()).parent_path();
  rapidjson::Document files;
  files.Parse(read(root / "manifest-files.json").c_str());
  const std::string data_key = files["dataFileS3Key"].GetString();
  CHECK(data_key.ends_with(".ion.gz"));
  const std::string ion = gunzip(dir / data_key);
  CHECK(ion.find("$ion_1_0 {Item:{g:\"G\",pk:\"b\",sk:\"2\"}}") != std::string::npos);
  CHECK(ion.find("n:103.") != std::string::npos);
  CHECK(ion.find("s:$dynamodb_SS::[\"x\",\"y\"]") != std::string::npos);
  CHECK(ion.find("'odd name':-0.001") != std::string::npos);
  auto i_doc =
      import_table("copy", (root.lexically_relative(dir) / "data").string(), "ION", "GZIP");
  const auto& i = i_doc["ImportTableDescription"];
  CHECK(std::string(i["ImportStatus"].GetString()) == "COMPLETED");
  CHECK(scan("copy") == scan("src"));
}

TEST_CASE_FIXTURE(ExportFixture, "Import: a hand-written export in DynamoDB's layout") {
  const std::string text =
      R"({"Item":{"pk":{"S":"h1"},"sk":{"S":"a"},"n":{"N":"5"}}})"
      "\n"
      R"({"Item":{"pk":{"S":"h2"},"sk":{"S":"b"},"bin":{"B":"AAEC"}}} {"Item":{"pk":{"S":"h3"},"sk":{"S":"c"}}})"
      "\n";
  gzFile gz =
      gzopen((dir / "AWSDynamoDB/01234567890123-abcdef01/data/part1.json.gz").c_str(), "wb");
  CHECK(gz == nullptr);  // the directory does not exist yet
  fs::create_directories(dir / "AWSDynamoDB/01234567890123-abcdef01/data");
  gz = gzopen((dir / "AWSDynamoDB/01234567890123-abcdef01/data/part1.json.gz").c_str(), "wb");
  gzwrite(gz, text.data(), static_cast<unsigned>(text.size()));
  gzclose(gz);
  auto i_doc =
      import_table("hand", "AWSDynamoDB/01234567890123-abcdef01/data/", "DYNAMODB_JSON", "GZIP");
  const auto& i = i_doc["ImportTableDescription"];
  CHECK(std::string(i["ImportStatus"].GetString()) == "COMPLETED");
  CHECK(i["ProcessedItemCount"].GetInt64() == 3);
  CHECK(i["ProcessedSizeBytes"].GetInt64() > 0);
  CHECK(call("Scan", R"({"TableName":"hand"})")["Count"].GetInt() == 3);
}

// The Developer Guide shows Ion two ways: an export's line, formatted over
// several lines ("DynamoDB table export output format"), and an import file
// as one list of {Item:...} after one version marker ("Amazon S3 import
// formats for DynamoDB"). Both import, numbers as DynamoDB's N (6d2 is 600).
TEST_CASE_FIXTURE(ExportFixture,
                  "Import: the Developer Guide's Ion examples, a struct and a list") {
  write(dir / "ion/export.ion", R"($ion_1_0 {
    Item:{
        pk:"b103", sk:"x",
        Authors:$dynamodb_SS::["Author1","Author2"],
        Id:103.,
        InPublication:false,
        PageCount:6d2,
        Price:2d3
    }
}
)");
  write(dir / "ion/list.ion", R"(
$ion_1_0
[
  { Item:{ pk:"b104", sk:"x", Id:104., PageCount:6d2 } },
  { Item:{ pk:"b105", sk:"x", Id:105., Price:2d3 } }
]
)");
  auto i_doc = import_table("books", "ion/", "ION", "NONE");
  const auto& i = i_doc["ImportTableDescription"];
  CHECK(std::string(i["ImportStatus"].GetString()) == "COMPLETED");
  CHECK(i["ImportedItemCount"].GetInt64() == 3);
  CHECK(i["ErrorCount"].GetInt64() == 0);
  auto got = call("GetItem", R"({"TableName":"books","Key":{"pk":{"S":"b103"},"sk":{"S":"x"}}})");
  CHECK(str(got["Item"]["PageCount"]) == R"({"N":"600"})");
  CHECK(str(got["Item"]["Price"]) == R"({"N":"2000"})");
  CHECK(str(got["Item"]["Authors"]) == R"({"SS":["Author1","Author2"]})");
  got = call("GetItem", R"({"TableName":"books","Key":{"pk":{"S":"b105"},"sk":{"S":"x"}}})");
  CHECK(str(got["Item"]["Id"]) == R"({"N":"105"})");
}

TEST_CASE_FIXTURE(ExportFixture, "Import: bad items are errors, garbage ends the object, FAILED") {
  write(dir / "in/1.json", R"({"Item":{"pk":{"S":"ok1"},"sk":{"S":"x"}}})"
                           "\n"
                           R"({"Item":{"sk":{"S":"no key"}}})"
                           "\n"
                           R"({"pk":{"S":"no Item wrapper"}})"
                           "\n"
                           R"({"Item":{"pk":{"S":"ok2"},"sk":{"S":"x"}}})"
                           "\nthis is not json\n"
                           R"({"Item":{"pk":{"S":"never read"},"sk":{"S":"x"}}})"
                           "\n");
  write(dir / "in/2.json", R"({"Item":{"pk":{"S":"ok3"},"sk":{"S":"x"}}})");
  auto i_doc = import_table("partial", "in/", "DYNAMODB_JSON", "NONE");
  const auto& i = i_doc["ImportTableDescription"];
  CHECK(std::string(i["ImportStatus"].GetString()) == "FAILED");
  CHECK(std::string(i["FailureCode"].GetString()) == "ItemValidationError");
  CHECK(std::string(i["FailureMessage"].GetString())
            .starts_with("Some of the items failed validation checks and were not imported."));
  CHECK(i["ProcessedItemCount"].GetInt64() == 6);
  CHECK(i["ImportedItemCount"].GetInt64() == 3);
  CHECK(i["ErrorCount"].GetInt64() == 3);
  CHECK(call("Scan", R"({"TableName":"partial"})")["Count"].GetInt() == 3);
}

TEST_CASE_FIXTURE(ExportFixture, "Export and import: a missing bucket fails; no table is made") {
  create_table("src", "");
  enable("src");
  auto started = call(
      "ExportTableToPointInTime",
      R"({"TableArn":"arn:aws:dynamodb:us-east-1:000000000000:table/src","S3Bucket":"nobucket"})");
  db->wait_for_jobs();
  auto d_doc =
      call("DescribeExport",
           R"({"ExportArn":")" +
               std::string(started["ExportDescription"]["ExportArn"].GetString()) + R"("})");
  const auto& d = d_doc["ExportDescription"];
  CHECK(std::string(d["ExportStatus"].GetString()) == "FAILED");
  CHECK(std::string(d["FailureCode"].GetString()) == "S3NoSuchBucket");
  auto imported = call("ImportTable",
                       R"({"S3BucketSource":{"S3Bucket":"nobucket"},"InputFormat":"DYNAMODB_JSON",
    "TableCreationParameters":{"TableName":"never","AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],"BillingMode":"PAY_PER_REQUEST"}})");
  db->wait_for_jobs();
  auto i_doc =
      call("DescribeImport",
           R"({"ImportArn":")" +
               std::string(imported["ImportTableDescription"]["ImportArn"].GetString()) + R"("})");
  const auto& i = i_doc["ImportTableDescription"];
  CHECK(std::string(i["ImportStatus"].GetString()) == "FAILED");
  CHECK(std::string(i["FailureCode"].GetString()) == "S3NoSuchBucket");
  CHECK(fail("DescribeTable", R"({"TableName":"never"})").code ==
        dynamini::ErrorCode::kResourceNotFound);
}

TEST_CASE_FIXTURE(ExportFixture, "Export: the same ClientToken answers the same export") {
  create_table("src", "");
  enable("src");
  const std::string req =
      R"({"TableArn":"arn:aws:dynamodb:us-east-1:000000000000:table/src","S3Bucket":")" + bucket() +
      R"(","ClientToken":"t1")";
  auto first = call("ExportTableToPointInTime", req + "}");
  auto again = call("ExportTableToPointInTime", req + "}");
  CHECK(std::string(first["ExportDescription"]["ExportArn"].GetString()) ==
        again["ExportDescription"]["ExportArn"].GetString());
  auto e = fail("ExportTableToPointInTime", req + R"(,"S3Prefix":"other"})");
  CHECK(e.code == dynamini::ErrorCode::kExportConflict);
  db->wait_for_jobs();
  auto list =
      call("ListExports", R"({"TableArn":"arn:aws:dynamodb:us-east-1:000000000000:table/src"})");
  REQUIRE(list["ExportSummaries"].Size() == 1);
  CHECK(std::string(list["ExportSummaries"][0]["ExportStatus"].GetString()) == "COMPLETED");
  CHECK(std::string(list["ExportSummaries"][0]["ExportType"].GetString()) == "FULL_EXPORT");
}

TEST_CASE_FIXTURE(ExportFixture, "ListImports pages with NextToken, newest first") {
  for (const char* name : {"imp1", "imp2", "imp3"}) {
    write(dir / name / "x.json", R"({"Item":{"pk":{"S":"a"},"sk":{"S":"b"}}})");
    advance_ms(1000);
    import_table(name, std::string(name) + "/", "DYNAMODB_JSON", "NONE");
  }
  auto page = call("ListImports", R"({"PageSize":2})");
  REQUIRE(page["ImportSummaryList"].Size() == 2);
  const std::string token = page["NextToken"].GetString();
  CHECK(token.size() % 16 == 0);
  auto next = call("ListImports", R"({"PageSize":2,"NextToken":")" + token + R"("})");
  CHECK(next["ImportSummaryList"].Size() == 1);
  CHECK(!next.HasMember("NextToken"));
}
