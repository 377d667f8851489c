// values/shortest_decimal.h: the printf-based texts the WebAssembly build
// uses are std::to_chars's, compared here natively over many values.

#include "values/shortest_decimal.h"

#include <doctest/doctest.h>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace {

using dynamini::shortest_decimal_detail::shortest_fixed_text_by_printf;
using dynamini::shortest_decimal_detail::shortest_text_by_printf;

std::string std_text(float f) {
  char buffer[64];
  return std::string(buffer, std::to_chars(buffer, buffer + sizeof buffer, f).ptr);
}

std::string std_fixed(double d) {
  char buffer[400];
  return std::string(
      buffer, std::to_chars(buffer, buffer + sizeof buffer, d, std::chars_format::fixed).ptr);
}

}  // namespace

TEST_CASE("shortest decimal: chosen values read as std::to_chars writes them") {
  const std::vector<float> floats = {0.1f,   1.5f,  -2.25f,    1e10f,  1e-7f, 123456.0f, 0.3f,
                                     1e-45f, 3e38f, 0.000123f, 100.0f, 1e6f,  1234567.0f};
  for (float f : floats) CHECK(shortest_text_by_printf(f) == std_text(f));
  CHECK(shortest_text_by_printf(0.0f) == "0");
  CHECK(shortest_text_by_printf(1e10f) == "1e+10");
  CHECK(shortest_text_by_printf(123456792.0f) == "123456792");  // the integer, not 123456790
  const std::vector<double> doubles = {0.1, 1.5, -2.25, 1e21, 1e-7, 123456.789, 0.3, 5e-324, 1e300};
  for (double d : doubles) CHECK(shortest_fixed_text_by_printf(d) == std_fixed(d));
}

TEST_CASE("shortest decimal: 200,000 random floats and doubles agree with std::to_chars") {
  std::mt19937_64 random(20240501);
  int differences = 0;
  for (int i = 0; i < 100000; ++i) {
    const uint64_t bits = random();
    float f;
    const uint32_t low = static_cast<uint32_t>(bits);
    std::memcpy(&f, &low, sizeof f);
    double d;
    std::memcpy(&d, &bits, sizeof d);
    if (std::isfinite(f) && shortest_text_by_printf(f) != std_text(f)) ++differences;
    if (std::isfinite(d) && shortest_fixed_text_by_printf(d) != std_fixed(d)) ++differences;
  }
  CHECK(differences == 0);
}
