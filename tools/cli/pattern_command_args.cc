#include "cli/pattern_command_args.h"

#include <algorithm>
#include <cctype>
#include <sstream>
#include <stdexcept>

namespace dynamini::cli {
namespace {

bool is_placeholder(const std::string& word) {
  return !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
    return std::isupper(static_cast<unsigned char>(c)) || c == '_';
  });
}

void set_param(model::TemplateParams& params, const model::ModelParameter& p,
               const std::string& value) {
  if (p.type == "number" && !value.empty() && std::all_of(value.begin(), value.end(), [](char c) {
        return std::isdigit(static_cast<unsigned char>(c));
      })) {
    params.number(p.name, std::stoll(value));
  } else if (p.type == "key" && !value.empty()) {
    params.json(p.name, value);  // TemplateError (not JSON) becomes the caller's message
  } else {
    params.text(p.name, value);
  }
}

}  // namespace

size_t positional_count(const std::string& command) {
  std::istringstream words(command);
  std::string word;
  words >> word;  // the command's own name
  size_t n = 0;
  while (words >> word) {
    if (word.starts_with("[") || word.starts_with("--") || word.find('=') != std::string::npos) {
      break;
    }
    if (is_placeholder(word)) ++n;
  }
  return n;
}

model::TemplateParams pattern_params(const model::ModelDefinition& model,
                                     const model::ModelPattern& pattern,
                                     const PatternCommandLine& line,
                                     const std::string& usage_prefix) {
  const size_t wanted = std::min(positional_count(pattern.command), pattern.parameters.size());
  auto named = [&](const std::string& name) {
    return std::any_of(line.named.begin(), line.named.end(),
                       [&](const auto& p) { return p.first == name; });
  };
  // Positional arguments may stop early where the rest have defaults (or
  // come by name).
  bool fits = line.positional.size() <= wanted;
  for (size_t i = line.positional.size(); fits && i < wanted; ++i) {
    const model::ModelParameter& p = *model.find_parameter(pattern.parameters[i]);
    fits = named(p.name) || !p.default_json.empty() || !p.required;
  }
  if (!fits) {
    throw std::runtime_error("usage: " + usage_prefix + " " +
                             (pattern.command.empty() ? pattern.id : pattern.command));
  }
  model::TemplateParams params;
  for (size_t i = 0; i < line.positional.size(); ++i) {
    set_param(params, *model.find_parameter(pattern.parameters[i]), line.positional[i]);
  }
  for (const auto& [name, value] : line.named) {
    const bool taken = std::find(pattern.parameters.begin(), pattern.parameters.end(), name) !=
                       pattern.parameters.end();
    if (!taken) {
      throw std::runtime_error("pattern " + pattern.id + " takes no parameter '" + name + "'");
    }
    try {
      set_param(params, *model.find_parameter(name), value);
    } catch (const model::TemplateError&) {
      throw std::runtime_error(name + " expects a key (JSON), got '" + value + "'");
    }
  }
  return params;
}

}  // namespace dynamini::cli
