#pragma once

// DynamoDB's deserializer errors (SerializationException) for a request member
// of the wrong JSON type.

#include "values/json.h"

namespace dynamini {

// SerializationException for `value` where the API expects a scalar of type
// `target` ("String", "Boolean", "Integer"), a structure, or a list, in
// DynamoDB's deserializer wording.
[[noreturn]] void throw_wrong_type(const Json& value, const char* target);
[[noreturn]] void throw_not_structure(const Json& value);
[[noreturn]] void throw_not_list(const Json& value);
// A Boolean-typed value: true/false, or a string the deserializer accepts
// (TRUE/1/YES, FALSE/0/NO in any case); anything else is a SerializationException.
bool read_boolean(const Json& value);

}  // namespace dynamini
