#include "validation/request_members.h"

#include <cmath>

#include "dynamini/api_error.h"

namespace dynamini {
namespace {
[[noreturn]] void wrong_type(const char* name, const char* expected) {
  throw ApiError{ErrorCode::kSerialization,
                 std::string("Unexpected value type for member ") + name + ": expected " + expected,
                 {}};
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
  if (!v->IsString()) wrong_type(name, "a string");
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
  wrong_type(name, "a number");
}

std::optional<bool> bool_member(const Json& object, const char* name) {
  const Json* v = find_member(object, name);
  if (!v) return std::nullopt;
  if (!v->IsBool()) wrong_type(name, "a boolean");
  return v->GetBool();
}

const Json* object_member(const Json& object, const char* name) {
  const Json* v = find_member(object, name);
  if (v && !v->IsObject()) wrong_type(name, "an object");
  return v;
}

const Json* array_member(const Json& object, const char* name) {
  const Json* v = find_member(object, name);
  if (v && !v->IsArray()) wrong_type(name, "a list");
  return v;
}

}  // namespace dynamini
