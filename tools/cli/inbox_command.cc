// dynamini inbox ...: the inbox model's commands, kept as an alias of the
// general form. `dynamini inbox PATTERN ARGS` is `dynamini model run PATTERN
// --model inbox ARGS` (recent, badge, read, unread, read-all, notify, follow,
// post: the first words of the patterns' commands); `dynamini inbox
// patterns` is `dynamini model patterns --model inbox`; `dynamini inbox
// generate` fills the inbox with synthetic users.

#include <iostream>

#include "cli/api_target.h"
#include "cli/commands.h"
#include "cli/inbox_generate.h"
#include "cli/pattern_run_command.h"
#include "model/model_library.h"
#include "model/model_seed.h"

namespace dynamini::cli {

namespace {

constexpr const char* kInboxUsage =
    R"(Usage: dynamini inbox PATTERN [ARGS] [--endpoint URL | --db FILE] [--quiet]

The inbox model's access patterns by name: `dynamini model run PATTERN
--model inbox ...` (see dynamini model --help). Each command prints the
DynamoDB requests it sends, the responses and their cost (ConsumedCapacity;
items evaluated vs returned), then a summary and the price per million calls.
--quiet prints only the summary.

  patterns                         the access-pattern catalogue and key design
  recent USER [--limit N] [--cursor KEY]   AP1 newest first (KEY: the printed cursor)
  badge USER                       AP2 unread badge
  read USER NOTIF_ID               AP3 mark one read
  unread USER [--limit N] [--cursor KEY]   AP4 unread list (GSI1)
  read-all USER                    AP5 mark all read (badge 0 now, background job)
  notify USER --type T --actor A [--preview TEXT]
  follow AUTHOR FOLLOWER
  post AUTHOR TEXT                 fanned out to followers by the stream trigger
  generate --users N --per-user M --seed S   deterministic synthetic data

--endpoint URL   a running dynamini (default http://127.0.0.1:8000)
--db FILE        a database file, opened in this process (created with the
                 sample inbox when it has no inbox table)
)";

int64_t count_option(const ModelCommandLine& line, const std::string& name, int64_t fallback) {
  for (const auto& [option, value] : line.args.named) {
    if (option != name) continue;
    try {
      size_t used = 0;
      const long long v = std::stoll(value, &used);
      if (used == value.size() && v >= 0) return v;
    } catch (const std::exception&) {
    }
    throw std::runtime_error("--" + name + " expects a non-negative integer, got '" + value + "'");
  }
  return fallback;
}

int generate(const ModelCommandLine& line) {
  if (!line.args.positional.empty()) {
    throw std::runtime_error("usage: dynamini inbox generate --users N --per-user M --seed S");
  }
  for (const auto& [option, value] : line.args.named) {
    if (option != "users" && option != "per-user" && option != "seed") {
      throw std::runtime_error("unknown option '--" + option + "'");
    }
  }
  std::unique_ptr<ApiTarget> target;
  std::unique_ptr<Database> db;
  if (!line.db.empty()) {
    Options options;
    options.path = line.db;
    db = Database::open(std::move(options));
    model::load_model_data(model::database_executor(*db), model::inbox_model());
    target = borrow_database_target(*db);
  } else {
    target = open_endpoint_target(line.endpoint.empty() ? "http://127.0.0.1:8000" : line.endpoint);
  }
  GenerateSpec spec;
  spec.users = count_option(line, "users", spec.users);
  spec.per_user = count_option(line, "per-user", spec.per_user);
  spec.seed = static_cast<uint64_t>(count_option(line, "seed", 1));
  spec.quiet = line.quiet;
  auto report = generate_inbox(*target, spec);
  std::cout << "generated " << spec.users << " users, " << report.notifications
            << " notifications (" << report.unread << " unread) with seed " << spec.seed << " in "
            << report.requests << " BatchWriteItem requests, " << report.capacity_units
            << " write capacity units\n";
  return 0;
}

}  // namespace

int run_inbox(int argc, char** argv) {
  try {
    const std::string word = argc > 1 ? argv[1] : "";
    if (word.empty() || word == "--help" || word == "-h") {
      std::cout << kInboxUsage;
      return word.empty() ? 1 : 0;
    }
    ModelCommandLine line = parse_model_command_line(argc, argv);
    line.model = "inbox";
    const model::ModelDefinition& inbox = model::inbox_model();
    if (word == "patterns") {
      char model_word[] = "patterns";
      char* args[] = {argv[0], model_word};
      return run_model(2, args);
    }
    if (word == "generate") return generate(line);
    if (inbox.find_pattern(word) == nullptr) {
      throw std::runtime_error("unknown pattern '" + word + "' (try: dynamini inbox patterns)");
    }
    return run_pattern_command(inbox, line, "dynamini inbox");
  } catch (const std::exception& e) {
    std::cerr << "dynamini inbox: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace dynamini::cli
