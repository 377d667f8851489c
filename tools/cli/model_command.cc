// dynamini model list|patterns|run|import: the teaching models on the
// command line. `run` sends a pattern's requests to a running server
// (--endpoint URL, default http://127.0.0.1:8000) or a database file (--db
// FILE, given the model's tables and behaviours when it has none) and prints
// each request, its response and its cost (cli/run_printer.h).

#include <rapidjson/document.h>

#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <stdexcept>

#include "cli/api_target.h"
#include "cli/commands.h"
#include "cli/pattern_command_args.h"
#include "cli/pattern_run_command.h"
#include "cli/run_printer.h"
#include "model/model_catalogue.h"
#include "model/model_file.h"
#include "model/model_host.h"
#include "model/model_library.h"
#include "model/model_runner.h"
#include "model/shell_word.h"
#include "model/workbench_import.h"

namespace dynamini::cli {
namespace {

constexpr const char* kModelUsage =
    R"(Usage: dynamini model COMMAND ...

The teaching models: each a file of tables, sample items, access patterns
(request templates), the design notes behind them and lessons. Built in:
inbox (the default), notifications, shop; `--model FILE` takes a model file
or a NoSQL Workbench model export.

  list                            the built-in models
  patterns [--model M]            a model's key design and access patterns
  run PATTERN [ARGS] [NAME=VALUE]... [--NAME VALUE]... [--model M]
      [--endpoint URL | --db FILE] [--quiet]
                                  run one pattern (by id, or the first word of its
                                  command) and print its requests, responses, cost
                                  and price per million calls
  import FILE                     a NoSQL Workbench export as a dynamini model file

--endpoint URL   a running dynamini (default http://127.0.0.1:8000)
--db FILE        a database file, opened in this process (the model's tables
                 are created with its sample items when missing)
`dynamini inbox PATTERN ...` is `dynamini model run PATTERN --model inbox ...`.
)";

void list_models() {
  for (const std::string& name : model::shipped_model_names()) {
    const model::ModelDefinition& m = *model::shipped_model(name);
    std::cout << name << std::string(name.size() < 15 ? 15 - name.size() : 1, ' ') << m.title
              << " (" << m.patterns.size() << " patterns)\n";
  }
}

// Each printed command names --model as it was given (a built-in name or a
// file's path), so it runs as printed.
void print_patterns(const model::ModelDefinition& m) {
  const std::string model_word = model::shell_word(m.argument);
  std::cout << m.title << " (" << m.origin << ")\n\n" << model::model_key_design(m) << "\n";
  for (const model::ModelPattern& p : m.patterns) {
    std::cout << p.id << "  " << p.name << "\n"
              << "     command: dynamini model run " << (p.command.empty() ? p.id : p.command)
              << " --model " << model_word << "\n"
              << "     request: " << p.summary << "\n"
              << "     why:     " << p.why << "\n\n";
  }
}

void import_workbench(const std::string& file) {
  model::ModelDefinition checked = model::load_model(file);  // reads and checks it
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  rapidjson::Document doc;
  const std::string body = text.str();
  doc.Parse(body.data(), body.size());
  if (!model::is_workbench_export(doc)) {
    throw std::runtime_error(file +
                             " is not a NoSQL Workbench export (no ModelName and DataModel)");
  }
  std::cout << pretty_json(model::workbench_to_model(doc)) << "\n";
  std::cerr << "dynamini model: " << checked.title << ": " << checked.tables.size() << " table(s), "
            << checked.entities.size() << " entities, " << checked.patterns.size() << " patterns\n";
}

}  // namespace

int run_model(int argc, char** argv) {
  try {
    const std::string command = argc > 1 ? argv[1] : "";
    if (command.empty() || command == "--help" || command == "-h") {
      std::cout << kModelUsage;
      return command.empty() ? 1 : 0;
    }
    if (command == "list") {
      list_models();
      return 0;
    }
    ModelCommandLine line = parse_model_command_line(argc - 1, argv + 1);
    const model::ModelDefinition m = model::load_model(line.model);
    if (command == "patterns") {
      print_patterns(m);
      return 0;
    }
    if (command == "import") {
      if (line.pattern.empty()) throw std::runtime_error("usage: dynamini model import FILE");
      import_workbench(line.pattern);
      return 0;
    }
    if (command == "run") return run_pattern_command(m, line, "dynamini model run");
    throw std::runtime_error("unknown command '" + command + "' (try: dynamini model --help)");
  } catch (const std::exception& e) {
    std::cerr << "dynamini model: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace dynamini::cli
