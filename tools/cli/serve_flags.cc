#include "cli/serve_flags.h"

#include <charconv>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <vector>

namespace dynamini::cli {
namespace {

template <typename Int>
Int parse_int(std::string_view flag, std::string_view text, Int max) {
  unsigned long long value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() ||
      value > static_cast<unsigned long long>(max)) {
    throw UsageError{std::string(flag) + " expects a number from 0 to " + std::to_string(max) +
                     ", got '" + std::string(text) + "'"};
  }
  return static_cast<Int>(value);
}

// "NAME=VALUE" split at the first '=', both sides non-empty; nullopt otherwise.
std::optional<std::pair<std::string, std::string>> split_assignment(std::string_view spec) {
  auto eq = spec.find('=');
  if (eq == spec.npos || eq == 0 || eq + 1 == spec.size()) return std::nullopt;
  return std::pair{std::string(spec.substr(0, eq)), std::string(spec.substr(eq + 1))};
}

// What a flag takes after its name.
enum class Takes {
  kNothing,      // --quiet ("--quiet=x" is an error)
  kValue,        // --port N or --port=N
  kInlineValue,  // --log-requests or --log-requests=aws (never the next argument)
};

struct ParseState {
  ServeFlags flags;
  bool saw_db = false;
};

// One flag: its spellings, what it takes, its help, and what it does. The
// usage text is made from this table, so a flag is added in one place.
struct FlagSpec {
  std::vector<std::string_view> names;  // the first is the one --help shows
  Takes takes = Takes::kNothing;
  std::string_view value_name;  // shown after the name in --help
  std::string_view help;        // lines of at most 54 characters, '\n' between
  // `value` is empty for kNothing, and for kInlineValue given without one.
  std::function<void(ParseState&, std::string_view name, std::optional<std::string_view> value)>
      apply;
};

// Where it listens and where it keeps its tables.
std::vector<FlagSpec> listen_and_storage_flags() {
  return {
      {{"--port", "-port"},
       Takes::kValue,
       "N",
       "TCP port (default 8000; 0 picks a free port)",
       [](ParseState& s, auto name, auto value) {
         s.flags.server.port = parse_int<uint16_t>(name, *value, 65535);
       }},
      {{"--host"},
       Takes::kValue,
       "ADDR",
       "address to listen on (default 127.0.0.1; a warning is\nprinted for any non-loopback "
       "address)",
       [](ParseState& s, auto, auto value) {
         if (value->empty()) throw UsageError{"--host needs a value"};
         s.flags.server.host = std::string(*value);
       }},
      {{"--db"},
       Takes::kValue,
       "FILE",
       "keep tables in the SQLite file FILE (created if missing)",
       [](ParseState& s, auto, auto value) {
         if (value->empty()) throw UsageError{"--db needs a file name"};
         s.flags.db_path = std::string(*value);
         s.saw_db = true;
       }},
      {{"-dbPath"},
       Takes::kValue,
       "DIR",
       "DynamoDB Local's flag: the file DIR/shared-local-instance.db",
       [](ParseState& s, auto, auto value) {
         std::string dir(*value);
         if (dir.empty()) throw UsageError{"-dbPath needs a directory"};
         s.flags.db_path = dir + (dir.back() == '/' ? "" : "/") + "shared-local-instance.db";
         s.saw_db = true;
       }},
      {{"--durability"},
       Takes::kValue,
       "normal|full",
       "with --db: what an acknowledged write survives; normal\n(default): a crash of the process; "
       "full: also power\nloss and OS crashes (an fsync per write)",
       [](ParseState& s, auto, auto value) {
         if (*value == "normal") {
           s.flags.durability = Durability::kNormal;
         } else if (*value == "full") {
           s.flags.durability = Durability::kFull;
         } else {
           throw UsageError{"--durability expects normal or full, got '" + std::string(*value) +
                            "'"};
         }
       }},
      {{"--in-memory", "-inMemory"},
       Takes::kNothing,
       "",
       "keep tables in memory only (the default)",
       [](ParseState& s, auto, auto) { s.flags.in_memory = true; }},
  };
}

// The teaching model, the reviewer, and tables and items from files.
std::vector<FlagSpec> model_and_data_flags() {
  return {
      {{"--model"},
       Takes::kValue,
       "NAME|FILE",
       "the teaching model to load (default inbox; also\nnotifications, shop, a model file or a "
       "NoSQL\n"
       "Workbench export): its tables, sample items, patterns",
       [](ParseState& s, auto, auto value) {
         if (value->empty()) throw UsageError{"--model needs a model name or file"};
         s.flags.model = std::string(*value);
       }},
      {{"--no-model", "--no-inbox"},
       Takes::kNothing,
       "",
       "load no model (no sample tables; the console's model\npicker can still load one)",
       [](ParseState& s, auto, auto) { s.flags.model.clear(); }},
      {{"--no-review"},
       Takes::kNothing,
       "",
       "do not review requests (no reviewer notes in the\nrequest log or --log-requests)",
       [](ParseState& s, auto, auto) { s.flags.review = false; }},
      {{"--schema"},
       Takes::kValue,
       "FILE",
       "create the tables in FILE (CreateTable or DescribeTable\nJSON, one or a list); repeatable",
       [](ParseState& s, auto, auto value) { s.flags.schema_files.emplace_back(*value); }},
      {{"--seed"},
       Takes::kValue,
       "TABLE=FILE",
       "load items into TABLE from FILE (DynamoDB JSON lines, or\n`aws dynamodb scan` output); "
       "repeatable",
       [](ParseState& s, auto, auto value) {
         auto seed = split_assignment(*value);
         if (!seed)
           throw UsageError{"--seed expects TABLE=FILE, got '" + std::string(*value) + "'"};
         s.flags.seeds.push_back(std::move(*seed));
       }},
  };
}

// What it logs and who may call it.
std::vector<FlagSpec> logging_and_access_flags() {
  return {
      {{"--log-requests"},
       Takes::kInlineValue,
       "[=aws]",
       "print one line per request (operation, table, key,\nstatus, ms, capacity); =aws adds the "
       "equivalent\n`aws dynamodb ...` command",
       [](ParseState& s, auto, auto value) {
         if (!value) {
           s.flags.log_requests = RequestLogging::kLines;
         } else if (*value == "aws") {
           s.flags.log_requests = RequestLogging::kLinesWithAwsCommand;
         } else {
           throw UsageError{"--log-requests takes no value or =aws"};
         }
       }},
      {{"--bucket-dir"},
       Takes::kValue,
       "DIR",
       "S3 bucket B of ExportTableToPointInTime and ImportTable\nis the directory DIR/B, and "
       "a file:// bucket must lie\ninside DIR (default: any file:///dir on loopback;\n"
       "DIR = buckets beside --db, or a temporary folder,\non any other --host)",
       [](ParseState& s, auto, auto value) {
         if (value->empty()) throw UsageError{"--bucket-dir needs a directory"};
         s.flags.bucket_dir = std::string(*value);
       }},
      {{"--cors", "-cors"},
       Takes::kValue,
       "ORIGINS",
       "web pages allowed to call it besides loopback origins\nand its own: '*' or a "
       "comma-separated list; others\nget 403",
       [](ParseState& s, auto, auto value) { s.flags.cors_origins = std::string(*value); }},
      {{"--allow-host"},
       Takes::kValue,
       "NAME",
       "answer requests for Host NAME besides loopback names\n(others get 403 on a loopback "
       "--host; on any other\n--host every name until this is given); repeatable",
       [](ParseState& s, auto, auto value) {
         if (value->empty()) throw UsageError{"--allow-host needs a host name"};
         s.flags.server.allowed_hosts.emplace_back(*value);
       }},
      {{"--admin"},
       Takes::kNothing,
       "",
       "enable POST /dynamini/admin/reset, /snapshot?name=N and\n/restore?name=N (off by default: "
       "404)",
       [](ParseState& s, auto, auto) { s.flags.server.admin = true; }},
      {{"--auth"},
       Takes::kValue,
       "KEY:SECRET",
       "require AWS Signature Version 4 with this access key on\nevery API request (any region); "
       "disables the console",
       [](ParseState& s, auto, auto value) {
         auto colon = value->find(':');
         if (colon == value->npos || colon == 0 || colon + 1 == value->size()) {
           throw UsageError{"--auth expects ACCESS_KEY:SECRET"};
         }
         s.flags.server.auth =
             AccessKey{std::string(value->substr(0, colon)), std::string(value->substr(colon + 1))};
       }},
  };
}

// Stream records delivered to functions, and chosen requests made to fail.
std::vector<FlagSpec> trigger_and_fault_flags() {
  return {
      {{"--trigger"},
       Takes::kValue,
       "TABLE=URL",
       "POST TABLE's stream records to URL as Lambda's\nDynamoDB event (e.g. the Lambda RIE's "
       ".../invocations);\nTABLE={json} sets BatchSize, MaximumRetryAttempts,\n"
       "BisectBatchOnFunctionError, FilterCriteria,\nDestinationConfig, ...; repeatable",
       [](ParseState& s, auto, auto value) {
         try {
           s.flags.triggers.push_back(parse_trigger_flag(*value));
         } catch (const std::invalid_argument& e) {
           throw UsageError{std::string("--trigger: ") + e.what()};
         }
       }},
      {{"--fault"},
       Takes::kValue,
       "RULE",
       "make chosen requests fail: KEY=VALUE,... with op,\ntable, prefix, every=N, "
       "probability=P, seed=N,\ntimes=N, delay=MS, error=TransactionConflict |\n"
       "ProvisionedThroughputExceeded | Throttling |\nRequestLimitExceeded | "
       "InternalServerError; repeatable\n(also /dynamini/admin/faults)",
       [](ParseState& s, auto, auto value) {
         try {
           s.flags.faults.push_back(parse_fault_rule(*value));
         } catch (const std::invalid_argument& e) {
           throw UsageError{std::string("--fault: ") + e.what()};
         }
       }},
      {{"--enforce-throughput"},
       Takes::kInlineValue,
       "[=SECONDS]",
       "enforce provisioned tables' ProvisionedThroughput\n(token buckets per table and "
       "partition, SECONDS of\nburst, default 300): ProvisionedThroughputExceeded",
       [](ParseState& s, auto name, auto value) {
         s.flags.server.enforce_throughput_burst_s =
             value ? parse_int<int64_t>(name, *value, 3600) : 300;
       }},
  };
}

// How long tables stay CREATING, UPDATING or DELETING, and when stream shards
// roll over.
std::vector<FlagSpec> table_and_stream_flags() {
  return {
      {{"--create-table-ms", "--createTableMs"},
       Takes::kValue,
       "N",
       "a new table is CREATING for N ms (default 0: ACTIVE\nat once); the camelCase "
       "spellings are dynalite's",
       [](ParseState& s, auto name, auto value) {
         s.flags.delays.create_table_ms = parse_int<uint32_t>(name, *value, 3600000);
       }},
      {{"--delete-table-ms", "--deleteTableMs"},
       Takes::kValue,
       "N",
       "likewise, a deleted table is DELETING for N ms",
       [](ParseState& s, auto name, auto value) {
         s.flags.delays.delete_table_ms = parse_int<uint32_t>(name, *value, 3600000);
       }},
      {{"--update-table-ms", "--updateTableMs"},
       Takes::kValue,
       "N",
       "likewise, an updated table is UPDATING for N ms (a\nnew index CREATING, backfilling)",
       [](ParseState& s, auto name, auto value) {
         s.flags.delays.update_table_ms = parse_int<uint32_t>(name, *value, 3600000);
       }},
      {{"--stream-shard-records"},
       Takes::kValue,
       "N",
       "close a stream's shard, and open its child, after N\nrecords (default 0: no limit)",
       [](ParseState& s, auto name, auto value) {
         s.flags.stream_shard_records = parse_int<uint32_t>(name, *value, 1000000000);
       }},
      {{"--stream-shard-seconds"},
       Takes::kValue,
       "S",
       "... or after S seconds (default 14400, DynamoDB's\n4 hours; 0: never by age)",
       [](ParseState& s, auto name, auto value) {
         s.flags.stream_shard_seconds = parse_int<uint32_t>(name, *value, 10u * 365 * 24 * 60 * 60);
       }},
      {{"-delayTransientStatuses"},
       Takes::kNothing,
       "",
       "DynamoDB Local's flag: DynamoDB-like delays (create\n6 s, delete 5 s, update 2.2 s)",
       [](ParseState& s, auto, auto) { s.flags.delays = kDynamoDbLikeDelays; }},
  };
}

// Its threads and connections, DynamoDB Local's other flags, and itself.
std::vector<FlagSpec> process_flags() {
  return {
      {{"--max-connections"},
       Takes::kValue,
       "N",
       "most open connections (default 1024); more are closed\nat once",
       [](ParseState& s, auto name, auto value) {
         s.flags.server.max_connections = parse_int<size_t>(name, *value, 1000000);
         if (s.flags.server.max_connections == 0) {
           throw UsageError{"--max-connections expects a number from 1 to 1000000"};
         }
       }},
      {{"--threads"},
       Takes::kValue,
       "N",
       "serving threads (default 1: storage work is serialized, so more help only reads on many "
       "cores)",
       [](ParseState& s, auto name, auto value) {
         s.flags.server.threads = parse_int<unsigned>(name, *value, 1024);
       }},
      {{"-sharedDb", "-optimizeDbBeforeStartup"},
       Takes::kNothing,
       "",
       "DynamoDB Local's flags, accepted: one shared database\nalways",
       [](ParseState&, auto, auto) {}},
      {{"--quiet", "-q"},
       Takes::kNothing,
       "",
       "print nothing but errors (not even the listening line)",
       [](ParseState& s, auto, auto) { s.flags.quiet = true; }},
      {{"--version"},
       Takes::kNothing,
       "",
       "print the version and exit",
       [](ParseState& s, auto, auto) { s.flags.version = true; }},
      {{"--help", "-h", "-help"},
       Takes::kNothing,
       "",
       "show this help",
       [](ParseState& s, auto, auto) { s.flags.help = true; }},
  };
}

// Every flag, in the order --help lists them.
const std::vector<FlagSpec>& flag_table() {
  static const std::vector<FlagSpec> table = [] {
    std::vector<FlagSpec> all;
    for (auto group : {listen_and_storage_flags, model_and_data_flags, logging_and_access_flags,
                       table_and_stream_flags, trigger_and_fault_flags, process_flags}) {
      for (auto& spec : group()) all.push_back(std::move(spec));
    }
    return all;
  }();
  return table;
}

const FlagSpec* find_flag(std::string_view name) {
  for (const auto& spec : flag_table()) {
    for (auto spelling : spec.names) {
      if (spelling == name) return &spec;
    }
  }
  return nullptr;
}

std::string make_usage() {
  std::string usage =
      "Usage: dynamini [options]\n"
      "       dynamini dump TABLE [--db FILE | --endpoint URL]\n"
      "       dynamini model list|patterns|run|import ...   (dynamini model --help)\n\n"
      "A DynamoDB-compatible server backed by SQLite, with a teaching model preloaded.\n\n"
      "Options:\n";
  constexpr size_t kHelpColumn = 24;
  for (const auto& spec : flag_table()) {
    std::string head = "  " + std::string(spec.names.front());
    if (!spec.value_name.empty()) {
      head += (spec.takes == Takes::kInlineValue ? "" : " ") + std::string(spec.value_name);
    }
    for (size_t i = 1; i < spec.names.size(); ++i) head += ", " + std::string(spec.names[i]);
    usage += head;
    if (head.size() + 2 > kHelpColumn) {
      usage += "\n" + std::string(kHelpColumn, ' ');
    } else {
      usage += std::string(kHelpColumn - head.size(), ' ');
    }
    for (char c : spec.help) {
      usage += c;
      if (c == '\n') usage += std::string(kHelpColumn, ' ');
    }
    usage += "\n";
  }
  usage +=
      "\nOnce ready it prints \"dynamini listening on http://HOST:PORT\" and serves until\n"
      "SIGINT or SIGTERM: it then stops accepting, finishes the requests in progress\n"
      "(up to 10 s), checkpoints the database file's WAL and exits 0.\n";
  return usage;
}

}  // namespace

