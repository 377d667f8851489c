#pragma once

// AttributeValues built in C++ (the typed API), validated as DynamoDB
// validates the wire's (api/wire_reader.h gives the same messages there):
// numbers parse and are put in canonical text ("1.50" -> "1.5"), sets are
// non-empty without duplicates, NULL is true, at most 32 levels of nesting,
// attribute names 1..65535 bytes. Throw ValidationException.

#include "dynamini/attribute_value.h"

namespace dynamini::api {

void normalize_value(AttributeValue& value);
void normalize_item(Item& item);

}  // namespace dynamini::api
