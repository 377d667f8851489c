#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "values/attribute_value.h"

namespace dynamini {

// Order-preserving byte encoding of key attribute values, stored in BLOB
// columns so that SQLite's memcmp order is DynamoDB's key order and range
// conditions become index range scans.
//
// PERSISTED FORMAT (file databases). DO NOT CHANGE: a database file outlives
// the binary that wrote it; rows written with one encoding must open and sort
// the same with every later build. A new encoding needs a new storage format.
//
// One attribute (every table key, every LSI key, every key part of one
// attribute in a GSI) is encode_key_value:
//   S: the UTF-8 bytes as is (DynamoDB orders strings by UTF-8 bytes).
//   B: the raw bytes as is (DynamoDB orders binary unsigned, byte by byte).
//   N: Number::key_bytes(): 0x01 negative / 0x02 zero / 0x03 positive, then a
//      biased 16-bit exponent and the digits (inverted, 0xFF-terminated for
//      negatives), see values/number.cc.
// A table without a sort key stores the empty blob as its sort key.
// Each column holds one declared type, so encodings of different types never
// meet in one comparison.
//
// Several attributes (a multi-attribute GSI key part: two to four HASH or
// RANGE attributes) is the concatenation, in key-schema order, of each
// value's component (append_key_component), which is self-delimiting and
// orders as the value does:
//   S, B: each byte as is, except 0x00 written as 0x00 0xFF; then the
//         terminator 0x00 0x01. A shorter value that is a prefix of a longer
//         one meets its terminator (0x00 0x01) where the longer has a byte
//         above it (any byte but 0x00, or 0x00 0xFF), so it sorts first.
//   N: Number::key_bytes(), then 0x00 for a positive number (its digits are
//      bytes '0'..'9', so 0x00 ends it below any further digit: 1 < 1.5);
//      zero (0x02) and negatives (0xFF-terminated) end by themselves.
// Every attribute position has one declared type, so two keys compare
// component by component, each by its own type, the first difference
// deciding: exactly DynamoDB's order for multi-attribute sort keys. A key
// part whose first k components are given (equality on a prefix of the RANGE
// attributes) is the blob range [prefix, prefix_upper_bound(prefix)).
std::string encode_key_value(const AttributeValue& value);

// One value's self-delimiting component of a multi-attribute key part,
// appended to `out` (see above).
void append_key_component(std::string& out, const AttributeValue& value);

// The component bytes that every S or B value starting with `prefix` begins
// with (the escaped bytes without the terminator), appended to `out`: for
// begins_with on one attribute of a multi-attribute sort key.
void append_key_component_prefix(std::string& out, const AttributeValue& prefix);

// A stored key part of `values` in key-schema order: encode_key_value of the
// only value, or the concatenated components of several.
// REQUIRES: at least one value.
std::string encode_key_part(const std::vector<const AttributeValue*>& values);

// The smallest encoded value greater than every value starting with `prefix`
// (for begins_with as a range), or "" when there is none (prefix all 0xFF).
std::string prefix_upper_bound(std::string_view prefix);

}  // namespace dynamini
