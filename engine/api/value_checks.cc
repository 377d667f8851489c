#include "api/value_checks.h"

#include <unordered_set>

#include "dynamini/api_error.h"
#include "values/attribute_value.h"
#include "values/number.h"
#include "values/request_check_error.h"

namespace dynamini::api {
namespace {

std::optional<std::string> check_at_depth(AttributeValue& value, int depth);

std::optional<std::string> check_item_at_depth(Item& item, int depth) {
  for (auto& [name, value] : item) {
    if (name.empty()) return "Empty attribute name";
    if (name.size() > 65535) return "Attribute name is too large, must be less than 65536 bytes";
    if (auto error = check_at_depth(value, depth)) return error;
  }
  return std::nullopt;
}

// Puts `text` in canonical form; the parse error otherwise.
std::optional<std::string> canonicalize(std::string& text) {
  Number n;
  std::string error;
  if (!Number::parse(text, &n, &error)) return error;
  text = n.to_string();
  return std::nullopt;
}

std::optional<std::string> check_set(AttributeValue& value) {
  if (value.set.empty()) {
    return std::string(kInvalidParameterValues) +
           (value.type == ValueType::SS   ? "An string set  may not be empty"
            : value.type == ValueType::NS ? "An number set  may not be empty"
                                          : "Binary sets should not be empty");
  }
  std::unordered_set<std::string> seen;
  for (auto& member : value.set) {
    if (value.type == ValueType::NS) {
      if (auto error = canonicalize(member)) return error;
    }
    if (!seen.insert(member).second) {
      return value.type == ValueType::NS
                 ? std::string("Input collection contains duplicates")
                 : std::string(kInvalidParameterValues) + "Input collection contains duplicates.";
    }
  }
  return std::nullopt;
}

std::optional<std::string> check_at_depth(AttributeValue& value, int depth) {
  if (depth >= kMaxNestingDepth) {
    return "Nesting Levels have exceeded supported limits: Attributes in the item have nested "
           "levels beyond supported limit";
  }
  switch (value.type) {
    case ValueType::N:
      return canonicalize(value.scalar);
    case ValueType::NUL:
      if (value.boolean) return std::nullopt;
      return std::string(kInvalidParameterValues) +
             "Null attribute value types must have the value of true";
    case ValueType::SS:
    case ValueType::NS:
    case ValueType::BS:
      return check_set(value);
    case ValueType::L:
      for (auto& element : value.list) {
        if (auto error = check_at_depth(element, depth + 1)) return error;
      }
      return std::nullopt;
    case ValueType::M:
      return check_item_at_depth(value.map, depth + 1);
    default:
      return std::nullopt;
  }
}

}  // namespace

std::optional<std::string> normalize_value_or_error(AttributeValue& value) {
  return check_at_depth(value, 0);
}

void normalize_value(AttributeValue& value) {
  if (auto error = check_at_depth(value, 0)) throw validation_error(*error);
}

void normalize_item(Item& item) {
  if (auto error = check_item_at_depth(item, 0)) throw validation_error(*error);
}

void normalize_expression_attribute_values(Item& values) {
  for (auto& [key, value] : values) {
    if (auto error = check_at_depth(value, 0)) {
      throw validation_error("ExpressionAttributeValues contains invalid value: " + *error +
                             " for key " + key);
    }
  }
}

void normalize_exclusive_start_key(Item& key) {
  if (auto error = check_item_at_depth(key, 0)) {
    throw validation_error("The provided starting key is invalid: " + *error);
  }
}

}  // namespace dynamini::api
