#pragma once

// Running one pattern from the command line: `dynamini model run` and its
// alias `dynamini inbox`.

#include <string>

#include "cli/pattern_command_args.h"
#include "model/model_definition.h"

namespace dynamini::cli {

struct ModelCommandLine {
  std::string model = "inbox";  // --model NAME|FILE
  std::string pattern;          // the first argument: a pattern (or, for import, a file)
  PatternCommandLine args;      // the rest: positional, NAME=VALUE, --NAME VALUE
  std::string endpoint;         // --endpoint URL
  std::string db;               // --db FILE
  bool quiet = false;           // --quiet
};

// The arguments after the subcommand's name. Throws std::runtime_error.
ModelCommandLine parse_model_command_line(int argc, char** argv);

// Runs `line.pattern` of `model` against --endpoint (default
// http://127.0.0.1:8000) or --db, prints it (cli/run_printer.h), and returns
// the exit code: 0 when the pattern ran to its end (an expected refusal
// included), 1 otherwise. Messages name the command as `usage_prefix`
// ("dynamini inbox"). Throws std::runtime_error for a bad command line.
int run_pattern_command(const model::ModelDefinition& model, const ModelCommandLine& line,
                        const std::string& usage_prefix);

}  // namespace dynamini::cli
