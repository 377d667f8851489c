#pragma once

// The values of a pattern's parameters: what the caller gave, else the
// model's defaults, checked against each parameter's type. Throws
// PatternError (model/pattern_run.h) for a required parameter with no value
// or a value of the wrong type; nothing has been sent then.

#include <optional>
#include <string>
#include <string_view>

#include "model/model_definition.h"
#include "model/request_template.h"

namespace dynamini::model {

class PatternArguments {
 public:
  PatternArguments(const ModelDefinition& model, const ModelPattern& pattern,
                   const TemplateParams& params);

  // A string parameter (a number given is its text).
  std::string text(std::string_view name) const;
  // A positive integer.
  int number(std::string_view name) const;
  // A key parameter as JSON text; nullopt when not given (or empty).
  std::optional<std::string> key(std::string_view name) const;

  // Every parameter of the pattern with a value, as template parameters:
  // numbers as JSON numbers, keys as JSON objects, strings as strings.
  TemplateParams resolved() const;

 private:
  const ModelParameter& parameter(std::string_view name) const;
  // The given value, or null when absent or an empty string.
  const rapidjson::Value* given(std::string_view name) const;

  const ModelDefinition& model_;
  const ModelPattern& pattern_;
  const TemplateParams& params_;
};

}  // namespace dynamini::model
