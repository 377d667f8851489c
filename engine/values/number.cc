#include "values/number.h"

#include <algorithm>
#include <cstdlib>

#include "dynamini/api_error.h"

namespace dynamini {
namespace {

constexpr int kMaxDigits = 38;
// 0.d * 10^e: largest 9.99..E+125 has e = 126; smallest 1E-130 has e = -129.
constexpr int kMaxExponent = 126;
constexpr int kMinExponent = -129;

const char kTooPrecise[] = "Attempting to store more than 38 significant digits in a Number";
const char kOverflow[] =
    "Number overflow. Attempting to store a number with magnitude larger than supported range";
const char kUnderflow[] =
    "Number underflow. Attempting to store a number with magnitude smaller than supported range";

// Adds two non-negative digit strings aligned to the same least significant
// position (equal length, most significant first).
std::string add_magnitudes(const std::string& a, const std::string& b) {
  std::string out(a.size() + 1, '0');
  int carry = 0;
  for (size_t i = a.size(); i-- > 0;) {
    int d = (a[i] - '0') + (b[i] - '0') + carry;
    out[i + 1] = static_cast<char>('0' + d % 10);
    carry = d / 10;
  }
  out[0] = static_cast<char>('0' + carry);
  return out;
}

// a - b for aligned digit strings with a >= b.
std::string subtract_magnitudes(const std::string& a, const std::string& b) {
  std::string out(a.size(), '0');
  int borrow = 0;
  for (size_t i = a.size(); i-- > 0;) {
    int d = (a[i] - '0') - (b[i] - '0') - borrow;
    borrow = d < 0;
    if (d < 0) d += 10;
    out[i] = static_cast<char>('0' + d);
  }
  return out;
}

}  // namespace

namespace {

// The parts of a number's text, before any limit is applied.
struct NumberText {
  bool negative = false;
  std::string digits;    // every digit written, the point left out
  int64_t fraction = 0;  // how many of them follow the point
  int64_t exponent = 0;  // the exponent as written
};

bool is_number_digit(char c) { return c >= '0' && c <= '9'; }

// The exponent after 'e': a 64-bit integer, as DynamoDB's item layer reads it.
bool read_exponent(std::string_view text, size_t i, int64_t& exponent) {
  bool negative = false;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) negative = text[i++] == '-';
  if (i >= text.size()) return false;
  constexpr uint64_t kLimit = uint64_t{1} << 63;  // |INT64_MIN|
  uint64_t magnitude = 0;
  for (; i < text.size(); ++i) {
    if (!is_number_digit(text[i])) return false;
    if (magnitude > (kLimit - static_cast<uint64_t>(text[i] - '0')) / 10) return false;
    magnitude = magnitude * 10 + static_cast<uint64_t>(text[i] - '0');
  }
  if (!negative && magnitude == kLimit) return false;
  exponent = negative ? static_cast<int64_t>(0 - magnitude) : static_cast<int64_t>(magnitude);
  return true;
}

// Sign, digits with at most one point, optional exponent: Java's BigDecimal
// syntax (no spaces, no "NaN", no hexadecimal).
bool scan_number(std::string_view text, NumberText& out) {
  size_t i = 0;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) out.negative = text[i++] == '-';
  bool point = false;
  for (; i < text.size() && (is_number_digit(text[i]) || (text[i] == '.' && !point)); ++i) {
    if (text[i] == '.') {
      point = true;
    } else {
      out.digits.push_back(text[i]);
      out.fraction += point;
    }
  }
  if (out.digits.empty()) return false;
  if (i == text.size()) return true;
  if (text[i] != 'e' && text[i] != 'E') return false;
  return read_exponent(text, i + 1, out.exponent);
}

constexpr int64_t kInt32Min = -2147483648LL;
constexpr int64_t kInt32Max = 2147483647LL;

// The magnitude (0.d x 10^magnitude) as `reading` computes it, or the problem.
// `precision` counts the significant digits, `scale` is BigDecimal's (digits
// after the point minus the exponent, trailing zeros off).
NumberProblem judge_magnitude(NumberReading reading, int64_t precision, __int128 scale,
                              int64_t& magnitude) {
  if (reading == NumberReading::kBigDecimal) {
    if (scale < kInt32Min || scale > kInt32Max) return NumberProblem::kUnconvertible;
    // precision - scale in 32-bit arithmetic, as DynamoDB computes it.
    magnitude = static_cast<int32_t>(static_cast<uint32_t>(precision) -
                                     static_cast<uint32_t>(static_cast<int32_t>(scale)));
  } else {
    const __int128 exact = precision - scale;
    if (exact > kMaxExponent) return NumberProblem::kOverflow;
    if (exact < kMinExponent) return NumberProblem::kUnderflow;
    magnitude = static_cast<int64_t>(exact);
  }
  if (magnitude > kMaxExponent) return NumberProblem::kOverflow;
  if (magnitude < kMinExponent) return NumberProblem::kUnderflow;
  return NumberProblem::kNone;
}

}  // namespace

