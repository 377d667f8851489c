#include "cli/pattern_run_command.h"

#include <iostream>
#include <memory>
#include <stdexcept>

#include "cli/api_target.h"
#include "cli/run_printer.h"
#include "model/model_host.h"
#include "model/model_runner.h"
#include "model/shell_word.h"

namespace dynamini::cli {
namespace {

// Waits for the read-all jobs a database file's inbox left pending (they
// resume when the inbox's behaviours start), so this command finishes them.
void finish_resumed_jobs(model::ModelHost& host) {
  model::InboxRuntime* inbox = host.inbox_runtime();
  if (inbox == nullptr) return;
  for (const auto& job : inbox->resumed_jobs()) {
    std::cerr << "dynamini: resuming read-all job " << job->job_id() << " for " << job->user_id()
              << "\n";
    const auto progress = job->wait();
    if (!progress.error.empty()) {
      std::cerr << "dynamini: read-all job " << job->job_id() << " stopped: " << progress.error
                << " (it stays pending and resumes at the next open)\n";
    }
  }
}

int run_and_print(const model::ModelDefinition& m, const model::ModelPattern& pattern,
                  const model::TemplateParams& params, const model::Executor& executor,
                  const model::PatternRunOptions& options, bool quiet) {
  model::PatternRun run;
  try {
    run = model::run_model_pattern(m, pattern.id, params, executor, options);
  } catch (const model::PatternError& e) {
    throw std::runtime_error(e.what());
  }
  print_run(std::cout, m, pattern, run, quiet);
  return run.ok ? 0 : 1;
}

}  // namespace

ModelCommandLine parse_model_command_line(int argc, char** argv) {
  ModelCommandLine line;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) throw std::runtime_error(arg + " needs a value");
      return argv[++i];
    };
    if (arg == "--model") {
      line.model = value();
    } else if (arg == "--endpoint") {
      line.endpoint = value();
    } else if (arg == "--db") {
      line.db = value();
    } else if (arg == "--quiet") {
      line.quiet = true;
    } else if (arg.starts_with("--") && arg.size() > 2) {
      line.args.named.emplace_back(arg.substr(2), value());
    } else if (line.pattern.empty()) {
      line.pattern = arg;
    } else if (auto eq = arg.find('='); eq != std::string::npos && eq > 0) {
      line.args.named.emplace_back(arg.substr(0, eq), arg.substr(eq + 1));
    } else {
      line.args.positional.push_back(arg);
    }
  }
  if (!line.endpoint.empty() && !line.db.empty()) {
    throw std::runtime_error("give --endpoint or --db, not both");
  }
  return line;
}

int run_pattern_command(const model::ModelDefinition& m, const ModelCommandLine& line,
                        const std::string& usage_prefix) {
  const model::ModelPattern* pattern = m.find_pattern(line.pattern);
  if (pattern == nullptr) {
    throw std::runtime_error("unknown pattern '" + line.pattern +
                             "' (try: dynamini model patterns --model " +
                             model::shell_word(line.model) + ")");
  }
  const model::TemplateParams params = pattern_params(m, *pattern, line.args, usage_prefix);
  if (line.db.empty()) {
    auto target =
        open_endpoint_target(line.endpoint.empty() ? "http://127.0.0.1:8000" : line.endpoint);
    return run_and_print(m, *pattern, params, serialized_executor(*target), {}, line.quiet);
  }
  // A database file in this process, with the stream trigger and job
  // workers a server would run.
  Options options;
  options.path = line.db;
  std::unique_ptr<Database> db = Database::open(std::move(options));
  auto target = borrow_database_target(*db);
  model::ModelHost host(*db, /*replay_retained_stream=*/false);
  auto loaded = host.load(m);
  finish_resumed_jobs(host);
  return run_and_print(m, *pattern, params, serialized_executor(*target), loaded->run_options,
                       line.quiet);
}

}  // namespace dynamini::cli
