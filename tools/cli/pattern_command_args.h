#pragma once

// A pattern's parameters from a command line (`dynamini model run` and the
// `dynamini inbox` alias): positional arguments fill the parameters the
// pattern's command names before its options ("read USER NOTIF_ID": user,
// notifId), in order; `name=value` and `--name value` set any of its
// parameters. Positional arguments may stop early where the parameters left
// have defaults. Numbers and keys (JSON) are typed as the model declares them.

#include <string>
#include <utility>
#include <vector>

#include "model/model_definition.h"
#include "model/request_template.h"

namespace dynamini::cli {

struct PatternCommandLine {
  std::vector<std::string> positional;
  std::vector<std::pair<std::string, std::string>> named;  // from name=value and --name value
};

// How many positional arguments `command` ("read USER NOTIF_ID [--x N]")
// takes: the upper-case words before any option or bracket.
size_t positional_count(const std::string& command);

// Throws std::runtime_error: "usage: <usage_prefix> <command>" for the wrong
// number of positional arguments, or naming a parameter the pattern does not
// take.
model::TemplateParams pattern_params(const model::ModelDefinition& model,
                                     const model::ModelPattern& pattern,
                                     const PatternCommandLine& line,
                                     const std::string& usage_prefix);

}  // namespace dynamini::cli
