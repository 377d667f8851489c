#pragma once

#include <string>
#include <string_view>

namespace dynamini {

// An exact DynamoDB number: up to 38 significant decimal digits, magnitude
// between 1E-130 and 9.9999999999999999999999999999999999999E+125, or zero.
// Never converted through double, so `SET x = x - :v` stays exact.
//
// Representation: value = (negative ? -1 : 1) * 0.<digits> * 10^exponent,
// where digits has no leading or trailing zeros; zero has empty digits.
class Number {
 public:
  Number() = default;  // zero

  // Parses DynamoDB's number syntax (Java BigDecimal: optional sign, digits
  // with an optional point, optional exponent). On failure returns false and
  // sets `error` to DynamoDB's message.
  static bool parse(std::string_view text, Number* out, std::string* error);

  // Parses, throwing ApiError(ValidationException) with DynamoDB's message.
  static Number parse_or_throw(std::string_view text);

  static Number from_int(long long value);

  // DynamoDB's canonical text: no exponent, no leading or trailing zeros
  // ("1.50" -> "1.5", "1e2" -> "100", "-0" -> "0").
  std::string to_string() const;

  // Order-preserving byte encoding, used for key columns (memcmp order equals
  // numeric order). Persisted format, see keys/key_encoding.h.
  std::string key_bytes() const;

  bool is_zero() const { return digits_.empty(); }
  bool is_negative() const { return negative_; }
  int significant_digits() const { return static_cast<int>(digits_.size()); }

  // -1, 0, 1.
  int compare(const Number& other) const;
  bool operator==(const Number& other) const { return compare(other) == 0; }

  // Exact sum and difference. Throw ApiError(ValidationException) when the
  // result leaves DynamoDB's range or precision.
  Number add(const Number& other) const;
  Number subtract(const Number& other) const;

 private:
  // Checks an arithmetic result: throws the overflow or underflow message
  // when out of range, and the overflow message when too precise.
  void check_limits() const;

  bool negative_ = false;
  std::string digits_;
  int exponent_ = 0;
};

}  // namespace dynamini
