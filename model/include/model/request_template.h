#pragma once

// Request templates: DynamoDB JSON requests with named parameters. This is
// the form in which a model's requests are data: the model's C++ sends them
// instantiated, the console shows them as they are, and a model file can
// carry them.
//
// A template is valid JSON. Parameters appear inside strings as {{name}}:
// - a string that is exactly "{{name}}" becomes the parameter's value, which
//   is a JSON value: "Limit": "{{limit}}" with limit = 20 gives "Limit": 20;
//   "ExclusiveStartKey": "{{cursor}}" with a key object gives that object.
//   An absent parameter drops the member (or array element) holding it: that
//   is how optional members are written. (A DynamoDB number is a string,
//   {"N": "{{n}}"}: give it a string parameter.)
// - elsewhere in a string or a member name, {{name}} is replaced by the
//   parameter's text: "USER#{{user}}". The parameter must be a string or a
//   number, and present.

#include <rapidjson/document.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace dynamini::model {

// A template that is not JSON, or parameters that do not fit it.
class TemplateError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

// Named parameter values, each a JSON value.
class TemplateParams {
 public:
  TemplateParams();
  // From a JSON object ({"user": "u_alice", "limit": 20}). Throws
  // TemplateError when `json` is not one.
  static TemplateParams from_json(std::string_view json);

  TemplateParams& text(std::string_view name, std::string_view value);
  TemplateParams& number(std::string_view name, int64_t value);
  // Throws TemplateError when `json` does not parse.
  TemplateParams& json(std::string_view name, std::string_view json);
  // Removes `name` (absent from now on).
  TemplateParams& erase(std::string_view name);

  // The value, or null when absent.
  const rapidjson::Value* find(std::string_view name) const;
  const rapidjson::Value& object() const { return values_; }

 private:
  rapidjson::Document values_;
};

// The request, as compact JSON. Throws TemplateError.
std::string instantiate(std::string_view request_template, const TemplateParams& params);

// The parameter names a template uses, in order of first use.
std::vector<std::string> template_parameters(std::string_view request_template);

// True when `request_json` could have been instantiated from the template:
// every member the request has is in the template (a member the template
// gives as a whole placeholder may be absent), literal values are equal, and
// text with placeholders fits around them. Throws TemplateError when the
// template is not JSON; false when the request is not.
bool matches_template(std::string_view request_template, std::string_view request_json);

}  // namespace dynamini::model
