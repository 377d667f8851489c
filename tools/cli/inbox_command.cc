// dynamini inbox <pattern> ...: the inbox model's access patterns by name,
// against a running server (--endpoint URL, default http://127.0.0.1:8000)
// or a database file (--db FILE). Each command prints the exact DynamoDB
// requests it sends, the responses and their cost, then a one-line summary.

#include <chrono>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "cli/api_target.h"
#include "cli/commands.h"
#include "cli/inbox_generate.h"
#include "cli/inbox_trace.h"
#include "cli/progress_bar.h"
#include "model/inbox.h"
#include "model/inbox_entities.h"
#include "model/inbox_pattern_runner.h"
#include "model/inbox_patterns.h"
#include "model/inbox_runtime.h"
#include "model/inbox_seed.h"

namespace dynamini::cli {

namespace {

constexpr const char* kUsage =
    R"(Usage: dynamini inbox PATTERN [ARGS] [--endpoint URL | --db FILE] [--quiet]

The inbox model's access patterns by name. Each command prints the DynamoDB
requests it sends, the responses and their cost (ConsumedCapacity; items
evaluated vs returned), then a summary. --quiet prints only the summary.

  patterns                         the access-pattern catalogue and key design
  recent USER [--limit N] [--cursor KEY]   AP1 newest first (KEY: the printed cursor)
  badge USER                       AP2 unread badge
  read USER NOTIF_ID               AP3 mark one read
  unread USER [--limit N] [--cursor KEY]   AP4 unread list (GSI1)
  read-all USER                    AP5 mark all read (badge 0 now, background job)
  notify USER --type T --actor A [--target ID] [--target-type T] [--preview TEXT]
  follow AUTHOR FOLLOWER
  post AUTHOR TEXT                 fanned out to followers by the stream trigger
  generate --users N --per-user M --seed S   deterministic synthetic data

--endpoint URL   a running dynamini (default http://127.0.0.1:8000)
--db FILE        a database file, opened in this process (created with the
                 sample inbox when it has no inbox table)
)";

struct Args {
  std::string pattern;
  std::vector<std::string> positional;
  std::map<std::string, std::string> options;
  std::string endpoint, db;
  bool quiet = false;
  bool help = false;
};

Args parse_args(int argc, char** argv) {
  static const std::vector<std::string> kValued = {
      "--limit",       "--cursor",  "--type",  "--actor",    "--target",
      "--target-type", "--preview", "--users", "--per-user", "--seed"};
  Args args;
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) throw std::runtime_error(arg + " needs a value");
      return argv[++i];
    };
    if (arg == "--endpoint") {
      args.endpoint = value();
    } else if (arg == "--db") {
      args.db = value();
    } else if (arg == "--quiet") {
      args.quiet = true;
    } else if (arg == "--help" || arg == "-h") {
      args.help = true;
    } else if (std::find(kValued.begin(), kValued.end(), arg) != kValued.end()) {
      args.options[arg] = value();
    } else if (arg.starts_with("--")) {
      throw std::runtime_error("unknown option '" + arg + "'");
    } else if (args.pattern.empty()) {
      args.pattern = arg;
    } else {
      args.positional.push_back(arg);
    }
  }
  if (!args.endpoint.empty() && !args.db.empty()) {
    throw std::runtime_error("give --endpoint or --db, not both");
  }
  return args;
}

int64_t int_option(const Args& args, const std::string& name, int64_t fallback) {
  auto it = args.options.find(name);
  if (it == args.options.end()) return fallback;
  try {
    size_t used = 0;
    long long v = std::stoll(it->second, &used);
    if (used != it->second.size() || v < 0) throw std::invalid_argument("");
    return v;
  } catch (const std::exception&) {
    throw std::runtime_error(name + " expects a non-negative integer, got '" + it->second + "'");
  }
}

std::string option(const Args& args, const std::string& name, const std::string& fallback = "") {
  auto it = args.options.find(name);
  return it == args.options.end() ? fallback : it->second;
}

