#include "api/wire_reader.h"

#include <cmath>

#include "values/deserializer_errors.h"
#include "values/value_decode.h"

namespace dynamini::api {
namespace {

[[noreturn]] void serialization(const std::string& message) {
  throw ApiError{ErrorCode::kSerialization, message, {}};
}

}  // namespace

std::string read_string(const Json& value) { return wire_string(value); }

bool read_boolean(const Json& value) { return dynamini::read_boolean(value); }

int64_t read_integer(const Json& value, const char* member) {
  if (value.IsInt64()) return value.GetInt64();
  if (value.IsDouble() && std::isfinite(value.GetDouble()) &&
      value.GetDouble() == std::floor(value.GetDouble()) && std::fabs(value.GetDouble()) < 9.2e18) {
    return static_cast<int64_t>(value.GetDouble());
  }
  if (value.IsNumber()) {
    serialization(std::string("NUMBER_VALUE cannot be converted to Integer for member ") + member);
  }
  throw_wrong_type(value, "Integer");
}

double read_double(const Json& value) {
  if (!value.IsNumber()) throw_wrong_type(value, "Double");
  return value.GetDouble();
}

std::string read_blob(const Json& value) { return wire_binary(value); }

const Json& expect_structure(const Json& value, StructureWords words, const char* shape) {
  if (value.IsObject()) return value;
  if (words == StructureWords::kElement) {
    if (value.IsArray()) {
      serialization(
          std::string("Unrecognized collection type class com.amazonaws.dynamodb.v20120810.") +
          shape);
    }
    serialization("Unexpected value type in payload");
  }
  throw_not_structure(value);
}

const Json& expect_list(const Json& value) {
  if (!value.IsArray()) throw_not_list(value);
  return value;
}

AttributeValue read_attribute_value(const Json& value) { return decode_attribute_value(value); }

Item read_item(const Json& value) { return decode_item(value); }

const Json& expect_map(const Json& value) {
  if (value.IsObject()) return value;
  if (value.IsArray()) throw_not_structure(value);
  serialization("Expected map or null");
}

}  // namespace dynamini::api
