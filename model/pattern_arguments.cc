#include "model/pattern_arguments.h"

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "json/json_text.h"
#include "model/pattern_run.h"

namespace dynamini::model {
namespace {

// The default's JSON text as a value of the parameter (a string default's
// text without its quotes).
std::string default_text(const ModelParameter& p) {
  rapidjson::Document d;
  d.Parse(p.default_json.data(), p.default_json.size());
  if (d.IsString()) return std::string(d.GetString(), d.GetStringLength());
  return p.default_json;
}

}  // namespace

PatternArguments::PatternArguments(const ModelDefinition& model, const ModelPattern& pattern,
                                   const TemplateParams& params)
    : model_(model), pattern_(pattern), params_(params) {
  for (const std::string& name : pattern.parameters) {
    const ModelParameter& p = parameter(name);
    if (p.required && given(name) == nullptr && p.default_json.empty()) {
      throw PatternError("pattern " + pattern.id + " needs parameter " + name);
    }
    if (p.type == "number" && (given(name) != nullptr || !p.default_json.empty())) number(name);
    if (p.type == "key") key(name);
  }
}

const ModelParameter& PatternArguments::parameter(std::string_view name) const {
  const ModelParameter* p = model_.find_parameter(name);
  if (p == nullptr)
    throw PatternError("pattern " + pattern_.id + ": no parameter " + std::string(name));
  return *p;
}

const rapidjson::Value* PatternArguments::given(std::string_view name) const {
  const rapidjson::Value* v = params_.find(name);
  if (v == nullptr || (v->IsString() && v->GetStringLength() == 0)) return nullptr;
  return v;
}

std::string PatternArguments::text(std::string_view name) const {
  const rapidjson::Value* v = given(name);
  if (v == nullptr) return default_text(parameter(name));
  if (v->IsString()) return std::string(v->GetString(), v->GetStringLength());
  if (v->IsNumber()) return json_text(*v);
  throw PatternError("parameter " + std::string(name) + " must be a string");
}

int PatternArguments::number(std::string_view name) const {
  const rapidjson::Value* v = given(name);
  std::string text = v == nullptr ? default_text(parameter(name)) : "";
  if (v != nullptr && v->IsInt() && v->GetInt() > 0) return v->GetInt();
  if (v != nullptr && v->IsString()) text = v->GetString();
  try {
    size_t used = 0;
    const int n = std::stoi(text, &used);
    if (n > 0 && used == text.size()) return n;
  } catch (const std::exception&) {
  }
  throw PatternError("parameter " + std::string(name) + " must be a positive number");
}

std::optional<std::string> PatternArguments::key(std::string_view name) const {
  const rapidjson::Value* v = given(name);
  if (v == nullptr) return std::nullopt;
  if (v->IsObject()) return json_text(*v);
  if (v->IsString()) {
    rapidjson::Document d;
    d.Parse(v->GetString(), v->GetStringLength());
    if (!d.HasParseError() && d.IsObject()) return std::string(v->GetString());
  }
  throw PatternError("parameter " + std::string(name) + " must be a key (a JSON object)");
}

TemplateParams PatternArguments::resolved() const {
  TemplateParams out;
  for (const std::string& name : pattern_.parameters) {
    const ModelParameter& p = parameter(name);
    if (p.type == "key") {
      if (auto k = key(name)) out.json(name, *k);
    } else if (p.type == "number") {
      if (given(name) != nullptr || !p.default_json.empty()) out.number(name, number(name));
    } else if (given(name) != nullptr || !p.default_json.empty()) {
      out.text(name, text(name));
    }
  }
  return out;
}

}  // namespace dynamini::model
