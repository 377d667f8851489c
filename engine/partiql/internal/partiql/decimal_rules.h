#pragma once

// How DynamoDB's PartiQL layer reads a number, from a statement literal or
// from a request parameter: as Java's BigDecimal reads a string (an exponent
// and a scale that fit a 32-bit integer), then under DynamoDB's limits of 38
// significant digits and magnitude 1E-130 .. 9.99E+125, the magnitude taken
// as precision minus scale in 32-bit arithmetic, which wraps (1e2147483647
// comes out as an underflow). Recorded against DynamoDB in public
// conformance tests (paritysuite/dynamodb-conformance
// tests/tier3/error-messages/partiqlParameterNumbers.test.ts and
// partiqlGrammar.test.ts).

#include <string_view>

namespace dynamini::partiql {

// An ASCII digit, as PartiQL's grammar and DynamoDB's number rules read one
// (unlike std::isdigit, independent of the locale).
inline bool is_digit(char c) { return c >= '0' && c <= '9'; }

enum class DecimalVerdict { kOk, kUnconvertible, kTooPrecise, kOverflow, kUnderflow };

DecimalVerdict judge_decimal(std::string_view text);

// DynamoDB's sentence for a verdict other than kOk and kUnconvertible.
const char* decimal_limit_message(DecimalVerdict verdict);

}  // namespace dynamini::partiql
