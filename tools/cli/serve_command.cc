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
    std::cout << kServeUsage;
    return 0;
  }
  if (flags.version) {
    std::cout << "dynamini " << DYNAMINI_VERSION << "\n";
    return 0;
  }

  // Block the stop signals before any thread starts, so every thread inherits
  // the mask and only sigwait() below receives them.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  signal(SIGPIPE, SIG_IGN);

  std::unique_ptr<Database> db;
  try {
    Options options;
    options.path = flags.db_path;
    options.stream_shard_max_records = flags.stream_shard_records;
    options.stream_shard_lifetime_ms = flags.stream_shard_seconds * 1000;
    db = Database::open(std::move(options));
  } catch (const std::exception& e) {
    std::string message = e.what();
    if (!flags.db_path.empty() && message.find(flags.db_path) == std::string::npos) {
      message = "cannot open database " + flags.db_path + ": " + message;
    }
    std::cerr << "dynamini: " << message << "\n";
    return 1;
  }
  try {
    if (flags.load_inbox) ensure_inbox(*db);
    auto target = borrow_database_target(*db);
    for (const auto& file : flags.schema_files) create_tables_from_file(*target, file);
    for (const auto& [table, file] : flags.seeds) {
      load_items_from_file(*target, table, file, flags.quiet);
    }
  } catch (const std::exception& e) {
    std::cerr << "dynamini: " << e.what() << "\n";
    return 1;
  }
  // What reset (C++ API and the admin endpoint) returns to.
  db->mark_initial_state();
  // The inbox's stream trigger (fan-out of posts to followers) and the
  // read-all jobs an earlier run left pending.
  std::unique_ptr<model::InboxRuntime> inbox_runtime;
  if (flags.load_inbox) {
    try {
      inbox_runtime = std::make_unique<model::InboxRuntime>(*db);
    } catch (const std::exception& e) {
      std::cerr << "dynamini: inbox: " << e.what() << "\n";
      return 1;
    }
  }

  // --log-requests: a line per call on stdout (nothing at all when off).
  std::shared_ptr<RequestLinePrinter> printer;
  if (flags.log_requests != RequestLogging::kOff) {
    printer = std::make_shared<RequestLinePrinter>(
        *db, flags.log_requests == RequestLogging::kLinesWithAwsCommand, stdout);
    flags.server.request_observer = [printer](const ApiCall& call) { (*printer)(call); };
  }
  flags.server.cors_origins = flags.cors_origins;
  // The console's patterns: the inbox's catalogue and a route that runs them.
  if (inbox_runtime) flags.server.console_routes = model_console_routes(&inbox_runtime->fanout());

  std::optional<Server> server;
  try {
    server.emplace(*db, flags.server);
    if (printer) printer->set_endpoint(server->endpoint());
    server->start();
  } catch (const std::exception& e) {
    std::cerr << "dynamini: " << e.what() << "\n";
    return 1;
  }
  if (!is_loopback(flags.server.host) && !flags.quiet) {
    std::cerr << "dynamini: warning: listening on " << flags.server.host
              << ", reachable from other machines; dynamini has no access control unless "
                 "--auth is given\n";
  }
  if (!flags.quiet) std::cout << "dynamini listening on " << server->endpoint() << std::endl;

  int received = 0;
  sigwait(&stop_signals, &received);
  // Graceful: in-flight requests get their responses, idle connections close.
  server->shutdown(kShutdownGrace);
  server.reset();
  inbox_runtime.reset();
  try {
    db->checkpoint();  // the -wal file is empty when we exit
  } catch (const std::exception& e) {
    std::cerr << "dynamini: checkpoint on exit: " << e.what() << "\n";
  }
  db.reset();
  return 0;
}

}  // namespace dynamini::cli
