// What DynamoDB checks of an item written to a table with vector indexes. Every
// message below was recorded against DynamoDB (eu-west-2 and us-east-1,
// 2026-08-11..13) by nubo-db/dynoxide (src/actions/vector_index.rs, whose
// comments keep the punctuation as recorded: a full stop after "invalid", no
// stop before IndexName on the size and not-a-list forms). The Developer Guide
// ("Troubleshooting vector indexes") describes the same refusals: a vector of
// the wrong dimension, and "Invalid parameter type" naming the offending
// element for a vector that is not a list of numbers.

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include "dynamini/api_error.h"
#include "keys/item_keys.h"

namespace dynamini {
namespace {

const char kPrefix[] = "One or more parameter values were invalid. ";

bool fits_float32(const std::string& decimal) {
  return std::isfinite(static_cast<float>(std::strtod(decimal.c_str(), nullptr)));
}

void check_vector(const AttributeValue& value, const VectorIndexDef& index) {
  const std::string& attr = index.attribute;
  if (value.type != ValueType::L) {
    throw validation_error(
        std::string(kPrefix) + "Invalid type for parameter " + attr +
        ", Expected: 32-bit floating point number list IndexName: " + index.name);
  }
  for (size_t i = 0; i < value.list.size(); ++i) {
    const AttributeValue& element = value.list[i];
    const std::string at = attr + "[" + std::to_string(i) + "]";
    if (element.type != ValueType::N) {
      throw validation_error(std::string(kPrefix) + "Invalid type for parameter " + at +
                             ", Expected: 32-bit floating point number, Actual: " +
                             type_name(element.type) + ". IndexName: " + index.name);
    }
    if (!fits_float32(element.scalar)) {
      throw validation_error(
          std::string(kPrefix) + "Invalid value for parameter " + at +
          ", Value: " + element.scalar +
          " is outside valid range [-3.4028235E38, 3.4028235E38]. IndexName: " + index.name);
    }
  }
  if (static_cast<int64_t>(value.list.size()) != index.dimensions) {
    throw validation_error(std::string(kPrefix) + "Invalid size for parameter " + attr +
                           ", Expected: " + std::to_string(index.dimensions) + ", Actual: " +
                           std::to_string(value.list.size()) + " IndexName: " + index.name);
  }
}

void check_search_attribute(const AttributeValue& value, const VectorIndexDef::SearchElement& e,
                            const VectorIndexDef& index, const TableDef& table) {
  for (const auto& d : table.attribute_definitions) {
    if (d.name != e.name || d.type == value.type) continue;
    throw validation_error(std::string(kPrefix) + "Attribute '" + e.name +
                           "' type mismatch. Expected: " + type_name(d.type) +
                           ", Actual: " + type_name(value.type) + ". IndexName: " + index.name);
  }
  if (e.hash && (value.type == ValueType::S || value.type == ValueType::B) &&
      value.scalar.empty()) {
    const std::string kind = value.type == ValueType::S ? "string" : "binary";
    throw validation_error(
        "One or more parameter values are not valid. A value specified for a secondary index key "
        "is not supported. The AttributeValue for a key attribute cannot contain an empty " +
        kind + " value. IndexName: " + index.name + ", IndexKey: " + e.name);
  }
}

}  // namespace

void validate_vector_attributes(const Item& item, const TableDef& table) {
  if (table.vector_indexes.empty()) return;
  // Which index reports first when several are violated is not recorded: by
  // name, as the index-key checks do.
  std::vector<const VectorIndexDef*> indexes;
  for (const auto& v : table.vector_indexes) indexes.push_back(&v);
  std::sort(indexes.begin(), indexes.end(),
            [](const auto* a, const auto* b) { return a->name < b->name; });
  for (const VectorIndexDef* index : indexes) {
    if (auto it = item.find(index->attribute); it != item.end()) check_vector(it->second, *index);
    for (const auto& e : index->search_schema) {
      if (auto it = item.find(e.name); it != item.end()) {
        check_search_attribute(it->second, e, *index, table);
      }
    }
  }
}

}  // namespace dynamini
