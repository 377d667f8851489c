#include "api/value_checks.h"

#include <unordered_set>

#include "dynamini/api_error.h"
#include "values/number.h"

namespace dynamini::api {
namespace {

const char kInvalidPrefix[] = "One or more parameter values were invalid: ";
constexpr int kMaxNestingDepth = 32;  // as api/attribute_value_reader.cc

void normalize_at_depth(AttributeValue& value, int depth);

void normalize_item_at_depth(Item& item, int depth) {
  for (auto& [name, value] : item) {
    if (name.empty()) throw validation_error("Empty attribute name");
    if (name.size() > 65535) {
      throw validation_error("Attribute name is too large, must be less than 65536 bytes");
    }
    normalize_at_depth(value, depth);
  }
}

std::string canonical(const std::string& text) { return Number::parse_or_throw(text).to_string(); }

void normalize_set(AttributeValue& value) {
  if (value.set.empty()) {
    const char* what = value.type == ValueType::SS   ? "An string set  may not be empty"
                       : value.type == ValueType::NS ? "An number set  may not be empty"
                                                     : "Binary sets should not be empty";
    throw validation_error(std::string(kInvalidPrefix) + what);
  }
  std::unordered_set<std::string> seen;
  for (auto& member : value.set) {
    if (value.type == ValueType::NS) member = canonical(member);
    if (!seen.insert(member).second) {
      throw validation_error(value.type == ValueType::NS
                                 ? std::string("Input collection contains duplicates")
                                 : std::string(kInvalidPrefix) + "Input collection contains duplicates.");
    }
  }
}

void normalize_at_depth(AttributeValue& value, int depth) {
  if (depth >= kMaxNestingDepth) {
    throw validation_error(
        "Nesting Levels have exceeded supported limits: Attributes in the item have nested "
        "levels beyond supported limit");
  }
  switch (value.type) {
    case ValueType::N: value.scalar = canonical(value.scalar); break;
    case ValueType::NUL:
      if (!value.boolean) {
        throw validation_error(std::string(kInvalidPrefix) +
                               "Null attribute value types must have the value of true");
      }
      break;
    case ValueType::SS:
    case ValueType::NS:
    case ValueType::BS: normalize_set(value); break;
    case ValueType::L:
      for (auto& element : value.list) normalize_at_depth(element, depth + 1);
      break;
    case ValueType::M: normalize_item_at_depth(value.map, depth + 1); break;
    default: break;
  }
}

}  // namespace

void normalize_value(AttributeValue& value) { normalize_at_depth(value, 0); }
void normalize_item(Item& item) { normalize_item_at_depth(item, 0); }

}  // namespace dynamini::api
