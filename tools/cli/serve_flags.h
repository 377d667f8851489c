#pragma once

#include <string>
#include <utility>
#include <vector>

#include "dynamini/server.h"

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
//   -cors LIST, -delayTransientStatuses and -optimizeDbBeforeStartup
//   (accepted, nothing to do: tables are ACTIVE at once).
struct ServeFlags {
  ServerOptions server;
  std::string db_path;                          // empty: in memory
  Durability durability = Durability::kNormal;  // --durability normal|full (with --db)
  bool in_memory = false;
  bool load_inbox = true;
  bool help = false;
  bool version = false;
  bool quiet = false;
  std::vector<std::string> schema_files;                   // --schema FILE
  std::vector<std::pair<std::string, std::string>> seeds;  // --seed TABLE=FILE
  RequestLogging log_requests = RequestLogging::kOff;      // --log-requests[=aws]
  std::string cors_origins = "*";                          // --cors / -cors
};

// Throws UsageError.
ServeFlags parse_serve_flags(int argc, char** argv);

// The --help text, made from the table of flags in serve_flags.cc.
const std::string& serve_usage();

}  // namespace dynamini::cli
