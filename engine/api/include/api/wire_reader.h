#pragma once

// Reading request members off the wire, as DynamoDB's deserializer does: a
// member of the wrong JSON type is a SerializationException with the
// deserializer's words, thrown at once, in document order. AttributeValues are
// decoded as sent (values/value_decode.h); their validity is checked after the
// request's shape (values/value_check.h, api::check_values). The generated
// readers (shapes_read.cc) call these.

#include <cstdint>
#include <string>

#include "dynamini/api_error.h"
#include "dynamini/attribute_value.h"
#include "values/json.h"

namespace dynamini::api {

std::string read_string(const Json& value);
// true/false, or a string the deserializer reads as one (TRUE/1/YES, FALSE/0/NO).
bool read_boolean(const Json& value);
// An Integer or Long member: "NUMBER_VALUE cannot be converted to Integer for
// member <member>" for a fraction.
int64_t read_integer(const Json& value, const char* member);
double read_double(const Json& value);
// A Blob: base64 text, decoded ("'x' can not be converted to a Blob: ...").
std::string read_blob(const Json& value);

// How a structure of the wrong JSON type is reported: kMember as every member
// structure ("Expected null", "Start of list found where not expected"),
// kElement with the newer words some list and map elements get
// ("Unexpected value type in payload", "Unrecognized collection type class
// com.amazonaws.dynamodb.v20120810.<Shape>").
enum class StructureWords { kMember, kElement };
const Json& expect_structure(const Json& value, StructureWords words, const char* shape);
const Json& expect_list(const Json& value);
const Json& expect_map(const Json& value);

AttributeValue read_attribute_value(const Json& value);
// A map of attribute name -> AttributeValue (Item, Key, ExpressionAttributeValues, ...).
Item read_item(const Json& value);

}  // namespace dynamini::api
