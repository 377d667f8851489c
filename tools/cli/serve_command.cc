#include <signal.h>

#include <chrono>
#include <iostream>
#include <memory>
#include <optional>

#include "cli/api_target.h"
#include "cli/commands.h"
#include "cli/item_files.h"
#include "cli/model_console_routes.h"
#include "cli/request_lines.h"
#include "cli/serve_flags.h"
#include "cli/table_files.h"
#include "dynamini/database.h"
#include "dynamini/server.h"
#include "model/inbox_runtime.h"
#include "model/inbox_seed.h"

#ifndef DYNAMINI_VERSION
#define DYNAMINI_VERSION "unknown"
#endif

namespace dynamini::cli {
namespace {

// How long SIGTERM/SIGINT waits for requests in progress before closing.
constexpr std::chrono::seconds kShutdownGrace{10};

bool is_loopback(const std::string& host) {
  return host == "127.0.0.1" || host == "localhost" || host == "::1" || host.starts_with("127.");
}

// Loads the sample inbox unless the table is already there (a file database
// from an earlier run).
void ensure_inbox(Database& db) {
  if (db.execute("DescribeTable", R"({"TableName":"inbox"})").ok()) return;
  model::load_inbox(db);
}

// A failure while starting; run_serve prints "dynamini: <message>" and
// exits 1.
struct StartupError {
  std::string message;
};

// Opens the database the flags name (in memory by default).
std::unique_ptr<Database> open_database(const ServeFlags& flags) {
  try {
    Options options;
    options.path = flags.db_path;
    options.durability = flags.durability;
    return Database::open(std::move(options));
  } catch (const std::exception& e) {
    std::string message = e.what();
    if (!flags.db_path.empty() && message.find(flags.db_path) == std::string::npos) {
      message = "cannot open database " + flags.db_path + ": " + message;
    }
    throw StartupError{message};
  }
}

// The inbox (unless --no-inbox), --schema files and --seed files, then marks
// the state reset() returns to.
void preload(Database& db, const ServeFlags& flags) {
  try {
    if (flags.load_inbox) ensure_inbox(db);
    auto target = borrow_database_target(db);
    for (const auto& file : flags.schema_files) create_tables_from_file(*target, file);
    for (const auto& [table, file] : flags.seeds) {
      load_items_from_file(*target, table, file, flags.quiet);
    }
  } catch (const std::exception& e) {
    throw StartupError{e.what()};
  }
  db.mark_initial_state();
}

// What serving holds, destroyed in reverse order of declaration: the server
// first, then the model's runtime, then the database.
struct Serving {
  std::unique_ptr<Database> db;
  // The inbox's stream trigger (fan-out of posts to followers) and the
  // read-all jobs an earlier run left pending.
  std::unique_ptr<model::InboxRuntime> inbox_runtime;
  std::shared_ptr<RequestLinePrinter> printer;  // --log-requests
  std::optional<Server> server;
};

void start_model(Serving& serving, const ServeFlags& flags) {
  if (!flags.load_inbox) return;
  try {
    serving.inbox_runtime = std::make_unique<model::InboxRuntime>(*serving.db);
  } catch (const std::exception& e) {
    throw StartupError{std::string("inbox: ") + e.what()};
  }
}

void start_server(Serving& serving, ServeFlags& flags) {
  if (flags.log_requests != RequestLogging::kOff) {
    serving.printer = std::make_shared<RequestLinePrinter>(
        *serving.db, flags.log_requests == RequestLogging::kLinesWithAwsCommand, stdout);
    flags.server.request_observer = [printer = serving.printer](const ApiCall& call) {
      (*printer)(call);
    };
  }
  flags.server.cors_origins = flags.cors_origins;
  // The console's patterns: the inbox's catalogue and a route that runs them.
  if (serving.inbox_runtime) {
    flags.server.console_routes = model_console_routes(&serving.inbox_runtime->fanout());
  }
  try {
    serving.server.emplace(*serving.db, flags.server);
    if (serving.printer) serving.printer->set_endpoint(serving.server->endpoint());
    serving.server->start();
  } catch (const std::exception& e) {
    throw StartupError{e.what()};
  }
}

// Graceful: in-flight requests get their responses, idle connections close,
// the -wal file is empty when we exit.
void stop(Serving& serving) {
  serving.server->shutdown(kShutdownGrace);
  serving.server.reset();
  serving.inbox_runtime.reset();
  try {
    serving.db->checkpoint();
  } catch (const std::exception& e) {
    std::cerr << "dynamini: checkpoint on exit: " << e.what() << "\n";
  }
  serving.db.reset();
}

// Blocks SIGINT and SIGTERM in this thread and in every thread started after
// it, so only sigwait() receives them.
sigset_t block_stop_signals() {
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  signal(SIGPIPE, SIG_IGN);
  return stop_signals;
}

}  // namespace

int run_serve(int argc, char** argv) {
  ServeFlags flags;
  try {
    flags = parse_serve_flags(argc, argv);
  } catch (const UsageError& e) {
    std::cerr << "dynamini: " << e.message << "\nTry 'dynamini --help'.\n";
    return 1;
  }
  if (flags.help) {
    std::cout << serve_usage();
    return 0;
  }
  if (flags.version) {
    std::cout << "dynamini " << DYNAMINI_VERSION << "\n";
    return 0;
  }
  sigset_t stop_signals = block_stop_signals();  // before any thread starts
  Serving serving;
  try {
    serving.db = open_database(flags);
    preload(*serving.db, flags);
    start_model(serving, flags);
    start_server(serving, flags);
  } catch (const StartupError& e) {
    std::cerr << "dynamini: " << e.message << "\n";
    return 1;
  }
  if (!is_loopback(flags.server.host) && !flags.quiet) {
    std::cerr << "dynamini: warning: listening on " << flags.server.host
              << ", reachable from other machines; dynamini has no access control unless "
                 "--auth is given\n";
  }
  if (!flags.quiet)
    std::cout << "dynamini listening on " << serving.server->endpoint() << std::endl;
  int received = 0;
  sigwait(&stop_signals, &received);
  stop(serving);
  return 0;
}

}  // namespace dynamini::cli
