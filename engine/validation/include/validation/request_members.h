#pragma once

// Typed access to the members of a request object. A member of the wrong JSON
// type is a SerializationException, as DynamoDB's deserializer answers; a
// member that is absent or JSON null reads as "not given".

#include <cstdint>
#include <optional>
#include <string>

#include "values/json.h"

namespace dynamini {

const Json* find_member(const Json& object, const char* name);
std::optional<std::string> string_member(const Json& object, const char* name);
std::optional<int64_t> integer_member(const Json& object, const char* name);
std::optional<bool> bool_member(const Json& object, const char* name);
// An object member (a map); nullptr when absent.
const Json* object_member(const Json& object, const char* name);
// An array member; nullptr when absent.
const Json* array_member(const Json& object, const char* name);

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
