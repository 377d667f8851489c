#include "cli/mcp_schema_check.h"

#include <regex>
#include <string_view>

namespace dynamini::cli {
namespace {

bool has_type(const rapidjson::Value& value, std::string_view type) {
  if (type == "object") return value.IsObject();
  if (type == "array") return value.IsArray();
  if (type == "string") return value.IsString();
  if (type == "boolean") return value.IsBool();
  if (type == "integer") return value.IsInt64() || value.IsUint64();
  if (type == "number") return value.IsNumber();
  if (type == "null") return value.IsNull();
  return true;
}

std::string article(std::string_view type) {
  return (type == "object" || type == "array" || type == "integer") ? "an " + std::string(type)
                                                                    : "a " + std::string(type);
}

std::optional<std::string> check_object(const rapidjson::Value& schema,
                                        const rapidjson::Value& value, const std::string& where) {
  auto properties = schema.FindMember("properties");
  const bool has_properties = properties != schema.MemberEnd() && properties->value.IsObject();
  if (auto required = schema.FindMember("required");
      required != schema.MemberEnd() && required->value.IsArray()) {
    for (const auto& name : required->value.GetArray()) {
      if (name.IsString() && !value.HasMember(name)) {
        return where + "." + name.GetString() + " is required";
      }
    }
  }
  auto additional = schema.FindMember("additionalProperties");
  for (const auto& member : value.GetObject()) {
    const std::string path = where + "." + member.name.GetString();
    if (has_properties) {
      if (auto p = properties->value.FindMember(member.name); p != properties->value.MemberEnd()) {
        if (auto problem = schema_violation(p->value, member.value, path)) return problem;
        continue;
      }
    }
    if (additional == schema.MemberEnd()) continue;
    if (additional->value.IsBool() && !additional->value.GetBool()) {
      return path + " is not a known argument";
    }
    if (additional->value.IsObject()) {
      if (auto problem = schema_violation(additional->value, member.value, path)) return problem;
    }
  }
  return std::nullopt;
}

std::optional<std::string> check_scalar(const rapidjson::Value& schema,
                                        const rapidjson::Value& value, const std::string& where) {
  if (auto e = schema.FindMember("enum"); e != schema.MemberEnd() && e->value.IsArray()) {
    bool found = false;
    std::string choices;
    for (const auto& choice : e->value.GetArray()) {
      found = found || choice == value;
      if (choice.IsString())
        choices += (choices.empty() ? "" : ", ") + std::string(choice.GetString());
    }
    if (!found) return where + " must be one of: " + choices;
  }
  if (value.IsNumber()) {
    auto min = schema.FindMember("minimum");
    if (min != schema.MemberEnd() && min->value.IsNumber() &&
        value.GetDouble() < min->value.GetDouble()) {
      return where + " must be at least " + std::to_string(min->value.GetInt64());
    }
    auto max = schema.FindMember("maximum");
    if (max != schema.MemberEnd() && max->value.IsNumber() &&
        value.GetDouble() > max->value.GetDouble()) {
      return where + " must be at most " + std::to_string(max->value.GetInt64());
    }
  }
  if (value.IsString()) {
    const auto length = value.GetStringLength();
    auto min = schema.FindMember("minLength");
    if (min != schema.MemberEnd() && min->value.IsUint() && length < min->value.GetUint()) {
      return where + " must not be shorter than " + std::to_string(min->value.GetUint());
    }
    auto max = schema.FindMember("maxLength");
    if (max != schema.MemberEnd() && max->value.IsUint() && length > max->value.GetUint()) {
      return where + " must not be longer than " + std::to_string(max->value.GetUint());
    }
    auto pattern = schema.FindMember("pattern");
    if (pattern != schema.MemberEnd() && pattern->value.IsString() &&
        !std::regex_search(value.GetString(), std::regex(pattern->value.GetString()))) {
      return where + " must match " + pattern->value.GetString();
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> schema_violation(const rapidjson::Value& schema,
                                            const rapidjson::Value& value,
                                            const std::string& where) {
  if (!schema.IsObject()) return std::nullopt;
  if (auto type = schema.FindMember("type"); type != schema.MemberEnd()) {
    if (type->value.IsString() && !has_type(value, type->value.GetString())) {
      return where + ": expected " + article(type->value.GetString());
    }
    if (type->value.IsArray()) {  // any of the types
      std::string names;
      bool any = false;
      for (const auto& t : type->value.GetArray()) {
        if (!t.IsString()) continue;
        any = any || has_type(value, t.GetString());
        names += (names.empty() ? "" : " or ") + article(t.GetString());
      }
      if (!any) return where + ": expected " + names;
    }
  }
  if (value.IsObject()) return check_object(schema, value, where);
  if (value.IsArray()) {
    if (auto items = schema.FindMember("items"); items != schema.MemberEnd()) {
      for (rapidjson::SizeType i = 0; i < value.Size(); ++i) {
        const std::string path = where + "[" + std::to_string(i) + "]";
        if (auto problem = schema_violation(items->value, value[i], path)) return problem;
      }
    }
    return std::nullopt;
  }
  return check_scalar(schema, value, where);
}

}  // namespace dynamini::cli
