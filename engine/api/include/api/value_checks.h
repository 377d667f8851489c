#pragma once

// AttributeValues built in C++ (the typed API), validated as DynamoDB
// validates the wire's (api/wire_reader.h gives the same messages there):
// numbers parse and are put in canonical text ("1.50" -> "1.5"), sets are
// non-empty without duplicates, NULL is true, at most 32 levels of nesting,
// attribute names 1..65535 bytes. Each throws ValidationException.

#include <optional>
#include <string>

#include "dynamini/attribute_value.h"

namespace dynamini::api {

// DynamoDB's message for the first invalid part of `value`, or nullopt; numbers
// are normalised on the way.
std::optional<std::string> normalize_value_or_error(AttributeValue& value);

void normalize_value(AttributeValue& value);
void normalize_item(Item& item);
// With the contexts the wire readers give (read_expression_attribute_values,
// read_exclusive_start_key).
void normalize_expression_attribute_values(Item& values);
void normalize_exclusive_start_key(Item& key);

}  // namespace dynamini::api
