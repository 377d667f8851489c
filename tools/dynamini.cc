// dynamini: a DynamoDB-compatible server on SQLite.
//
//   dynamini [--port N] [--host ADDR] [--db FILE | --in-memory] [--no-inbox]
//
// Prints exactly one line once it is ready to serve:
//   dynamini listening on http://HOST:PORT
// and runs until SIGINT or SIGTERM (exit 0). Exit code 1 on a bad flag, a
// database that cannot be opened, or an address it cannot listen on.

#include <signal.h>

#include <charconv>
#include <cstdio>
#include <cstring>
#include <exception>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>

#include "dynamini/database.h"
#include "dynamini/server.h"
#include "model/inbox_seed.h"

namespace {

constexpr const char* kUsage = R"(Usage: dynamini [options]

A DynamoDB-compatible server backed by SQLite.

Options:
  --port N       TCP port to listen on (default 8000; 0 picks a free port)
  --host ADDR    address to listen on (default 127.0.0.1)
  --db FILE      keep tables in the SQLite file FILE (created if missing)
  --in-memory    keep tables in memory only (the default)
  --no-inbox     do not create and load the sample `inbox` table
  --threads N    serving threads (default: one per core)
  --help         show this help
  --version      print the version and exit

Once ready it prints one line, "dynamini listening on http://HOST:PORT",
and serves until SIGINT or SIGTERM.
)";

struct Flags {
  dynamini::ServerOptions server;
  std::string db_path;  // empty: in memory
  bool in_memory = false;
  bool load_inbox = true;
  bool help = false;
  bool version = false;
};

struct UsageError {
  std::string message;
};

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

Flags parse_flags(int argc, char** argv) {
  Flags flags;
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
      if (inline_value) {
        throw UsageError{std::string(arg) + " takes no value"};
      }
    };
    if (arg == "--help" || arg == "-h") {
      no_value();
      flags.help = true;
    } else if (arg == "--version") {
      no_value();
      flags.version = true;
    } else if (arg == "--port") {
      flags.server.port = parse_int<uint16_t>(arg, value(), 65535);
    } else if (arg == "--host") {
      flags.server.host = std::string(value());
      if (flags.server.host.empty()) throw UsageError{"--host needs a value"};
    } else if (arg == "--db") {
      flags.db_path = std::string(value());
      if (flags.db_path.empty()) throw UsageError{"--db needs a file name"};
      saw_db = true;
    } else if (arg == "--in-memory") {
      no_value();
      flags.in_memory = true;
    } else if (arg == "--no-inbox") {
      no_value();
      flags.load_inbox = false;
    } else if (arg == "--threads") {
      flags.server.threads = parse_int<unsigned>(arg, value(), 1024);
    } else {
      throw UsageError{"unknown option '" + std::string(argv[i]) + "'"};
    }
  }
  if (saw_db && flags.in_memory) {
    throw UsageError{"--db and --in-memory cannot be used together"};
  }
  return flags;
}

// Loads the sample inbox unless the table is already there (a file database
// from an earlier run).
void ensure_inbox(dynamini::Database& db) {
  if (db.execute("DescribeTable", R"({"TableName":"inbox"})").ok()) return;
  dynamini::model::load_inbox(db);
}

}  // namespace

int main(int argc, char** argv) {
  Flags flags;
  try {
    flags = parse_flags(argc, argv);
  } catch (const UsageError& e) {
    std::cerr << "dynamini: " << e.message << "\n"
              << "Try 'dynamini --help'.\n";
    return 1;
  }
  if (flags.help) {
    std::cout << kUsage;
    return 0;
  }
  if (flags.version) {
    std::cout << "dynamini " << DYNAMINI_VERSION << "\n";
    return 0;
  }

  // Block the stop signals before any thread starts, so every thread
  // inherits the mask and only sigwait() below receives them.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  signal(SIGPIPE, SIG_IGN);

  std::unique_ptr<dynamini::Database> db;
  try {
    dynamini::Options options;
    options.path = flags.db_path;
    db = dynamini::Database::open(std::move(options));
  } catch (const std::exception& e) {
    // The engine's message names the file; say so only when it does not.
    std::string message = e.what();
    if (!flags.db_path.empty() && message.find(flags.db_path) == std::string::npos) {
      message = "cannot open database " + flags.db_path + ": " + message;
    }
    std::cerr << "dynamini: " << message << "\n";
    return 1;
  }
  if (flags.load_inbox) {
    try {
      ensure_inbox(*db);
    } catch (const std::exception& e) {
      std::cerr << "dynamini: cannot load the inbox table: " << e.what() << "\n";
      return 1;
    }
  }

  std::optional<dynamini::Server> server;
  try {
    server.emplace(*db, flags.server);
    server->start();
  } catch (const std::exception& e) {
    std::cerr << "dynamini: " << e.what() << "\n";
    return 1;
  }
  std::cout << "dynamini listening on " << server->endpoint() << std::endl;

  int received = 0;
  sigwait(&stop_signals, &received);
  server->stop();
  server.reset();
  db.reset();
  return 0;
}
