#include "validation/request_members.h"

#include <cctype>
#include <cmath>
#include <string_view>

#include "dynamini/api_error.h"

namespace dynamini {
namespace {
// DynamoDB's deserializer messages for a member of the wrong JSON type, as
// recorded in dynalite test/helpers.js assertType ("an String" sic).
[[noreturn]] void serialization(const std::string& message) {
  throw ApiError{ErrorCode::kSerialization, message, {}};
}

}  // namespace

void throw_wrong_type(const Json& value, const char* target) {
  if (value.IsArray()) serialization("Start of list found where not expected");
  if (value.IsObject()) serialization("Start of structure or map found where not expected.");
  std::string java_class = value.IsBool() ? "java.lang.Boolean"
                           : value.IsString()
                               ? "java.lang.String"
                               : "com.amazon.coral.value.json.numbers.TruncatingBigNumber";
  serialization("class " + java_class + " can not be converted to an " + target);
}

void throw_not_structure(const Json& value) {
  if (value.IsArray()) serialization("Start of list found where not expected");
  serialization("Expected null");
}

void throw_not_list(const Json& value) {
  if (value.IsObject()) serialization("Start of structure or map found where not expected.");
  serialization("Expected list or null");
}

namespace {

// Members whose API type is a map: a scalar there is "Expected map or null";
// for a structure it is "Expected null" (dynalite test/helpers.js assertType).
bool is_map_member(std::string_view name) {
  static constexpr std::string_view kMaps[] = {"AttributeUpdates",
                                               "ExclusiveStartKey",
                                               "Expected",
                                               "ExpressionAttributeNames",
                                               "ExpressionAttributeValues",
                                               "Item",
                                               "Key",
                                               "KeyConditions",
                                               "QueryFilter",
                                               "RequestItems",
                                               "ScanFilter"};
  for (auto m : kMaps) {
    if (m == name) return true;
  }
  return false;
}
}  // namespace

const Json* find_member(const Json& object, const char* name) {
  if (!object.IsObject()) return nullptr;
  auto it = object.FindMember(name);
  if (it == object.MemberEnd() || it->value.IsNull()) return nullptr;
  return &it->value;
}

std::optional<std::string> string_member(const Json& object, const char* name) {
  const Json* v = find_member(object, name);
  if (!v) return std::nullopt;
  if (!v->IsString()) throw_wrong_type(*v, "String");
  return std::string(v->GetString(), v->GetStringLength());
}

std::optional<int64_t> integer_member(const Json& object, const char* name) {
  const Json* v = find_member(object, name);
  if (!v) return std::nullopt;
  if (v->IsInt64()) return v->GetInt64();
  if (v->IsDouble() && std::isfinite(v->GetDouble()) &&
      v->GetDouble() == std::floor(v->GetDouble()) && std::fabs(v->GetDouble()) < 9.2e18) {
    return static_cast<int64_t>(v->GetDouble());
  }
  if (v->IsNumber()) {
    throw ApiError{ErrorCode::kSerialization,
                   std::string("NUMBER_VALUE cannot be converted to Integer for member ") + name,
                   {}};
  }
  throw_wrong_type(*v, "Integer");
}

std::optional<bool> bool_member(const Json& object, const char* name) {
  const Json* v = find_member(object, name);
  if (!v) return std::nullopt;
  return read_boolean(*v);
}

bool read_boolean(const Json& value) {
  const Json* v = &value;
  if (v->IsBool()) return v->GetBool();
  if (v->IsString()) {
    // The deserializer reads TRUE/1/YES and FALSE/0/NO (any case) as booleans
    // and quotes any other string upper-cased (dynalite validations/index.js).
    std::string upper(v->GetString(), v->GetStringLength());
    for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (upper == "TRUE" || upper == "1" || upper == "YES") return true;
    if (upper == "FALSE" || upper == "0" || upper == "NO") return false;
    serialization("'" + upper + "' can not be converted to an Boolean");
  }
  throw_wrong_type(*v, "Boolean");
}

const Json* object_member(const Json& object, const char* name) {
  const Json* v = find_member(object, name);
  if (!v || v->IsObject()) return v;
  if (v->IsArray() || !is_map_member(name)) throw_not_structure(*v);
  serialization("Expected map or null");
}

const Json* array_member(const Json& object, const char* name) {
  const Json* v = find_member(object, name);
  if (!v || v->IsArray()) return v;
  throw_not_list(*v);
}

}  // namespace dynamini
