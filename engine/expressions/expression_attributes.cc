// ExpressionAttributeNames / ExpressionAttributeValues of a request.

#include <cctype>

#include "dynamini/api_error.h"
#include "expressions/expressions.h"
#include "validation/request_members.h"

namespace dynamini::expr {
namespace {

ApiError serialization(const std::string& message) {
  return ApiError{ErrorCode::kSerialization, message, {}};
}

// "#name" / ":value": the marker then one or more [0-9a-zA-Z_].
bool valid_key(std::string_view key, char marker) {
  if (key.size() < 2 || key[0] != marker) return false;
  for (size_t i = 1; i < key.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(key[i]);
    if (!std::isalnum(c) && c != '_') return false;
  }
  return true;
}

const Json* member(const Json& request, const char* name) {
  if (!request.IsObject()) return nullptr;
  auto it = request.FindMember(name);
  if (it == request.MemberEnd() || it->value.IsNull()) return nullptr;
  return &it->value;
}

}  // namespace

// Messages recorded from DynamoDB (dynalite test/query.js, test/updateItem.js):
// "ExpressionAttributeNames must not be empty", "ExpressionAttributeNames
// contains invalid key: Syntax error; key: \"a\"", "ExpressionAttributeValues
// contains invalid value: <reason> for key :b".
ExpressionAttributes parse_expression_attributes(const Json& request, bool with_values) {
  ExpressionAttributes out;
  if (const Json* names = member(request, "ExpressionAttributeNames")) {
    if (!names->IsObject()) {
      if (names->IsArray()) throw_not_structure(*names);
      throw serialization("Expected map or null");
    }
    if (names->MemberCount() == 0) throw validation_error("ExpressionAttributeNames must not be empty");
    for (auto it = names->MemberBegin(); it != names->MemberEnd(); ++it) {
      std::string key(string_of(it->name));
      if (!valid_key(key, '#')) {
        throw validation_error("ExpressionAttributeNames contains invalid key: Syntax error; key: \"" +
                               key + "\"");
      }
      if (!it->value.IsString()) throw_wrong_type(it->value, "String");
      // An attribute name is 1..65535 bytes; DynamoDB wraps the reason as for
      // values ("ExpressionAttributeNames contains invalid value: Empty
      // attribute name for key #DE", quoted from DynamoDB by an application
      // that matches on it; DynamoDB Local getExpressionAttributeNamesSizes).
      if (it->value.GetStringLength() == 0) {
        throw validation_error("ExpressionAttributeNames contains invalid value: Empty attribute name for key " + key);
      }
      if (it->value.GetStringLength() > 65535) {
        throw validation_error(
            "ExpressionAttributeNames contains invalid value: Attribute name is too large, must be less "
            "than 65536 bytes for key " + key);
      }
      out.names[key] = std::string(string_of(it->value));
    }
  }
  if (const Json* values = with_values ? member(request, "ExpressionAttributeValues") : nullptr) {
    if (!values->IsObject()) {
      if (values->IsArray()) throw_not_structure(*values);
      throw serialization("Expected map or null");
    }
    if (values->MemberCount() == 0) throw validation_error("ExpressionAttributeValues must not be empty");
    for (auto it = values->MemberBegin(); it != values->MemberEnd(); ++it) {
      std::string key(string_of(it->name));
      if (!valid_key(key, ':')) {
        throw validation_error("ExpressionAttributeValues contains invalid key: Syntax error; key: \"" +
                               key + "\"");
      }
    }
    for (auto it = values->MemberBegin(); it != values->MemberEnd(); ++it) {
      std::string key(string_of(it->name));
      try {
        out.values[key] = parse_attribute_value(it->value);
      } catch (ApiError& e) {
        if (e.code != ErrorCode::kValidation) throw;
        throw validation_error("ExpressionAttributeValues contains invalid value: " + e.message +
                               " for key " + key);
      }
    }
  }
  return out;
}

ExpressionAttributes make_expression_attributes(
    const std::optional<std::map<std::string, std::string>>& names, const std::optional<Item>& values) {
  ExpressionAttributes out;
  if (names) {
    if (names->empty()) throw validation_error("ExpressionAttributeNames must not be empty");
    for (const auto& [key, name] : *names) {
      if (!valid_key(key, '#')) {
        throw validation_error("ExpressionAttributeNames contains invalid key: Syntax error; key: \"" +
                               key + "\"");
      }
      // An attribute name is 1..65535 bytes; DynamoDB wraps the reason as for
      // values ("ExpressionAttributeNames contains invalid value: Empty
      // attribute name for key #DE", quoted from DynamoDB by an application
      // that matches on it; DynamoDB Local getExpressionAttributeNamesSizes).
      if (name.empty()) {
        throw validation_error("ExpressionAttributeNames contains invalid value: Empty attribute name for key " + key);
      }
      if (name.size() > 65535) {
        throw validation_error(
            "ExpressionAttributeNames contains invalid value: Attribute name is too large, must be less "
            "than 65536 bytes for key " + key);
      }
    }
    out.names = *names;
  }
  if (values) {
    if (values->empty()) throw validation_error("ExpressionAttributeValues must not be empty");
    for (const auto& [key, value] : *values) {
      if (!valid_key(key, ':')) {
        throw validation_error("ExpressionAttributeValues contains invalid key: Syntax error; key: \"" +
                               key + "\"");
      }
    }
    out.values = *values;
  }
  return out;
}

// dynalite test/updateItem.js: "Value provided in ExpressionAttributeNames
// unused in expressions: keys: {#a, #b}".
void check_all_used(const ExpressionAttributes& attributes) {
  auto unused = [](const auto& provided, const std::set<std::string>& used) {
    std::string keys;
    for (const auto& entry : provided) {
      if (used.count(entry.first)) continue;
      if (!keys.empty()) keys += ", ";
      keys += entry.first;
    }
    return keys;
  };
  std::string names = unused(attributes.names, attributes.used_names);
  if (!names.empty()) {
    throw validation_error("Value provided in ExpressionAttributeNames unused in expressions: keys: {" +
                           names + "}");
  }
  std::string values = unused(attributes.values, attributes.used_values);
  if (!values.empty()) {
    throw validation_error(
        "Value provided in ExpressionAttributeValues unused in expressions: keys: {" + values + "}");
  }
}

}  // namespace dynamini::expr
