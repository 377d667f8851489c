#include <filesystem>
#include <iostream>
#include <string>
#include <string_view>

#include "cli/commands.h"
#include "cli/json_out.h"
#include "cli/transfer_job.h"

namespace dynamini::cli {
namespace {

constexpr char kExportUsage[] =
    "Usage: dynamini export TABLE --to DIR (--db FILE | --endpoint URL)\n"
    "                       [--prefix P] [--format DYNAMODB_JSON|ION] [--time EPOCH_SECONDS]\n"
    "                       [--enable-pitr] [--quiet]\n"
    "Exports TABLE with ExportTableToPointInTime to the directory DIR (standing for the\n"
    "S3 bucket), in DynamoDB's layout: DIR/[P/]AWSDynamoDB/<ExportId>/... with its\n"
    "manifests and gzipped data files, showing progress. Prints the export's directory.\n"
    "The table needs point-in-time recovery: --enable-pitr turns it on first.\n"
    "Against --endpoint, DIR is a directory of the server's machine.\n";

struct ExportArgs {
  std::string table, dir, db, endpoint, prefix, format, time;
  bool enable_pitr = false, quiet = false, help = false;
};

ExportArgs parse_export_args(int argc, char** argv) {
  ExportArgs a;
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg == "--to") {
      a.dir = flag_value(argc, argv, i);
    } else if (arg == "--db") {
      a.db = flag_value(argc, argv, i);
    } else if (arg == "--endpoint") {
      a.endpoint = flag_value(argc, argv, i);
    } else if (arg == "--prefix") {
      a.prefix = flag_value(argc, argv, i);
    } else if (arg == "--format") {
      a.format = flag_value(argc, argv, i);
    } else if (arg == "--time") {
      a.time = flag_value(argc, argv, i);
    } else if (arg == "--enable-pitr") {
      a.enable_pitr = true;
    } else if (arg == "--quiet") {
      a.quiet = true;
    } else if (arg == "--help") {
      a.help = true;
    } else if (!arg.starts_with("-") && a.table.empty()) {
      a.table = std::string(arg);
    } else {
      throw std::runtime_error("unknown argument '" + std::string(arg) + "'");
    }
  }
  if (!a.help && (a.table.empty() || a.dir.empty() || a.db.empty() == a.endpoint.empty())) {
    throw std::runtime_error("needs TABLE, --to DIR and one of --db FILE or --endpoint URL");
  }
  return a;
}

std::string table_request(const std::string& table) {
  rapidjson::Document r(rapidjson::kObjectType);
  r.AddMember("TableName", rapidjson::Value(table.c_str(), r.GetAllocator()), r.GetAllocator());
  return json_text(r);
}

// Point-in-time recovery on, or a clear refusal.
void ensure_recovery(ApiTarget& target, const ExportArgs& a) {
  auto d = call(target, "DescribeContinuousBackups", table_request(a.table));
  const auto& pitr = d["ContinuousBackupsDescription"]["PointInTimeRecoveryDescription"];
  if (std::string(pitr["PointInTimeRecoveryStatus"].GetString()) == "ENABLED") return;
  if (!a.enable_pitr) {
    throw std::runtime_error("point-in-time recovery is off for " + a.table +
                             " (ExportTableToPointInTime needs it): pass --enable-pitr, or run "
                             "aws dynamodb update-continuous-backups --table-name " +
                             a.table +
                             " --point-in-time-recovery-specification "
                             "PointInTimeRecoveryEnabled=true");
  }
  rapidjson::Document r(rapidjson::kObjectType);
  auto& al = r.GetAllocator();
  r.AddMember("TableName", rapidjson::Value(a.table.c_str(), al), al);
  rapidjson::Value spec(rapidjson::kObjectType);
  spec.AddMember("PointInTimeRecoveryEnabled", true, al);
  r.AddMember("PointInTimeRecoverySpecification", spec, al);
  call(target, "UpdateContinuousBackups", json_text(r));
}

std::string export_request(const ExportArgs& a, const std::string& table_arn) {
  rapidjson::Document r(rapidjson::kObjectType);
  auto& al = r.GetAllocator();
  const std::string bucket =
      "file://" + std::filesystem::absolute(a.dir).lexically_normal().string();
  r.AddMember("TableArn", rapidjson::Value(table_arn.c_str(), al), al);
  r.AddMember("S3Bucket", rapidjson::Value(bucket.c_str(), al), al);
  if (!a.prefix.empty()) r.AddMember("S3Prefix", rapidjson::Value(a.prefix.c_str(), al), al);
  if (!a.format.empty()) r.AddMember("ExportFormat", rapidjson::Value(a.format.c_str(), al), al);
  if (!a.time.empty()) r.AddMember("ExportTime", std::stod(a.time), al);
  return json_text(r);
}

int run(const ExportArgs& a) {
  auto target = a.endpoint.empty() ? open_database_target(a.db) : open_endpoint_target(a.endpoint);
  std::filesystem::create_directories(a.dir);
  auto table = call(*target, "DescribeTable", table_request(a.table));
  const std::string table_arn = table["Table"]["TableArn"].GetString();
  ensure_recovery(*target, a);
  auto started = call(*target, "ExportTableToPointInTime", export_request(a, table_arn));
  const std::string arn = started["ExportDescription"]["ExportArn"].GetString();
  ProgressBar bar("export " + a.table, table["Table"]["ItemCount"].GetInt64(), a.quiet);
  auto done = wait_for_job(
      *target, "DescribeExport", "ExportArn", arn, "ExportDescription", "ExportStatus",
      [](const rapidjson::Value& d) {
        return d.HasMember("ItemCount") ? d["ItemCount"].GetInt64() : 0;
      },
      bar);
  bar.finish();
  const auto& d = done["ExportDescription"];
  if (std::string(d["ExportStatus"].GetString()) != "COMPLETED") {
    std::cerr << "dynamini export: the export failed: " << d["FailureCode"].GetString() << ": "
              << d["FailureMessage"].GetString() << "\n";
    return 1;
  }
  const std::string manifest = d["ExportManifest"].GetString();
  std::cout << (std::filesystem::path(a.dir) / manifest).parent_path().string() << "\n";
  return 0;
}

}  // namespace

// dynamini export TABLE --to DIR (--db FILE | --endpoint URL) [...]
int run_export(int argc, char** argv) {
  try {
    ExportArgs a = parse_export_args(argc, argv);
    if (a.help) {
      std::cout << kExportUsage;
      return 0;
    }
    return run(a);
  } catch (const std::exception& e) {
    std::cerr << "dynamini export: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace dynamini::cli
