#include <filesystem>
#include <fstream>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "cli/commands.h"
#include "cli/json_out.h"
#include "cli/table_files.h"
#include "cli/transfer_job.h"

namespace dynamini::cli {
namespace {

namespace fs = std::filesystem;

constexpr char kImportUsage[] =
    "Usage: dynamini import PATH --table T (--key NAME:TYPE[,NAME:TYPE] | --schema FILE)\n"
    "                       (--db FILE | --endpoint URL)\n"
    "                       [--format DYNAMODB_JSON|ION] [--compression GZIP|NONE] [--quiet]\n"
    "Creates table T with ImportTable from the files under PATH (standing for the S3\n"
    "bucket), showing progress. PATH may be an export (a directory holding\n"
    "manifest-summary.json, or one holding a single AWSDynamoDB/<id>/ export): then its\n"
    "data/ files are read, gzipped, in the export's format. Otherwise every file under\n"
    "PATH is read, gzipped when all end in .gz. --key gives the key schema (types S, N\n"
    "or B; on-demand billing); --schema a CreateTable or DescribeTable JSON file (its\n"
    "GSIs too). Against --endpoint, PATH is a directory of the server's machine.\n";

struct ImportArgs {
  std::string path, table, key, schema, db, endpoint, format, compression;
  bool quiet = false, help = false;
};

ImportArgs parse_import_args(int argc, char** argv) {
  ImportArgs a;
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (arg == "--table") {
      a.table = flag_value(argc, argv, i);
    } else if (arg == "--key") {
      a.key = flag_value(argc, argv, i);
    } else if (arg == "--schema") {
      a.schema = flag_value(argc, argv, i);
    } else if (arg == "--db") {
      a.db = flag_value(argc, argv, i);
    } else if (arg == "--endpoint") {
      a.endpoint = flag_value(argc, argv, i);
    } else if (arg == "--format") {
      a.format = flag_value(argc, argv, i);
    } else if (arg == "--compression") {
      a.compression = flag_value(argc, argv, i);
    } else if (arg == "--quiet") {
      a.quiet = true;
    } else if (arg == "--help") {
      a.help = true;
    } else if (!arg.starts_with("-") && a.path.empty()) {
      a.path = std::string(arg);
    } else {
      throw std::runtime_error("unknown argument '" + std::string(arg) + "'");
    }
  }
  if (!a.help && (a.path.empty() || a.table.empty() || a.key.empty() == a.schema.empty() ||
                  a.db.empty() == a.endpoint.empty())) {
    throw std::runtime_error(
        "needs PATH, --table T, one of --key or --schema, and one of --db or --endpoint");
  }
  return a;
}

// Where the files are: the bucket directory, the key prefix, and what they hold.
struct Source {
  fs::path bucket;
  std::string prefix;
  std::string format = "DYNAMODB_JSON";
  std::string compression = "NONE";
  int64_t bytes = 0;  // the files' total size: the progress bar's end
};

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

// An export directory (holding manifest-summary.json) under `path`, if any.
std::optional<fs::path> export_directory(const fs::path& path) {
  if (fs::exists(path / "manifest-summary.json")) return path;
  std::vector<fs::path> found;
  if (fs::is_directory(path / "AWSDynamoDB")) {
    for (const auto& e : fs::directory_iterator(path / "AWSDynamoDB")) {
      if (fs::exists(e.path() / "manifest-summary.json")) found.push_back(e.path());
    }
  }
  if (found.size() > 1) {
    throw std::runtime_error(path.string() + " holds several exports: name one of them (" +
                             found[0].string() + ", ...)");
  }
  return found.empty() ? std::nullopt : std::optional<fs::path>(found[0]);
}

Source locate(const ImportArgs& a) {
  Source s;
  const fs::path path = fs::absolute(a.path).lexically_normal();
  if (!fs::is_directory(path)) throw std::runtime_error(a.path + " is not a directory");
  bool all_gz = true;
  if (auto dir = export_directory(path)) {
    s.bucket = *dir;
    s.prefix = "data/";
    s.compression = "GZIP";
    rapidjson::Document summary;
    std::string text = read_text(*dir / "manifest-summary.json");
    summary.Parse(text.c_str());
    if (summary.IsObject() && summary.HasMember("outputFormat") &&
        summary["outputFormat"].IsString()) {
      s.format = summary["outputFormat"].GetString();
    }
  } else {
    s.bucket = path;
  }
  for (const auto& e : fs::recursive_directory_iterator(s.bucket / s.prefix)) {
    if (!e.is_regular_file()) continue;
    s.bytes += static_cast<int64_t>(e.file_size());
    all_gz = all_gz && e.path().extension() == ".gz";
    if (e.path().string().ends_with(".ion") || e.path().string().ends_with(".ion.gz")) {
      s.format = "ION";
    }
  }
  if (s.prefix.empty() && all_gz && s.bytes > 0) s.compression = "GZIP";
  if (!a.format.empty()) s.format = a.format;
  if (!a.compression.empty()) s.compression = a.compression;
  return s;
}

// TableCreationParameters from --key NAME:TYPE[,NAME:TYPE] (on demand).
void parameters_from_key(const std::string& spec, rapidjson::Value& p,
                         rapidjson::Document::AllocatorType& al) {
  rapidjson::Value definitions(rapidjson::kArrayType), schema(rapidjson::kArrayType);
  size_t begin = 0;
  for (int n = 0; begin <= spec.size(); ++n) {
    size_t comma = spec.find(',', begin);
    if (comma == std::string::npos) comma = spec.size();
    const std::string part = spec.substr(begin, comma - begin);
    const size_t colon = part.find(':');
    if (colon == std::string::npos || n > 1) {
      throw std::runtime_error("--key expects NAME:TYPE or NAME:TYPE,NAME:TYPE");
    }
    rapidjson::Value d(rapidjson::kObjectType), k(rapidjson::kObjectType);
    d.AddMember("AttributeName", rapidjson::Value(part.substr(0, colon).c_str(), al), al);
    d.AddMember("AttributeType", rapidjson::Value(part.substr(colon + 1).c_str(), al), al);
    k.AddMember("AttributeName", rapidjson::Value(part.substr(0, colon).c_str(), al), al);
    k.AddMember("KeyType", rapidjson::Value(n == 0 ? "HASH" : "RANGE", al), al);
    definitions.PushBack(d, al);
    schema.PushBack(k, al);
    begin = comma + 1;
  }
  p.AddMember("AttributeDefinitions", definitions, al);
  p.AddMember("KeySchema", schema, al);
  p.AddMember("BillingMode", "PAY_PER_REQUEST", al);
}

std::string import_request(const ImportArgs& a, const Source& s) {
  rapidjson::Document r(rapidjson::kObjectType);
  auto& al = r.GetAllocator();
  rapidjson::Value params(rapidjson::kObjectType);
  params.AddMember("TableName", rapidjson::Value(a.table.c_str(), al), al);
  if (!a.key.empty()) {
    parameters_from_key(a.key, params, al);
  } else {
    rapidjson::Document schema;
    const std::string text = create_table_request_from_file(a.schema);
    schema.Parse(text.c_str());
    for (const char* m : {"AttributeDefinitions", "KeySchema", "BillingMode",
                          "ProvisionedThroughput", "GlobalSecondaryIndexes", "SSESpecification"}) {
      if (schema.HasMember(m))
        params.AddMember(rapidjson::StringRef(m), rapidjson::Value(schema[m], al), al);
    }
  }
  rapidjson::Value source(rapidjson::kObjectType);
  const std::string bucket = "file://" + s.bucket.string();
  source.AddMember("S3Bucket", rapidjson::Value(bucket.c_str(), al), al);
  if (!s.prefix.empty())
    source.AddMember("S3KeyPrefix", rapidjson::Value(s.prefix.c_str(), al), al);
  r.AddMember("S3BucketSource", source, al);
  r.AddMember("InputFormat", rapidjson::Value(s.format.c_str(), al), al);
  r.AddMember("InputCompressionType", rapidjson::Value(s.compression.c_str(), al), al);
  r.AddMember("TableCreationParameters", params, al);
  return json_text(r);
}

int run(const ImportArgs& a) {
  const Source s = locate(a);
  auto target = a.endpoint.empty() ? open_database_target(a.db) : open_endpoint_target(a.endpoint);
  auto started = call(*target, "ImportTable", import_request(a, s));
  const std::string arn = started["ImportTableDescription"]["ImportArn"].GetString();
  ProgressBar bar("import " + a.table + " (bytes)", s.bytes, a.quiet);
  auto done = wait_for_job(
      *target, "DescribeImport", "ImportArn", arn, "ImportTableDescription", "ImportStatus",
      [](const rapidjson::Value& d) {
        return d.HasMember("ProcessedSizeBytes") ? d["ProcessedSizeBytes"].GetInt64() : 0;
      },
      bar);
  bar.finish();
  const auto& d = done["ImportTableDescription"];
  const bool completed = std::string(d["ImportStatus"].GetString()) == "COMPLETED";
  std::cout << "imported " << d["ImportedItemCount"].GetInt64() << " of "
            << d["ProcessedItemCount"].GetInt64() << " items into " << a.table << " ("
            << d["ErrorCount"].GetInt64() << " errors)\n";
  if (!completed) {
    std::cerr << "dynamini import: the import failed: " << d["FailureCode"].GetString() << ": "
              << d["FailureMessage"].GetString() << "\n";
  }
  return completed ? 0 : 1;
}

}  // namespace

// dynamini import PATH --table T (--key ... | --schema FILE) (--db FILE | --endpoint URL)
int run_import(int argc, char** argv) {
  try {
    ImportArgs a = parse_import_args(argc, argv);
    if (a.help) {
      std::cout << kImportUsage;
      return 0;
    }
    return run(a);
  } catch (const std::exception& e) {
    std::cerr << "dynamini import: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace dynamini::cli