const char kUnconvertibleNumber[] = "The parameter cannot be converted to a numeric value";

int compare_canonical_numbers(std::string_view a, std::string_view b) {
  const auto sign = [](std::string_view t) { return t[0] == '-' ? -1 : (t == "0" ? 0 : 1); };
  const int sa = sign(a), sb = sign(b);
  if (sa != sb) return sa < sb ? -1 : 1;
  if (sa == 0) return 0;
  if (sa < 0) {
    a.remove_prefix(1);
    b.remove_prefix(1);
  }
  // Magnitudes: the longer integer part is larger; then the digits in order
  // (a fraction's digits have no trailing zeros, so text order is value order).
  const size_t ia = std::min(a.find('.'), a.size()), ib = std::min(b.find('.'), b.size());
  const bool a_fraction_only = a.substr(0, ia) == "0", b_fraction_only = b.substr(0, ib) == "0";
  int magnitude;
  if (a_fraction_only != b_fraction_only) {
    magnitude = a_fraction_only ? -1 : 1;
  } else if (ia != ib) {
    magnitude = ia < ib ? -1 : 1;
  } else {
    const int c = a.compare(b);
    magnitude = c < 0 ? -1 : (c > 0 ? 1 : 0);
  }
  return sa > 0 ? magnitude : -magnitude;
}

const char* number_limit_message(NumberProblem problem) {
  switch (problem) {
    case NumberProblem::kTooPrecise:
      return kTooPrecise;
    case NumberProblem::kOverflow:
      return kOverflow;
    case NumberProblem::kUnderflow:
      return kUnderflow;
    default:
      return "";
  }
}

NumberProblem Number::read(std::string_view text, NumberReading reading, Number* out) {
  NumberText parts;
  if (!scan_number(text, parts)) return NumberProblem::kUnconvertible;
  if (reading == NumberReading::kBigDecimal &&
      (parts.exponent < kInt32Min || parts.exponent > kInt32Max)) {
    return NumberProblem::kUnconvertible;
  }
  std::string& digits = parts.digits;
  const size_t first = digits.find_first_not_of('0');
  __int128 scale = static_cast<__int128>(parts.fraction) - parts.exponent;
  int64_t magnitude = 0;
  if (first == std::string::npos) {
    // Zero. BigDecimal's precision of zero is 1; the older layer was never
    // seen refusing a zero, so only the item layer range-checks it.
    if (reading == NumberReading::kBigDecimal) {
      if (scale < kInt32Min || scale > kInt32Max) return NumberProblem::kUnconvertible;
    } else if (auto problem = judge_magnitude(reading, 1, scale, magnitude);
               problem != NumberProblem::kNone) {
      return problem;
    }
    *out = Number();
    return NumberProblem::kNone;
  }
  const size_t last = digits.find_last_not_of('0');
  scale -= static_cast<__int128>(digits.size() - 1 - last);  // trailing zeros off
  digits.erase(last + 1);
  digits.erase(0, first);
  if (digits.size() > static_cast<size_t>(kMaxDigits)) return NumberProblem::kTooPrecise;
  const int64_t precision = static_cast<int64_t>(digits.size());
  if (auto problem = judge_magnitude(reading, precision, scale, magnitude);
      problem != NumberProblem::kNone) {
    return problem;
  }
  out->negative_ = parts.negative;
  out->digits_ = std::move(digits);
  out->exponent_ = static_cast<int>(magnitude);
  return NumberProblem::kNone;
}

Number Number::parse_or_throw(std::string_view text) {
  Number n;
  const NumberProblem problem = read(text, NumberReading::kExponent64, &n);
  if (problem == NumberProblem::kUnconvertible) {
    throw validation_error(std::string(kUnconvertibleNumber) + ": " + std::string(text));
  }
  if (problem != NumberProblem::kNone) throw validation_error(number_limit_message(problem));
  return n;
}

Number Number::from_int(long long value) {
  Number n;
  read(std::to_string(value), NumberReading::kExponent64, &n);
  return n;
}

