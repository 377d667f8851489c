#include "values/deserializer_errors.h"

#include <cctype>
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

}  // namespace dynamini
