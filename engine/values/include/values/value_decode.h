#pragma once

// JSON to AttributeValues, two ways:
// - from a request (or an imported file): the decode step. It raises only
//   DynamoDB's deserializer errors (SerializationException for a member of the
//   wrong JSON type, in document order) and keeps every value as sent: numbers
//   unread, sets as given, an object naming no data type or several marked
//   (AttributeValue::type_count), names unchecked. values/value_check.h then
//   checks the values, after the request's shape. Values nested past
//   kMaxNestingDepth are not decoded (the check refuses the level that holds
//   them).
// - from storage: items dynamini wrote itself (item_to_json), read without
//   any check.

#include <string>
#include <string_view>
#include <vector>

#include "dynamini/attribute_value.h"
#include "values/json.h"

namespace dynamini {

// A String member of a request, and a Blob member (base64 text, decoded).
std::string wire_string(const Json& json);
std::string wire_binary(const Json& json);

AttributeValue decode_attribute_value(const Json& json);
// A JSON object of attribute name -> AttributeValue (an Item, a Key, a map of
// expression values).
Item decode_item(const Json& json);

// An item stored by item_to_json. A stored text that is not one is an
// internal error (std::runtime_error).
Item item_from_json(std::string_view json);
// Only the named attributes of such an item (those present): a page's
// LastEvaluatedKey needs just its key attributes.
Item attributes_from_json(std::string_view json, const std::vector<std::string_view>& names);
// The item of a parsed stored object.
Item stored_item(const Json& json);

}  // namespace dynamini
