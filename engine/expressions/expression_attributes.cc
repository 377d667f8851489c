// ExpressionAttributeNames / ExpressionAttributeValues of a request.

#include <cctype>

#include "dynamini/api_error.h"
#include "expressions/expressions.h"
#include "values/request_check_error.h"

namespace dynamini::expr {
namespace {

// "#name" / ":value": the marker then one or more [0-9a-zA-Z_].
bool valid_key(std::string_view key, char marker) {
  if (key.size() < 2 || key[0] != marker) return false;
  for (size_t i = 1; i < key.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(key[i]);
    if (!std::isalnum(c) && c != '_') return false;
  }
  return true;
}

}  // namespace

ExpressionAttributes make_expression_attributes(
    const std::optional<std::map<std::string, std::string>>& names,
    const std::optional<Item>& values) {
  ExpressionAttributes out;
  if (names) {
    if (names->empty()) throw request_check_error("ExpressionAttributeNames must not be empty");
    for (const auto& [key, name] : *names) {
      if (!valid_key(key, '#')) {
        throw request_check_error(
            "ExpressionAttributeNames contains invalid key: Syntax error; key: \"" + key + "\"");
      }
      // An attribute name is 1..65535 bytes; DynamoDB wraps the reason as for
      // values ("ExpressionAttributeNames contains invalid value: Empty
      // attribute name for key #DE", quoted from DynamoDB by an application
      // that matches on it; DynamoDB Local getExpressionAttributeNamesSizes).
      if (name.empty()) {
        throw request_check_error(
            "ExpressionAttributeNames contains invalid value: Empty attribute name for key " + key);
      }
      if (name.size() > 65535) {
        throw request_check_error(
            "ExpressionAttributeNames contains invalid value: Attribute name is too large, must be "
            "less "
            "than 65536 bytes for key " +
            key);
      }
    }
    out.names = *names;
  }
  if (values) {
    if (values->empty()) throw request_check_error("ExpressionAttributeValues must not be empty");
    for (const auto& [key, value] : *values) {
      if (!valid_key(key, ':')) {
        throw request_check_error(
            "ExpressionAttributeValues contains invalid key: Syntax error; key: \"" + key + "\"");
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
    throw validation_error(
        "Value provided in ExpressionAttributeNames unused in expressions: keys: {" + names + "}");
  }
  std::string values = unused(attributes.values, attributes.used_values);
  if (!values.empty()) {
    throw validation_error(
        "Value provided in ExpressionAttributeValues unused in expressions: keys: {" + values +
        "}");
  }
}

}  // namespace dynamini::expr
