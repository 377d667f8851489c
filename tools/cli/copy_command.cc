// dynamini copy (--from URL | --db FILE) --to URL [--table NAME]...
//               [--profile NAME] [--region REGION] [--quiet]
// Copies tables to another DynamoDB endpoint (table_copy.h says what is
// copied): real DynamoDB with the user's credentials, ScyllaDB Alternator,
// or another dynamini.

#include <filesystem>
#include <iostream>
#include <stdexcept>
#include <string>

#include "cli/aws_credentials.h"
#include "cli/commands.h"
#include "cli/table_copy.h"

namespace dynamini::cli {
namespace {

constexpr const char* kCopyUsage =
    "Usage: dynamini copy (--from URL | --db FILE) --to URL [--table NAME]...\n"
    "                     [--profile NAME] [--region REGION] [--quiet]\n"
    "Copies tables (definition, indexes, items, TTL and stream settings) to another DynamoDB\n"
    "endpoint: real DynamoDB (https://dynamodb.REGION.amazonaws.com), ScyllaDB Alternator or\n"
    "another dynamini. A table that exists at the destination is not touched (error).\n"
    "  --from URL       read from a running endpoint\n"
    "  --db FILE        read a dynamini database file directly\n"
    "  --to URL         write to this endpoint\n"
    "  --table NAME     copy this table (repeatable; default: every table)\n"
    "  --profile NAME   credentials and region from this AWS profile\n"
    "  --region REGION  the region requests are signed for\n"
    "Credentials: --profile, else AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY\n"
    "(/ AWS_SESSION_TOKEN), else the AWS_PROFILE or default profile of ~/.aws; without\n"
    "any, requests go unsigned (fine for dynamini and an Alternator without auth).\n";

struct CopyFlags {
  std::string from, db, to, profile, region;
  CopyOptions options;
  bool help = false;
};

CopyFlags parse_copy_flags(int argc, char** argv) {
  CopyFlags flags;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) throw std::runtime_error(arg + " needs a value");
      return argv[++i];
    };
    if (arg == "--from") {
      flags.from = value();
    } else if (arg == "--db") {
      flags.db = value();
    } else if (arg == "--to") {
      flags.to = value();
    } else if (arg == "--table") {
      flags.options.tables.push_back(value());
    } else if (arg == "--profile") {
      flags.profile = value();
    } else if (arg == "--region") {
      flags.region = value();
    } else if (arg == "--quiet") {
      flags.options.quiet = true;
    } else if (arg == "--help" || arg == "-h") {
      flags.help = true;
    } else {
      throw std::runtime_error("unknown argument '" + arg + "'");
    }
  }
  if (flags.help) return flags;
  if (flags.from.empty() == flags.db.empty())
    throw std::runtime_error("give one of --from and --db");
  if (flags.to.empty()) throw std::runtime_error("--to is required");
  if (!flags.db.empty() && !std::filesystem::exists(flags.db)) {
    throw std::runtime_error("no database file " + flags.db);
  }
  return flags;
}

std::unique_ptr<DynamoDbClient> client_for(const std::string& url, const CopyFlags& flags,
                                           const std::optional<AwsCredentials>& credentials) {
  if (!credentials && url.find(".amazonaws.com") != std::string::npos) {
    throw std::runtime_error("no AWS credentials found for " + url +
                             " (set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or --profile)");
  }
  return std::make_unique<DynamoDbClient>(
      DynamoDbEndpoint{.url = url,
                       .credentials = credentials,
                       .region = find_aws_region(flags.region, flags.profile, url)});
}

}  // namespace

int run_copy(int argc, char** argv) {
  CopyFlags flags;
  try {
    flags = parse_copy_flags(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "dynamini copy: " << e.what() << "\n" << kCopyUsage;
    return 1;
  }
  if (flags.help) {
    std::cout << kCopyUsage;
    return 0;
  }
  try {
    const std::optional<AwsCredentials> credentials = find_aws_credentials(flags.profile);
    auto destination = client_for(flags.to, flags, credentials);
    auto source = flags.db.empty() ? client_target(client_for(flags.from, flags, credentials))
                                   : open_database_target(flags.db);
    auto copied = copy_tables(*source, *destination, flags.options, std::cout);
    int64_t items = 0;
    for (const TableCopied& table : copied) items += table.items;
    std::cout << "copied " << copied.size() << " table" << (copied.size() == 1 ? "" : "s") << ", "
              << items << " items from " << source->describe() << " to " << destination->url()
              << "\n";
  } catch (const std::exception& e) {
    std::cerr << "dynamini copy: " << e.what() << "\n";
    return 1;
  }
  return 0;
}

}  // namespace dynamini::cli
