#include "values/number.h"

#include <doctest/doctest.h>

#include "dynamini/api_error.h"

using dynamini::ApiError;
using dynamini::Number;
using dynamini::NumberProblem;
using dynamini::NumberReading;

namespace {
Number num(const char* text) { return Number::parse_or_throw(text); }
std::string error_of(const char* text) {
  try {
    Number::parse_or_throw(text);
  } catch (const ApiError& e) {
    return e.message;
  }
  return "no error";
}
NumberProblem problem_of(const char* text, NumberReading reading) {
  Number n;
  return Number::read(text, reading, &n);
}
}  // namespace

TEST_CASE("Number: canonical text drops leading and trailing zeros and the exponent") {
  CHECK(num("1.50").to_string() == "1.5");
  CHECK(num("1e2").to_string() == "100");
  CHECK(num("-0").to_string() == "0");
  CHECK(num("007").to_string() == "7");
  CHECK(num("0.00012").to_string() == "0.00012");
  CHECK(num("+4.0E+2").to_string() == "400");
  CHECK(num("-1.6e-3").to_string() == "-0.0016");
  CHECK(num(".5").to_string() == "0.5");
}

TEST_CASE("Number: invalid text is rejected with DynamoDB's message") {
  CHECK(error_of("") == "The parameter cannot be converted to a numeric value: ");
  CHECK(error_of("b") == "The parameter cannot be converted to a numeric value: b");
  CHECK(error_of("1e") == "The parameter cannot be converted to a numeric value: 1e");
  CHECK(error_of("1.2.3") == "The parameter cannot be converted to a numeric value: 1.2.3");
  CHECK(error_of(" 1") == "The parameter cannot be converted to a numeric value:  1");
}

TEST_CASE("Number: limits of 38 digits and 1E-130..1E+126 are enforced") {
  CHECK(error_of("123456789012345678901234567890123456789") ==
        "Attempting to store more than 38 significant digits in a Number");
  CHECK(error_of("1e126") ==
        "Number overflow. Attempting to store a number with magnitude larger than supported range");
  CHECK(error_of("-1e-131") ==
        "Number underflow. Attempting to store a number with magnitude smaller than supported "
        "range");
  CHECK(num("9.9999999999999999999999999999999999999E+125").significant_digits() == 38);
  CHECK(num("1E-130").to_string().size() == 132);
}

// paritysuite/dynamodb-conformance tests/tier3/limits/numberExponent.test.ts
// (the item layer) and tests/tier3/error-messages/partiqlParameterNumbers.test.ts
// (BigDecimal), recorded against DynamoDB in October 2026.
TEST_CASE("Number: the two readings of an exponent far out of range") {
  const auto e64 = NumberReading::kExponent64;
  const auto big = NumberReading::kBigDecimal;
  CHECK(problem_of("1e99999999999", e64) == NumberProblem::kOverflow);
  CHECK(problem_of("1e-99999999999", e64) == NumberProblem::kUnderflow);
  CHECK(problem_of("1e2147483648", e64) == NumberProblem::kOverflow);
  CHECK(problem_of("1e2147483647", e64) == NumberProblem::kOverflow);
  CHECK(problem_of("1e9223372036854775807", e64) == NumberProblem::kOverflow);
  CHECK(problem_of("1e-9223372036854775808", e64) == NumberProblem::kUnderflow);
  CHECK(problem_of("1e9223372036854775808", e64) == NumberProblem::kUnconvertible);
  CHECK(problem_of("0e126", e64) == NumberProblem::kOverflow);
  CHECK(problem_of("0e-131", e64) == NumberProblem::kUnderflow);
  CHECK(problem_of("0e125", e64) == NumberProblem::kNone);
  CHECK(problem_of("1e-130", e64) == NumberProblem::kNone);
  CHECK(problem_of("1e99999999999", big) == NumberProblem::kUnconvertible);
  CHECK(problem_of("1e2147483648", big) == NumberProblem::kUnconvertible);
  CHECK(problem_of("1e-2147483648", big) == NumberProblem::kUnconvertible);
  CHECK(problem_of("1e2147483647", big) == NumberProblem::kUnderflow);
  CHECK(problem_of("1e126", big) == NumberProblem::kOverflow);
  CHECK(problem_of("0e126", big) == NumberProblem::kNone);
  Number n;
  CHECK(Number::read("1.50e1", big, &n) == NumberProblem::kNone);
  CHECK(n.to_string() == "15");
}

TEST_CASE("Number: arithmetic is exact (0.3 - 0.1 = 0.2, never 0.19999999999999998)") {
  CHECK(num("0.3").subtract(num("0.1")).to_string() == "0.2");
  CHECK(num("0.1").add(num("0.2")).to_string() == "0.3");
  CHECK(num("-5").add(num("3")).to_string() == "-2");
  CHECK(num("99999999999999999999").add(num("1")).to_string() == "100000000000000000000");
  CHECK(num("1").subtract(num("1")).to_string() == "0");
  CHECK(num("1.5").subtract(num("-2.25")).to_string() == "3.75");
}

TEST_CASE("Number: a sum past 38 significant digits is refused as an overflow") {
  // Recorded against DynamoDB (scylladb test/alternator/test_number.py,
  // test_update_expression_plus_imprecise): "1e50 - 1" is an overflow.
  const std::string overflow =
      "Number overflow. Attempting to store a number with magnitude larger than supported range";
  auto message_of = [](auto&& f) {
    try {
      f();
    } catch (const ApiError& e) {
      return e.message;
    }
    return std::string("no error");
  };
  CHECK(message_of([] { num("1e100").add(num("1")); }) == overflow);
  CHECK(message_of([] { num("1e50").subtract(num("1")); }) == overflow);
  CHECK(message_of([] { num("9e125").add(num("9e125")); }) == overflow);
  CHECK(message_of([] { num("1e-130").subtract(num("9e-131")); }) ==
        "Number underflow. Attempting to store a number with magnitude smaller than supported "
        "range");
  // 38 digits exactly is fine.
  CHECK(num("1e37").add(num("1")).to_string() == "10000000000000000000000000000000000001");
}

TEST_CASE("Number: compare orders by value, negatives included") {
  CHECK(num("10").compare(num("2")) > 0);
  CHECK(num("-10").compare(num("-2")) < 0);
  CHECK(num("-0.5").compare(num("0")) < 0);
  CHECK(num("1.0").compare(num("1")) == 0);
  CHECK(num("0.12").compare(num("0.123")) < 0);
}

TEST_CASE("Number: key bytes sort in numeric order under memcmp") {
  const char* ordered[] = {"-1e100", "-100",  "-10", "-2",  "-1.5", "-1", "-0.123", "-0.12", "0",
                           "0.12",   "0.123", "1",   "1.5", "2",    "10", "100",    "1e100"};
  for (size_t i = 0; i + 1 < std::size(ordered); ++i) {
    CAPTURE(ordered[i]);
    CHECK(num(ordered[i]).key_bytes() < num(ordered[i + 1]).key_bytes());
  }
}
