#pragma once

// DynamoDB's AttributeValue and Item as plain C++ values, with builders for
// writing them by hand:
//
//   using namespace dynamini;
//   Item notification = {{"pk", S("USER#u_alice")}, {"sk", S("NOTIF#01")},
//                        {"read", BOOL(false)}, {"attempts", N(3)},
//                        {"payload", M({{"postId", S("p1")}})}, {"tags", SS({"a", "b"})}};
//
// Values built in C++ are validated (and numbers put in canonical form) when a
// request carrying them runs, as DynamoDB validates the wire's.

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace dynamini {

// The ten DynamoDB data types.
enum class ValueType : uint8_t { S, N, B, BOOL, NUL, SS, NS, BS, L, M };

// "S", "N", "B", "BOOL", "NULL", "SS", "NS", "BS", "L", "M".
const char* type_name(ValueType type);

class Number;

// One DynamoDB AttributeValue. A tagged value rather than std::variant so that
// the recursive L and M members stay plain containers.
struct AttributeValue {
  ValueType type = ValueType::NUL;
  // How many data types the JSON object a value was decoded from named, when
  // that was not one (0, or 2..10): the value check refuses it with
  // DynamoDB's message. Always 1 for values built in C++.
  uint8_t type_count = 1;
  // S: UTF-8 text. N: decimal text (canonical once validated: "1.50" -> "1.5").
  // B: raw bytes (not base64).
  std::string scalar;
  bool boolean = false;  // BOOL; for NULL, true (DynamoDB refuses "NULL": false)
  // SS: texts, NS: numbers' decimal text, BS: raw bytes. In the order given.
  std::vector<std::string> set;
  std::vector<AttributeValue> list;           // L
  std::map<std::string, AttributeValue> map;  // M

  static AttributeValue string(std::string s);
  static AttributeValue number(const Number& n);
  static AttributeValue binary(std::string bytes);
  static AttributeValue boolean_value(bool b);
  static AttributeValue null();

  // N only: the exact number (the canonical text reparsed).
  Number as_number() const;
  bool is_set() const {
    return type == ValueType::SS || type == ValueType::NS || type == ValueType::BS;
  }
};

using Item = std::map<std::string, AttributeValue>;

// DynamoDB equality: same type and same value; sets compare as sets, numbers
// by value.
bool operator==(const AttributeValue& a, const AttributeValue& b);
inline bool operator!=(const AttributeValue& a, const AttributeValue& b) { return !(a == b); }

// Builders.
AttributeValue S(std::string text);
AttributeValue N(std::string_view decimal_text);  // "1", "-2.5", "1E3"
AttributeValue N(int64_t number);
AttributeValue B(std::string bytes);  // raw bytes
AttributeValue BOOL(bool value);
AttributeValue NUL();
AttributeValue SS(std::vector<std::string> texts);
AttributeValue NS(std::vector<std::string> decimal_texts);
AttributeValue BS(std::vector<std::string> byte_strings);
AttributeValue L(std::vector<AttributeValue> elements);
AttributeValue M(Item members);

}  // namespace dynamini