void need_positional(const Args& args, size_t n, const char* usage) {
  if (args.positional.size() != n) {
    throw std::runtime_error(std::string("usage: dynamini inbox ") + usage);
  }
}

void print_patterns() {
  std::cout << model::inbox_key_design() << "\n";
  for (const auto& p : model::inbox_access_patterns()) {
    std::cout << p.id << "  " << p.name << "\n"
              << "     command: dynamini inbox " << p.command << "\n"
              << "     request: " << p.request << "\n"
              << "     why:     " << p.why << "\n\n";
  }
}

void print_page(const model::Page& page) {
  for (const auto& n : page.items) {
    std::cout << n.notif_id << "  " << (n.read ? "read  " : "unread") << "  " << n.type << " from "
              << n.actor_id << " on " << n.target_type << " " << n.target_id << "  " << n.created_at
              << "\n";
  }
  std::cout << page.items.size() << " notification(s)";
  if (page.cursor) {
    std::cout << "; next page: --cursor '" << *page.cursor << "'";
  } else {
    std::cout << "; no more pages";
  }
  std::cout << "\n";
}

// Waits for a read-all job with a progress bar, then prints its outcome.
int wait_job(const model::ReadAllJob& job, bool quiet, const char* label) {
  auto first = job.progress();
  while (first.remaining < 0 && !first.finished && first.error.empty()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    first = job.progress();
  }
  ProgressBar bar(label, first.done + std::max<int64_t>(first.remaining, 0), quiet);
  int64_t shown = 0;
  model::ReadAllJob::Progress p;
  while (true) {
    p = job.progress();
    if (p.done > shown) {
      bar.advance(p.done - shown);
      shown = p.done;
    }
    if (p.finished || !p.error.empty()) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  bar.finish();
  if (!p.error.empty()) {
    std::cerr << "dynamini inbox: read-all job " << job.job_id() << " stopped: " << p.error
              << " (it stays pending and resumes at the next open)\n";
    return 1;
  }
  std::cout << "read-all job " << job.job_id() << " for " << job.user_id() << ": done, " << p.done
            << " marked read, " << p.remaining << " remaining\n";
  return 0;
}

int run(const Args& args) {
  if (args.pattern == "patterns") {
    print_patterns();
    return 0;
  }
  static const std::vector<std::string> kPatterns = {
      "recent", "badge", "read", "unread", "read-all", "notify", "follow", "post", "generate"};
  if (std::find(kPatterns.begin(), kPatterns.end(), args.pattern) == kPatterns.end()) {
    throw std::runtime_error("unknown pattern '" + args.pattern +
                             "' (try: dynamini inbox patterns)");
  }

  // The target: a database file in this process (with the stream trigger
  // and job workers a server would run), or a server.
  std::unique_ptr<Database> db;
  std::unique_ptr<model::InboxRuntime> runtime;
  std::unique_ptr<ApiTarget> target;
  if (!args.db.empty()) {
    Options options;
    options.path = args.db;
    db = Database::open(std::move(options));
    if (!db->execute("DescribeTable", R"({"TableName":"inbox"})").ok()) model::load_inbox(*db);
    runtime = std::make_unique<model::InboxRuntime>(
        *db, model::InboxRuntimeOptions{.replay_retained_stream = false, .inbox = {}});
    target = borrow_database_target(*db);
  } else {
    target = open_endpoint_target(args.endpoint.empty() ? "http://127.0.0.1:8000" : args.endpoint);
  }
  int code = 0;
  if (runtime) {
    for (const auto& job : runtime->resumed_jobs()) {
      std::cerr << "dynamini inbox: resuming read-all job " << job->job_id() << " for "
                << job->user_id() << "\n";
      code |= wait_job(*job, args.quiet, "resumed read-all");
    }
  }

  if (args.pattern == "generate") {
    need_positional(args, 0, "generate --users N --per-user M --seed S");
    GenerateSpec spec;
    spec.users = int_option(args, "--users", spec.users);
    spec.per_user = int_option(args, "--per-user", spec.per_user);
    spec.seed = static_cast<uint64_t>(int_option(args, "--seed", 1));
    spec.quiet = args.quiet;
    auto report = generate_inbox(*target, spec);
    std::cout << "generated " << spec.users << " users, " << report.notifications
              << " notifications (" << report.unread << " unread) with seed " << spec.seed << " in "
              << report.requests << " BatchWriteItem requests, " << report.capacity_units
              << " write capacity units\n";
    return code;
  }

  InboxTrace trace(*target, std::cout, args.quiet);
  model::Inbox inbox(trace.executor());
  const auto& p = args.positional;
  if (args.pattern == "recent" || args.pattern == "unread") {
    need_positional(args, 1, (args.pattern + " USER [--limit N] [--cursor KEY]").c_str());
    int limit = static_cast<int>(int_option(args, "--limit", 20));
    std::optional<std::string> cursor;
    if (args.options.count("--cursor")) cursor = option(args, "--cursor");
    auto page = args.pattern == "recent" ? inbox.recent(p[0], limit, cursor)
                                         : inbox.unread(p[0], limit, cursor);
    print_page(page);
  } else if (args.pattern == "badge") {
    need_positional(args, 1, "badge USER");
    int64_t badge = inbox.badge(p[0]);
    std::cout << "badge " << p[0] << ": " << badge << " unread\n";
  } else if (args.pattern == "read") {
    need_positional(args, 2, "read USER NOTIF_ID");
    auto outcome = inbox.mark_read(p[0], p[1]);
    std::cout << p[1] << ": " << model::describe(outcome) << "\n";
  } else if (args.pattern == "read-all") {
    need_positional(args, 1, "read-all USER");
    auto job = inbox.start_read_all(p[0]);
    std::cout << "badge " << p[0] << ": 0 (read-all job " << job->job_id() << ", cutoff "
              << job->cutoff_sk() << ")\n";
    code |= wait_job(*job, args.quiet, "marking read");
    std::cout << "background worker: " << trace.background_requests() << " requests, "
              << trace.background_capacity() << " capacity units\n";
  } else if (args.pattern == "notify") {
    need_positional(args, 1, "notify USER --type T --actor A [--target ID] [--target-type T]");
    model::NewNotification n;
    n.user_id = p[0];
    n.type = option(args, "--type");
    n.actor_id = option(args, "--actor");
    if (n.type.empty() || n.actor_id.empty()) {
      throw std::runtime_error("notify needs --type and --actor");
    }
    n.target_id = option(args, "--target", n.user_id);
    n.target_type = option(args, "--target-type", "user");
    n.payload = {{"preview", option(args, "--preview", n.actor_id + " " + n.type)}};
    auto [id, outcome] = inbox.deliver(n);
    std::cout << "notification " << id << " for " << n.user_id << ": " << model::describe(outcome)
              << "\n";
  } else if (args.pattern == "follow") {
    need_positional(args, 2, "follow AUTHOR FOLLOWER");
    inbox.follow(p[0], p[1]);
    std::cout << p[1] << " now follows " << p[0] << "\n";
  } else if (args.pattern == "post") {
    need_positional(args, 2, "post AUTHOR TEXT");
    std::string post_id = inbox.post(p[0], p[1]);
    std::cout << "post " << post_id << " by " << p[0] << " written\n";
    if (runtime) {
      if (!runtime->fanout().wait_for_post(post_id, 600000)) {
        throw std::runtime_error("fan-out of post " + post_id + " did not finish");
      }
      auto c = runtime->fanout().counters();
      std::cout << "fan-out (stream trigger): " << c.delivered << " follower notification(s)\n";
    } else {
      std::cout << "fan-out: the server's stream trigger notifies each follower\n";
    }
  }
  return code;
}

}  // namespace

int run_inbox(int argc, char** argv) {
  try {
    Args args = parse_args(argc, argv);
    if (args.help || args.pattern.empty()) {
      std::cout << kUsage;
      return args.help ? 0 : 1;
    }
    return run(args);
  } catch (const std::exception& e) {
    std::cerr << "dynamini inbox: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace dynamini::cli
