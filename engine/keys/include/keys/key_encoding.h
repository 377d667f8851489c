#pragma once

#include <string>
#include <string_view>

#include "values/attribute_value.h"

namespace dynamini {

// Order-preserving byte encoding of key attribute values, stored in BLOB
// columns so that SQLite's memcmp order is DynamoDB's key order and range
// conditions become index range scans. PERSISTED FORMAT (file databases):
//   S: the UTF-8 bytes as is (DynamoDB orders strings by UTF-8 bytes).
//   B: the raw bytes as is (DynamoDB orders binary unsigned, byte by byte).
//   N: Number::key_bytes(): 0x01 negative / 0x02 zero / 0x03 positive, then a
//      biased 16-bit exponent and the digits (inverted, 0xFF-terminated for
//      negatives), see values/number.cc.
// A table without a sort key stores the empty blob as its sort key.
// Each column holds one declared type, so encodings of different types never
// meet in one comparison.
std::string encode_key_value(const AttributeValue& value);

// The smallest encoded value greater than every value starting with `prefix`
// (for begins_with as a range), or "" when there is none (prefix all 0xFF).
std::string prefix_upper_bound(std::string_view prefix);

}  // namespace dynamini
