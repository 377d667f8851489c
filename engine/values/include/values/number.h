#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace dynamini {

// How a number's text is read. DynamoDB reads numbers in two ways, and which
// one decides the answer for an exponent far out of range (recorded against
// DynamoDB: paritysuite/dynamodb-conformance tests/tier3/limits/
// numberExponent.test.ts and tests/tier3/error-messages/valueLayers.test.ts,
// partiqlParameterNumbers.test.ts, 2026-10):
enum class NumberReading : uint8_t {
  // The item layer of PutItem, UpdateItem, DeleteItem, GetItem, BatchGetItem
  // and Query: the exponent is read as a 64-bit integer and the magnitude
  // checked exactly (1e2147483647 overflows); an exponent past a 64-bit
  // integer cannot be converted. Zero is range-checked by the exponent it is
  // written with (0e126 overflows, 0e125 is 0).
  kExponent64,
  // Java's BigDecimal(String), read by the older value layer (BatchWriteItem,
  // the transactions, Scan) and by PartiQL: an exponent or a scale past a
  // 32-bit integer cannot be converted, and the magnitude is precision minus
  // scale in 32-bit arithmetic, which wraps (1e2147483647 underflows).
  kBigDecimal,
};

// Why a text is not a DynamoDB number.
enum class NumberProblem : uint8_t { kNone, kUnconvertible, kTooPrecise, kOverflow, kUnderflow };

// DynamoDB's sentence for kTooPrecise, kOverflow and kUnderflow ("" for the
// others: an unconvertible text's message depends on the layer, values/value_check.h).
const char* number_limit_message(NumberProblem problem);
// "The parameter cannot be converted to a numeric value".
extern const char kUnconvertibleNumber[];

// -1, 0 or 1 as `a` is below, equal to or above `b`, both numbers in
// canonical text (Number::to_string), compared without reading them.
int compare_canonical_numbers(std::string_view a, std::string_view b);

// An exact DynamoDB number: up to 38 significant decimal digits, magnitude
// between 1E-130 and 9.9999999999999999999999999999999999999E+125, or zero.
// Never converted through double, so `SET x = x - :v` stays exact.
//
// Representation: value = (negative ? -1 : 1) * 0.<digits> * 10^exponent,
// where digits has no leading or trailing zeros; zero has empty digits.
class Number {
 public:
  Number() = default;  // zero

  // Reads DynamoDB's number syntax (optional sign, digits with an optional
  // point, optional exponent) as `reading` reads it; `out` is set when the
  // answer is kNone.
  static NumberProblem read(std::string_view text, NumberReading reading, Number* out);

  // Reads with kExponent64, throwing ApiError(ValidationException) with
  // DynamoDB's message.
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