const std::string& serve_usage() {
  static const std::string usage = make_usage();
  return usage;
}

ServeFlags parse_serve_flags(int argc, char** argv) {
  ParseState state;
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    std::optional<std::string_view> inline_value;
    if (auto eq = arg.find('='); arg.starts_with("--") && eq != arg.npos) {
      inline_value = arg.substr(eq + 1);
      arg = arg.substr(0, eq);
    }
    const FlagSpec* spec = find_flag(arg);
    if (spec == nullptr) throw UsageError{"unknown option '" + std::string(argv[i]) + "'"};
    std::optional<std::string_view> value = inline_value;
    if (spec->takes == Takes::kNothing && inline_value) {
      throw UsageError{std::string(arg) + " takes no value"};
    }
    if (spec->takes == Takes::kValue && !inline_value) {
      if (i + 1 >= argc) throw UsageError{std::string(arg) + " needs a value"};
      value = argv[++i];
    }
    spec->apply(state, arg, value);
  }
  if (state.saw_db && state.flags.in_memory) {
    throw UsageError{"--db (or -dbPath) and --in-memory cannot be used together"};
  }
  if (state.flags.durability == Durability::kFull && !state.saw_db) {
    throw UsageError{"--durability full needs --db FILE (an in-memory database keeps nothing)"};
  }
  return std::move(state.flags);
}

}  // namespace dynamini::cli
