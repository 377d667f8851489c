#include "values/shortest_decimal.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace dynamini {
namespace shortest_decimal_detail {
namespace {

// The shortest significant digits ("15") and decimal exponent (the first
// digit's power of ten: 1.5e-07 -> -7) of a finite, non-zero |value| that
// read back as `value` through `read_back`.
struct Digits {
  std::string digits;
  int exponent = 0;
};

template <class T, class ReadBack>
Digits shortest_digits(T value, int max_precision, ReadBack read_back) {
  char buffer[64];
  for (int precision = 1; precision <= max_precision; ++precision) {
    std::snprintf(buffer, sizeof buffer, "%.*e", precision - 1, static_cast<double>(value));
    if (read_back(buffer) != value) continue;
    std::string text(buffer);
    const size_t e = text.find('e');
    Digits out;
    for (size_t i = 0; i < e; ++i) {
      if (text[i] >= '0' && text[i] <= '9') out.digits += text[i];
    }
    out.exponent = std::atoi(text.c_str() + e + 1);
    while (out.digits.size() > 1 && out.digits.back() == '0') out.digits.pop_back();
    return out;
  }
  return {};
}

// Fixed notation of |value| with digits `d`. Without a fraction, every text
// of the integer part's length is as short; std::to_chars then takes the
// one nearest the value, its integer printed exactly ("%.0f").
std::string fixed_from(const Digits& d, double magnitude) {
  const int length = static_cast<int>(d.digits.size());
  if (d.exponent < 0) return "0." + std::string(-d.exponent - 1, '0') + d.digits;
  if (d.exponent >= length - 1) {
    char buffer[400];
    std::snprintf(buffer, sizeof buffer, "%.0f", magnitude);
    return buffer;
  }
  return d.digits.substr(0, d.exponent + 1) + "." + d.digits.substr(d.exponent + 1);
}

std::string scientific_from(const Digits& d) {
  std::string text = d.digits.substr(0, 1);
  if (d.digits.size() > 1) text += "." + d.digits.substr(1);
  char exponent[16];
  std::snprintf(exponent, sizeof exponent, "e%c%02d", d.exponent < 0 ? '-' : '+',
                std::abs(d.exponent));
  return text + exponent;
}

// What both keep of non-finite values and zero, or empty for the others.
template <class T>
std::string special(T value) {
  if (std::isnan(value)) return std::signbit(value) ? "-nan" : "nan";
  if (std::isinf(value)) return std::signbit(value) ? "-inf" : "inf";
  if (value == 0) return std::signbit(value) ? "-0" : "0";
  return "";
}

}  // namespace

std::string shortest_text_by_printf(float value) {
  if (std::string s = special(value); !s.empty()) return s;
  const Digits d =
      shortest_digits(std::fabs(value), 9, [](const char* t) { return std::strtof(t, nullptr); });
  const std::string fixed = fixed_from(d, std::fabs(static_cast<double>(value)));
  const std::string scientific = scientific_from(d);
  return (value < 0 ? "-" : "") + (scientific.size() < fixed.size() ? scientific : fixed);
}

std::string shortest_fixed_text_by_printf(double value) {
  if (std::string s = special(value); !s.empty()) return s;
  const Digits d =
      shortest_digits(std::fabs(value), 17, [](const char* t) { return std::strtod(t, nullptr); });
  return (value < 0 ? "-" : "") + fixed_from(d, std::fabs(value));
}

}  // namespace shortest_decimal_detail

#if defined(__cpp_lib_to_chars) && __cpp_lib_to_chars >= 201611L
std::string shortest_text(float value) {
  char buffer[64];
  return std::string(buffer, std::to_chars(buffer, buffer + sizeof buffer, value).ptr);
}
std::string shortest_fixed_text(double value) {
  char buffer[400];
  return std::string(
      buffer, std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed).ptr);
}
#else
std::string shortest_text(float value) {
  return shortest_decimal_detail::shortest_text_by_printf(value);
}
std::string shortest_fixed_text(double value) {
  return shortest_decimal_detail::shortest_fixed_text_by_printf(value);
}
#endif

}  // namespace dynamini
