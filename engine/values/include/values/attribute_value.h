#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "dynamini/attribute_value.h"
#include "values/json.h"
#include "values/number.h"
#include "values/value_decode.h"

namespace dynamini {

void write_attribute_value(JsonWriter& w, const AttributeValue& value);
void write_item(JsonWriter& w, const Item& item);
// DynamoDB JSON text of an item, as stored (read back by item_from_json,
// values/value_decode.h).
std::string item_to_json(const Item& item);

// Sizes as DynamoDB counts them (Developer Guide, "Item sizes and formats"):
// strings and binaries by byte length, numbers by their significant digits
// (number_size in attribute_value.cc), BOOL and NULL 1 byte, L and M 3 bytes
// plus 1 per element, plus attribute name bytes.
int64_t attribute_value_size(const AttributeValue& value);
int64_t item_size(const Item& item);

// DynamoDB's maximum item size: 400 KB including attribute names.
constexpr int64_t kMaxItemSize = 400 * 1024;

// DynamoDB supports 32 levels of document nesting, the attribute itself being
// level 1: a leaf at level 32 is accepted, at level 33 refused (Developer
// Guide "Data types"; the boundary recorded against DynamoDB in
// paritysuite/dynamodb-conformance tests/tier3/limits/nestingDepth.test.ts).
// The one definition: the value check (values/value_check.h), the decode
// step and PartiQL's literals use it, with kNestingLimitExceeded's words.
inline constexpr int kMaxNestingDepth = 32;

}  // namespace dynamini