std::string Number::to_string() const {
  if (digits_.empty()) return "0";
  std::string out;
  if (negative_) out.push_back('-');
  const int len = static_cast<int>(digits_.size());
  if (exponent_ <= 0) {
    out += "0.";
    out.append(static_cast<size_t>(-exponent_), '0');
    out += digits_;
  } else if (exponent_ >= len) {
    out += digits_;
    out.append(static_cast<size_t>(exponent_ - len), '0');
  } else {
    out.append(digits_, 0, static_cast<size_t>(exponent_));
    out.push_back('.');
    out.append(digits_, static_cast<size_t>(exponent_), std::string::npos);
  }
  return out;
}

// Encoding (persisted; see keys/key_encoding.h):
//   zero:     0x02
//   positive: 0x03, exponent+512 as 2 bytes big-endian, digits as bytes '0'..'9'
//   negative: 0x01, 512-exponent as 2 bytes, digits as bytes ('9'-d+'0'), 0xFF
// Digits carry no trailing zeros, so a shorter digit string that is a prefix
// of a longer one is the smaller magnitude, which memcmp orders first; the
// 0xFF terminator reverses that for negatives.
std::string Number::key_bytes() const {
  std::string out;
  if (digits_.empty()) {
    out.push_back('\x02');
    return out;
  }
  const int biased = negative_ ? 512 - exponent_ : exponent_ + 512;
  out.push_back(negative_ ? '\x01' : '\x03');
  out.push_back(static_cast<char>((biased >> 8) & 0xFF));
  out.push_back(static_cast<char>(biased & 0xFF));
  for (char c : digits_) out.push_back(negative_ ? static_cast<char>('9' - c + '0') : c);
  if (negative_) out.push_back('\xFF');
  return out;
}

int Number::compare(const Number& other) const {
  auto sign = [](const Number& n) { return n.digits_.empty() ? 0 : (n.negative_ ? -1 : 1); };
  int a = sign(*this), b = sign(other);
  if (a != b) return a < b ? -1 : 1;
  if (a == 0) return 0;
  int magnitude;
  if (exponent_ != other.exponent_) {
    magnitude = exponent_ < other.exponent_ ? -1 : 1;
  } else {
    int c = digits_.compare(other.digits_);
    magnitude = c < 0 ? -1 : (c > 0 ? 1 : 0);
  }
  return a > 0 ? magnitude : -magnitude;
}

void Number::check_limits() const {
  if (digits_.empty()) return;
  if (exponent_ > kMaxExponent) throw validation_error(kOverflow);
  if (exponent_ < kMinExponent) throw validation_error(kUnderflow);
  // A sum or difference that needs more than 38 digits is refused as an
  // overflow, not with the "38 significant digits" text a literal gets
  // (recorded against DynamoDB: scylladb test/alternator/test_number.py,
  // test_update_expression_plus_imprecise, "1e50 - 1" answers "Number
  // overflow. Attempting to store a number with magnitude larger than
  // supported range").
  if (digits_.size() > kMaxDigits) throw validation_error(kOverflow);
}

Number Number::add(const Number& other) const {
  if (digits_.empty()) return other;
  if (other.digits_.empty()) return *this;
  // Align both to a common scale: position p holds the digit of 10^(e-1-p).
  const int high = std::max(exponent_, other.exponent_);
  const int low = std::min(exponent_ - static_cast<int>(digits_.size()),
                           other.exponent_ - static_cast<int>(other.digits_.size()));
  auto align = [&](const Number& n) {
    std::string s(static_cast<size_t>(high - low), '0');
    std::copy(n.digits_.begin(), n.digits_.end(), s.begin() + (high - n.exponent_));
    return s;
  };
  std::string a = align(*this), b = align(other);
  Number result;
  int result_exponent;
  std::string magnitude;
  if (negative_ == other.negative_) {
    magnitude = add_magnitudes(a, b);
    result_exponent = high + 1;
    result.negative_ = negative_;
  } else {
    bool a_bigger = a >= b;
    magnitude = a_bigger ? subtract_magnitudes(a, b) : subtract_magnitudes(b, a);
    result_exponent = high;
    result.negative_ = a_bigger ? negative_ : other.negative_;
  }
  size_t first = magnitude.find_first_not_of('0');
  if (first == std::string::npos) return Number();
  result_exponent -= static_cast<int>(first);
  magnitude.erase(0, first);
  magnitude.erase(magnitude.find_last_not_of('0') + 1);
  result.digits_ = std::move(magnitude);
  result.exponent_ = result_exponent;
  result.check_limits();
  return result;
}

Number Number::subtract(const Number& other) const {
  Number negated = other;
  if (!negated.digits_.empty()) negated.negative_ = !negated.negative_;
  return add(negated);
}

}  // namespace dynamini
