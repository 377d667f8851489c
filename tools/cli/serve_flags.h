#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "dynamini/database.h"
#include "dynamini/faults.h"
#include "dynamini/server.h"
#include "dynamini/triggers.h"

namespace dynamini::cli {

// A bad command line; `message` says what and main prints it with usage help.
struct UsageError {
  std::string message;
};

enum class RequestLogging { kOff, kLines, kLinesWithAwsCommand };

// The flags of `dynamini` (serve). DynamoDB Local's single-dash flags are
// accepted with the same meaning, so scripts written for it keep working:
//   -port N, -inMemory, -dbPath DIR (the file DIR/shared-local-instance.db),
//   -sharedDb (always the case here: any credentials reach the same tables),
//   -cors LIST, -delayTransientStatuses (DynamoDB-like transient statuses:
//   kDynamoDbLikeDelays) and -optimizeDbBeforeStartup (accepted, nothing to
//   do).
struct ServeFlags {
  ServerOptions server;
  std::string db_path;                          // empty: in memory
  Durability durability = Durability::kNormal;  // --durability normal|full (with --db)
  bool in_memory = false;
  // --model NAME|FILE: the model loaded at start (a built-in one's name, a
  // model file or a NoSQL Workbench export); empty (--no-model): none.
  std::string model = "inbox";
  bool review = true;  // --no-review: no reviewer notes on requests
  bool help = false;
  bool version = false;
  bool quiet = false;
  std::vector<std::string> schema_files;                   // --schema FILE
  std::vector<std::pair<std::string, std::string>> seeds;  // --seed TABLE=FILE
  RequestLogging log_requests = RequestLogging::kOff;      // --log-requests[=aws]
  std::string cors_origins;  // --cors / -cors (ServerOptions::cors_origins)
  // --create-table-ms, --delete-table-ms, --update-table-ms (dynalite's
  // --createTableMs, ... too), -delayTransientStatuses. Set after the
  // preloads, which are ACTIVE at once.
  TransientDelays delays;
  int64_t stream_shard_records = 0;            // --stream-shard-records
  int64_t stream_shard_seconds = 4 * 60 * 60;  // --stream-shard-seconds
  std::vector<TriggerConfig> triggers;         // --trigger TABLE=URL
  std::vector<FaultRule> faults;               // --fault RULE
  // --bucket-dir: S3 bucket B of exports and imports is DIR/B, and file://
  // buckets must lie inside DIR (Options::bucket_directory).
  std::string bucket_dir;
};

// What -delayTransientStatuses sets: windows as long as DynamoDB's measured
// ones (ack-api-quirks: CreateTable to ACTIVE 6.1 s, DDB-TABLE-001; DELETING
// 5.1 s p50, DDB-TABLE-076; UPDATING 2.2 s for a throughput change,
// DDB-TABLE-104).
inline constexpr TransientDelays kDynamoDbLikeDelays{6000, 5000, 2200};

// Throws UsageError.
ServeFlags parse_serve_flags(int argc, char** argv);

// The --help text, made from the table of flags in serve_flags.cc.
const std::string& serve_usage();

}  // namespace dynamini::cli
