#include "cli/serve_flags.h"

#include <charconv>
#include <optional>
#include <string_view>

namespace dynamini::cli {
namespace {

template <typename Int>
Int parse_int(std::string_view flag, std::string_view text, Int max) {
  unsigned long long value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value > max) {
    throw UsageError{std::string(flag) + " expects a number from 0 to " + std::to_string(max) +
                     ", got '" + std::string(text) + "'"};
  }
  return static_cast<Int>(value);
}

}  // namespace

const char* const kServeUsage = R"(Usage: dynamini [options]
       dynamini dump TABLE [--db FILE | --endpoint URL]

A DynamoDB-compatible server backed by SQLite, with the `inbox` model preloaded.

Options:
  --port N              TCP port (default 8000; 0 picks a free port)
  --host ADDR           address to listen on (default 127.0.0.1; a warning is
                        printed for any non-loopback address)
  --db FILE             keep tables in the SQLite file FILE (created if missing)
  --in-memory           keep tables in memory only (the default)
  --no-inbox            do not create and load the sample `inbox` table
  --schema FILE         create the tables in FILE (CreateTable or DescribeTable
                        JSON, one or a list); repeatable
  --seed TABLE=FILE     load items into TABLE from FILE (DynamoDB JSON lines, or
                        `aws dynamodb scan` output); repeatable
  --log-requests[=aws]  print one line per request (operation, table, key,
                        status, ms, capacity); =aws adds the equivalent
                        `aws dynamodb ...` command
  --cors ORIGINS        allowed browser origins, comma-separated (default *);
                        an unlisted Origin gets no Access-Control-Allow-Origin
  --admin               enable POST /dynamini/admin/reset, /snapshot?name=N and
                        /restore?name=N (off by default: 404)
  --auth KEY:SECRET     require AWS Signature Version 4 with this access key on
                        every API request (any region); disables the console
  --max-connections N   most open connections (default 1024); more are closed
                        at once
  --stream-shard-records N
                        close a stream's shard, and open its child, after N
                        records (default 0: no limit)
  --stream-shard-seconds S
                        ... or after S seconds (default 14400, DynamoDB's
                        4 hours; 0: never by age)
  --threads N           serving threads (default: one per core)
  --quiet               print nothing but errors (not even the listening line)
  --version             print the version and exit
  --help                show this help

DynamoDB Local's flags work too: -port N, -inMemory, -dbPath DIR, -sharedDb,
-cors LIST, -delayTransientStatuses, -optimizeDbBeforeStartup, -help.

Once ready it prints "dynamini listening on http://HOST:PORT" and serves until
SIGINT or SIGTERM: it then stops accepting, finishes the requests in progress
(up to 10 s), checkpoints the database file's WAL and exits 0.
)";

ServeFlags parse_serve_flags(int argc, char** argv) {
  ServeFlags flags;
  bool saw_db = false;
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    std::optional<std::string_view> inline_value;
    if (auto eq = arg.find('='); arg.starts_with("--") && eq != arg.npos) {
      inline_value = arg.substr(eq + 1);
      arg = arg.substr(0, eq);
    }
    auto value = [&]() -> std::string_view {
      if (inline_value) return *inline_value;
      if (i + 1 >= argc) throw UsageError{std::string(arg) + " needs a value"};
      return argv[++i];
    };
    auto no_value = [&] {
      if (inline_value) throw UsageError{std::string(arg) + " takes no value"};
    };
    if (arg == "--help" || arg == "-h" || arg == "-help") {
      no_value();
      flags.help = true;
    } else if (arg == "--version") {
      no_value();
      flags.version = true;
    } else if (arg == "--port" || arg == "-port") {
      flags.server.port = parse_int<uint16_t>(arg, value(), 65535);
    } else if (arg == "--host") {
      flags.server.host = std::string(value());
      if (flags.server.host.empty()) throw UsageError{"--host needs a value"};
    } else if (arg == "--db") {
      flags.db_path = std::string(value());
      if (flags.db_path.empty()) throw UsageError{"--db needs a file name"};
      saw_db = true;
    } else if (arg == "-dbPath") {
      std::string dir(value());
      if (dir.empty()) throw UsageError{"-dbPath needs a directory"};
      // DynamoDB Local's shared database file name in that directory.
      flags.db_path = dir + (dir.back() == '/' ? "" : "/") + "shared-local-instance.db";
      saw_db = true;
    } else if (arg == "--in-memory" || arg == "-inMemory") {
      no_value();
      flags.in_memory = true;
    } else if (arg == "-sharedDb" || arg == "-delayTransientStatuses" ||
               arg == "-optimizeDbBeforeStartup") {
      // Nothing to do: one shared database, tables ACTIVE at once.
    } else if (arg == "--cors" || arg == "-cors") {
      flags.cors_origins = std::string(value());
    } else if (arg == "--admin") {
      no_value();
      flags.server.admin = true;
    } else if (arg == "--auth") {
      std::string_view spec = value();
      auto colon = spec.find(':');
      if (colon == spec.npos || colon == 0 || colon + 1 == spec.size()) {
        throw UsageError{"--auth expects ACCESS_KEY:SECRET"};
      }
      flags.server.auth =
          AccessKey{std::string(spec.substr(0, colon)), std::string(spec.substr(colon + 1))};
    } else if (arg == "--max-connections") {
      flags.server.max_connections = parse_int<size_t>(arg, value(), 1000000);
      if (flags.server.max_connections == 0) {
        throw UsageError{"--max-connections expects a number from 1 to 1000000"};
      }
    } else if (arg == "--no-inbox") {
      no_value();
      flags.load_inbox = false;
    } else if (arg == "--schema") {
      flags.schema_files.emplace_back(value());
    } else if (arg == "--seed") {
      std::string_view spec = value();
      auto eq = spec.find('=');
      if (eq == spec.npos || eq == 0 || eq + 1 == spec.size()) {
        throw UsageError{"--seed expects TABLE=FILE, got '" + std::string(spec) + "'"};
      }
      flags.seeds.emplace_back(std::string(spec.substr(0, eq)), std::string(spec.substr(eq + 1)));
    } else if (arg == "--log-requests") {
      if (!inline_value) {
        flags.log_requests = RequestLogging::kLines;
      } else if (*inline_value == "aws") {
        flags.log_requests = RequestLogging::kLinesWithAwsCommand;
      } else {
        throw UsageError{"--log-requests takes no value or =aws"};
      }
    } else if (arg == "--stream-shard-records") {
      flags.stream_shard_records = parse_int<uint32_t>(arg, value(), 1000000000);
    } else if (arg == "--stream-shard-seconds") {
      flags.stream_shard_seconds = parse_int<uint32_t>(arg, value(), 10u * 365 * 24 * 60 * 60);
    } else if (arg == "--threads") {
      flags.server.threads = parse_int<unsigned>(arg, value(), 1024);
    } else if (arg == "--quiet" || arg == "-q") {
      no_value();
      flags.quiet = true;
    } else {
      throw UsageError{"unknown option '" + std::string(argv[i]) + "'"};
    }
  }
  if (saw_db && flags.in_memory) {
    throw UsageError{"--db (or -dbPath) and --in-memory cannot be used together"};
  }
  return flags;
}

}  // namespace dynamini::cli
