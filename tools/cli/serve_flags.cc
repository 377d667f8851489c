#include "cli/serve_flags.h"

#include <charconv>
#include <functional>
#include <optional>
#include <string_view>
#include <vector>

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

const std::vector<FlagSpec>& flag_table() {
  static const std::vector<FlagSpec> table = {
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
      {{"--no-inbox"},
       Takes::kNothing,
       "",
       "do not create and load the sample `inbox` table",
       [](ParseState& s, auto, auto) { s.flags.load_inbox = false; }},
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
      {{"--cors", "-cors"},
       Takes::kValue,
       "ORIGINS",
       "allowed browser origins, comma-separated (default *);\nan unlisted Origin gets no "
       "Access-Control-Allow-Origin",
       [](ParseState& s, auto, auto value) { s.flags.cors_origins = std::string(*value); }},
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
       "serving threads (default: one per core)",
       [](ParseState& s, auto name, auto value) {
         s.flags.server.threads = parse_int<unsigned>(name, *value, 1024);
       }},
      {{"-sharedDb", "-delayTransientStatuses", "-optimizeDbBeforeStartup"},
       Takes::kNothing,
       "",
       "DynamoDB Local's flags, accepted: one shared database\nalways; tables are ACTIVE at once",
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
      "       dynamini dump TABLE [--db FILE | --endpoint URL]\n\n"
      "A DynamoDB-compatible server backed by SQLite, with the `inbox` model preloaded.\n\n"
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
