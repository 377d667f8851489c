#pragma once

// The shortest decimal text that reads back as a binary floating-point value
// (std::to_chars without a precision). libstdc++ has it; the libc++ of
// emscripten 3.1.6 (the WebAssembly build) deletes floating-point to_chars,
// so there the texts come from printf's digits, searched from the fewest up:
// the same text (tests/engine/shortest_decimal_test.cc compares the two).

#include <string>

namespace dynamini {

// As std::to_chars(value): the shortest of fixed and scientific ("1e+10",
// "1.5e-07"), fixed on a tie.
std::string shortest_text(float value);
// As std::to_chars(value, std::chars_format::fixed): no exponent.
std::string shortest_fixed_text(double value);

namespace shortest_decimal_detail {
// The printf-based texts, used where std::to_chars has no floating point.
std::string shortest_text_by_printf(float value);
std::string shortest_fixed_text_by_printf(double value);
}  // namespace shortest_decimal_detail

}  // namespace dynamini
