#pragma once

// Reading request members off the wire, as DynamoDB's deserializer does: a
// member of the wrong JSON type is a SerializationException with the
// deserializer's words (thrown at once, in document order); an AttributeValue
// that deserializes but is invalid (empty, two types, a bad number, an empty
// or duplicated set, too deep, a bad attribute name) is a ValidationException
// that DynamoDB reports only after the request's shape errors, so the first
// one is deferred in the WireReader. The generated readers (shapes_read.cc)
// call these.

#include <cstdint>
#include <optional>
#include <string>

#include "dynamini/api_error.h"
#include "dynamini/attribute_value.h"
#include "values/json.h"
#include "values/request_check_error.h"

namespace dynamini::api {

class WireReader {
 public:
  // Keeps `error` unless an earlier one is kept.
  void defer(ApiError error);
  // The same for an error of the request-validation family, thrown again as
  // one (values/request_check_error.h).
  void defer(const RequestCheckError& error);
  // Throws the kept error, if any.
  void throw_deferred() const;
  const std::optional<ApiError>& deferred() const { return deferred_; }

 private:
  std::optional<ApiError> deferred_;
  bool deferred_request_check_ = false;
};

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

AttributeValue read_attribute_value(const Json& value, WireReader& reader);
// A map of attribute name -> AttributeValue (Item, Key, ...).
Item read_item(const Json& value, WireReader& reader);
// ExpressionAttributeValues: an invalid value is "ExpressionAttributeValues
// contains invalid value: <why> for key <key>" (dynalite test/updateItem.js).
Item read_expression_attribute_values(const Json& value, WireReader& reader);
// ExclusiveStartKey: "The provided starting key is invalid: <why>"
// (dynalite test/query.js, test/scan.js).
Item read_exclusive_start_key(const Json& value, WireReader& reader);

}  // namespace dynamini::api
