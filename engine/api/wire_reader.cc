#include "api/wire_reader.h"

#include <cmath>

#include "values/base64.h"
#include "values/deserializer_errors.h"

namespace dynamini::api {
namespace {

[[noreturn]] void serialization(const std::string& message) {
  throw ApiError{ErrorCode::kSerialization, message, {}};
}

}  // namespace

void WireReader::defer(ApiError error) {
  if (!deferred_) deferred_ = std::move(error);
}

void WireReader::defer(const RequestCheckError& error) {
  if (deferred_) return;
  deferred_ = error;
  deferred_request_check_ = true;
}

void WireReader::throw_deferred() const {
  if (!deferred_) return;
  if (deferred_request_check_) throw RequestCheckError(deferred_->message);
  throw *deferred_;
}

std::string read_string(const Json& value) {
  if (!value.IsString()) throw_wrong_type(value, "String");
  return std::string(value.GetString(), value.GetStringLength());
}

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

std::string read_blob(const Json& value) {
  if (!value.IsString()) {
    if (value.IsArray() || value.IsObject()) throw_wrong_type(value, "Blob");
    serialization(std::string("class ") +
                  (value.IsBool() ? "java.lang.Boolean"
                                  : "com.amazon.coral.value.json.numbers.TruncatingBigNumber") +
                  " can not be converted to a Blob");
  }
  std::string text(value.GetString(), value.GetStringLength());
  const std::string problem = base64_wire_problem(text);
  if (!problem.empty()) serialization("'" + text + "' can not be converted to a Blob: " + problem);
  std::string bytes;
  base64_decode(text, &bytes);
  return bytes;
}

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

const Json& expect_map(const Json& value) {
  if (value.IsObject()) return value;
  if (value.IsArray()) throw_not_structure(value);
  serialization("Expected map or null");
}

}  // namespace dynamini::api
