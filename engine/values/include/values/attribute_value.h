#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "dynamini/attribute_value.h"
#include "values/json.h"
#include "values/number.h"

namespace dynamini {

// Parses one wire AttributeValue ({"S":"x"}, {"N":"1"}, {"B":"base64"}, ...),
// validating it as DynamoDB does. Throws ApiError with DynamoDB's message
// (ValidationException; SerializationException for wrong JSON types).
AttributeValue parse_attribute_value(const Json& json);
// Parses a JSON object of attribute name -> AttributeValue.
Item parse_item(const Json& json);

void write_attribute_value(JsonWriter& w, const AttributeValue& value);
void write_item(JsonWriter& w, const Item& item);
std::string item_to_json(const Item& item);
// Parses an item stored by item_to_json (trusted input; no validation).
Item item_from_json(std::string_view json);
// Only the named attributes of such an item (those present): a page's
// LastEvaluatedKey needs just its key attributes.
Item attributes_from_json(std::string_view json, const std::vector<std::string_view>& names);

// Sizes as DynamoDB counts them (Developer Guide, "Item sizes and formats"):
// strings and binaries by byte length, numbers by significant digits, BOOL and
// NULL 1 byte, L and M 3 bytes plus 1 per element, plus attribute name bytes.
int64_t attribute_value_size(const AttributeValue& value);
int64_t item_size(const Item& item);

// DynamoDB's maximum item size: 400 KB including attribute names.
constexpr int64_t kMaxItemSize = 400 * 1024;

// DynamoDB supports 32 levels of document nesting (Developer Guide, "Nested
// attribute depth"): a value nested deeper is "Nesting Levels have exceeded
// supported limits".
constexpr int kMaxNestingDepth = 32;

}  // namespace dynamini
