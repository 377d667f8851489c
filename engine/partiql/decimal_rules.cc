#include "partiql/decimal_rules.h"

#include <climits>
#include <cstdint>
#include <string>

namespace dynamini::partiql {
namespace {

// The parts Java's BigDecimal(String) reads: digits (point removed), digits
// after the point, exponent. False for what it refuses.
bool read_parts(std::string_view text, std::string& digits, long long& fraction,
                long long& exponent) {
  size_t i = 0;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) ++i;
  bool point = false;
  fraction = 0;
  for (; i < text.size() && (is_digit(text[i]) || (text[i] == '.' && !point)); ++i) {
    if (text[i] == '.') {
      point = true;
    } else {
      digits.push_back(text[i]);
      if (point) ++fraction;
    }
  }
  if (digits.empty()) return false;
  exponent = 0;
  if (i == text.size()) return true;
  if (text[i] != 'e' && text[i] != 'E') return false;
  ++i;
  bool negative = false;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) negative = text[i++] == '-';
  if (i == text.size()) return false;
  for (; i < text.size(); ++i) {
    if (!is_digit(text[i])) return false;
    exponent = exponent * 10 + (text[i] - '0');
    if (exponent > static_cast<long long>(INT_MAX) + 1) return false;
  }
  if (negative) exponent = -exponent;
  return exponent >= INT_MIN && exponent <= INT_MAX;
}

}  // namespace

DecimalVerdict judge_decimal(std::string_view text) {
  std::string digits;
  long long fraction = 0, exponent = 0;
  if (!read_parts(text, digits, fraction, exponent)) return DecimalVerdict::kUnconvertible;
  long long scale = fraction - exponent;
  if (scale < INT_MIN || scale > INT_MAX) return DecimalVerdict::kUnconvertible;
  size_t first = digits.find_first_not_of('0');
  if (first == std::string::npos) return DecimalVerdict::kOk;  // zero
  digits.erase(0, first);
  size_t last = digits.find_last_not_of('0');
  scale -= static_cast<long long>(digits.size() - 1 - last);  // trailing zeros off
  digits.erase(last + 1);
  if (digits.size() > 38) return DecimalVerdict::kTooPrecise;
  // precision - scale, in 32-bit arithmetic as DynamoDB computes it.
  const int32_t magnitude = static_cast<int32_t>(
      static_cast<uint32_t>(digits.size()) - static_cast<uint32_t>(static_cast<int32_t>(scale)));
  if (magnitude > 126) return DecimalVerdict::kOverflow;
  if (magnitude < -129) return DecimalVerdict::kUnderflow;
  return DecimalVerdict::kOk;
}

const char* decimal_limit_message(DecimalVerdict verdict) {
  switch (verdict) {
    case DecimalVerdict::kTooPrecise:
      return "Attempting to store more than 38 significant digits in a Number";
    case DecimalVerdict::kOverflow:
      return "Number overflow. Attempting to store a number with magnitude larger than supported "
             "range";
    case DecimalVerdict::kUnderflow:
      return "Number underflow. Attempting to store a number with magnitude smaller than "
             "supported range";
    default:
      return "";
  }
}

}  // namespace dynamini::partiql
