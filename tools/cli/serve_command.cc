#include <signal.h>
#include <stdlib.h>

#include <chrono>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>

#include "cli/api_target.h"
#include "cli/commands.h"
#include "cli/item_files.h"
#include "cli/model_console_routes.h"
#include "cli/request_lines.h"
#include "cli/request_review.h"
#include "cli/serve_flags.h"
#include "cli/table_files.h"
#include "dynamini/access_rules.h"
#include "dynamini/database.h"
#include "dynamini/server.h"
#include "dynamini/triggers.h"
#include "model/advisor.h"
#include "model/model_host.h"
#include "model/model_library.h"

#ifndef DYNAMINI_VERSION
#define DYNAMINI_VERSION "unknown"
#endif

namespace dynamini::cli {
namespace {

namespace fs = std::filesystem;

// How long SIGTERM/SIGINT waits for requests in progress before closing.
constexpr std::chrono::seconds kShutdownGrace{10};

// A failure while starting; run_serve prints "dynamini: <message>" and
// exits 1.
struct StartupError {
  std::string message;
};

// On a non-loopback --host without --bucket-dir, file:// buckets are
// confined all the same (docs/security.md): to the folder "buckets" beside
// the --db file, created if missing, or to a new temporary folder in memory.
// Returns the temporary folder it made, if any (removed at exit if empty).
std::string default_bucket_dir(ServeFlags& flags) {
  if (!flags.bucket_dir.empty() || is_loopback_host(flags.server.host)) return {};
  std::error_code ec;
  if (!flags.db_path.empty()) {
    const fs::path dir = fs::absolute(flags.db_path, ec).parent_path() / "buckets";
    fs::create_directories(dir, ec);
    if (ec)
      throw StartupError{"cannot create the bucket folder " + dir.string() + ": " + ec.message()};
    flags.bucket_dir = dir.string();
    return {};
  }
  std::string dir = (fs::temp_directory_path(ec) / "dynamini-buckets-XXXXXX").string();
  if (ec || mkdtemp(dir.data()) == nullptr) {
    throw StartupError{"cannot create a temporary bucket folder: pass --bucket-dir DIR"};
  }
  flags.bucket_dir = dir;
  return dir;
}

// Opens the database the flags name (in memory by default).
std::unique_ptr<Database> open_database(const ServeFlags& flags) {
  try {
    Options options;
    options.path = flags.db_path;
    options.stream_shard_max_records = flags.stream_shard_records;
    options.stream_shard_lifetime_ms = flags.stream_shard_seconds * 1000;
    options.bucket_directory = flags.bucket_dir;
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

// What serving holds, destroyed in reverse order of declaration: the server
// first, then the models' behaviours, then the database.
struct Serving {
  std::unique_ptr<Database> db;
  // The models loaded (--model, then the console's picker) and their
  // behaviours: the inbox's stream trigger and its read-all jobs.
  std::unique_ptr<model::ModelHost> models;
  std::shared_ptr<model::Advisor> advisor;  // the request reviewer, unless --no-review
  // --trigger (and the admin API's): stopped before the models and the database.
  std::shared_ptr<Triggers> triggers;
  std::shared_ptr<RequestLinePrinter> printer;  // --log-requests
  std::optional<Server> server;
};

// The model (unless --no-model), --schema files and --seed files, then marks
// the state reset() returns to (with --admin). A model's tables left by an earlier run of a
// --db file are kept as they are.
void preload(Serving& serving, const ServeFlags& flags) {
  Database& db = *serving.db;
  serving.models = std::make_unique<model::ModelHost>(db);
  try {
    if (!flags.model.empty()) serving.models->load(model::load_model(flags.model));
    auto target = borrow_database_target(db);
    for (const auto& file : flags.schema_files) create_tables_from_file(*target, file);
    for (const auto& [table, file] : flags.seeds) {
      load_items_from_file(*target, table, file, flags.quiet);
    }
  } catch (const std::exception& e) {
    throw StartupError{e.what()};
  }
  // Only POST /dynamini/admin/reset returns to that state, so only --admin
  // records it: the record is a copy of the whole database in memory, which
  // on a --db file meant reading the file into RAM at every start (start-up
  // and RSS growing with the file; docs/performance.md, "Scale").
  if (flags.server.admin) db.mark_initial_state();
  // The preloaded tables are ACTIVE; tables created from now on take the
  // flags' transient statuses.
  db.set_transient_delays(flags.delays);
}

// Stream triggers: --trigger's, and the admin API's at runtime. With --db
// FILE their checkpoints are kept in FILE.triggers, so a restart resumes.
void start_triggers(Serving& serving, ServeFlags& flags) {
  TriggersOptions options;
  if (!flags.db_path.empty()) options.state_file = flags.db_path + ".triggers";
  serving.triggers = std::make_shared<Triggers>(*serving.db, options);
  try {
    for (auto& trigger : flags.triggers) serving.triggers->add(trigger);
  } catch (const std::exception& e) {
    throw StartupError{std::string("--trigger: ") + e.what()};
  }
  flags.server.triggers = serving.triggers;
  flags.server.faults = std::make_shared<FaultInjector>();
  for (auto& rule : flags.faults) flags.server.faults->add(rule);
}

void start_server(Serving& serving, ServeFlags& flags) {
  if (flags.log_requests != RequestLogging::kOff) {
    serving.printer = std::make_shared<RequestLinePrinter>(
        *serving.db, flags.log_requests == RequestLogging::kLinesWithAwsCommand, stdout);
    flags.server.request_observer = [printer = serving.printer](const ApiCall& call) {
      (*printer)(call);
    };
  }
  if (flags.review) {
    serving.advisor = std::make_shared<model::Advisor>();
    flags.server.request_annotator = request_reviewer(serving.advisor);
  }
  flags.server.cors_origins = flags.cors_origins;
  // The console's models: their catalogues, the picker and a route that runs patterns.
  flags.server.console_routes = model_console_routes(*serving.models, serving.advisor);
  try {
    serving.server.emplace(*serving.db, flags.server);
    if (serving.printer) serving.printer->set_endpoint(serving.server->endpoint());
    serving.server->start();
  } catch (const std::exception& e) {
    throw StartupError{e.what()};
  }
}

// What the server admits (web pages, Host names, bucket folders), on
// stderr, with the warning for a non-loopback --host.
void print_access(const Serving& serving, const ServeFlags& flags) {
  for (const std::string& line : describe_access(serving.server->access_rules())) {
    std::cerr << "dynamini: " << line << "\n";
  }
  if (flags.bucket_dir.empty()) {
    std::cerr << "dynamini: export and import buckets: any directory as S3Bucket file:///dir; "
                 "--bucket-dir DIR confines them to DIR\n";
  } else {
    std::cerr << "dynamini: export and import buckets: inside " << flags.bucket_dir
              << " only (bucket B is " << (fs::path(flags.bucket_dir) / "B").string() << ")\n";
  }
  if (is_loopback_host(flags.server.host)) return;
  std::cerr << "dynamini: warning: listening on " << flags.server.host
            << ", reachable from other machines; dynamini has no access control unless --auth "
               "is given, and answers any Host name unless --allow-host is given\n";
}

// Graceful: in-flight requests get their responses, idle connections close,
// the -wal file is empty when we exit.
void stop(Serving& serving) {
  serving.server->shutdown(kShutdownGrace);
  serving.server.reset();
  serving.triggers.reset();
  serving.models.reset();
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
  std::string temporary_buckets;
  try {
    temporary_buckets = default_bucket_dir(flags);
    serving.db = open_database(flags);
    preload(serving, flags);
    start_triggers(serving, flags);
    start_server(serving, flags);
  } catch (const StartupError& e) {
    std::cerr << "dynamini: " << e.message << "\n";
    std::error_code ignored;
    if (!temporary_buckets.empty()) fs::remove(temporary_buckets, ignored);
    return 1;
  }
  // The listening line first, also where stderr is merged into stdout:
  // scripts and fixtures wait for it as the first line.
  if (!flags.quiet) {
    std::cout << "dynamini listening on " << serving.server->endpoint() << std::endl;
    print_access(serving, flags);
  }
  int received = 0;
  sigwait(&stop_signals, &received);
  stop(serving);
  std::error_code ignored;
  if (!temporary_buckets.empty()) fs::remove(temporary_buckets, ignored);  // only when empty
  return 0;
}

}  // namespace dynamini::cli
