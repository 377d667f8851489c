#include "keys/key_encoding.h"

#include <doctest/doctest.h>

#include <string>
#include <string_view>
#include <vector>

using namespace dynamini;

TEST_CASE("Key encoding: strings order by UTF-8 bytes") {
  CHECK(encode_key_value(AttributeValue::string("Z")) <
        encode_key_value(AttributeValue::string("a")));
  CHECK(encode_key_value(AttributeValue::string("a")) <
        encode_key_value(AttributeValue::string("é")));
}

TEST_CASE("Key encoding: binary orders unsigned") {
  CHECK(encode_key_value(AttributeValue::binary("\x01")) <
        encode_key_value(AttributeValue::binary("\xff")));
}

TEST_CASE("Key encoding: prefix upper bound covers exactly the prefix range") {
  CHECK(prefix_upper_bound("NOTIF#") == "NOTIF$");
  CHECK(prefix_upper_bound(std::string("a\xff", 2)) == "b");
  CHECK(prefix_upper_bound(std::string("\xff\xff", 2)).empty());
}

// ---- Multi-attribute key parts (several HASH or RANGE attributes of a GSI) ----

namespace {

// S, B and N are dynamini's value builders (dynamini/attribute_value.h).

// DynamoDB's order of two values of one key type: S by UTF-8 bytes, B by
// unsigned bytes, N by value.
int compare_value(const AttributeValue& a, const AttributeValue& b) {
  if (a.type == ValueType::N) return a.as_number().compare(b.as_number());
  const int c = std::string_view(a.scalar).compare(b.scalar);  // char_traits: unsigned
  return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

// Component by component, the first difference deciding.
int compare_tuple(const std::vector<AttributeValue>& a, const std::vector<AttributeValue>& b) {
  for (size_t i = 0; i < a.size(); ++i) {
    if (int c = compare_value(a[i], b[i])) return c;
  }
  return 0;
}

std::string encoded(const std::vector<AttributeValue>& tuple) {
  std::vector<const AttributeValue*> values;
  for (const auto& v : tuple) values.push_back(&v);
  return encode_key_part(values);
}

int sign_of(int c) { return c < 0 ? -1 : (c > 0 ? 1 : 0); }

// Values of each type chosen to meet at prefixes: strings that are prefixes
// of one another, binary with 0x00 and 0xFF bytes (where an escape or a
// terminator could be confused with data), numbers whose digit strings are
// prefixes of one another, of both signs and zero.
std::vector<AttributeValue> strings() {
  return {S("a"), S("ab"), S("a\x01"), S("b"), S("Z"), S("é"), S("a b"), S("aa")};
}
std::vector<AttributeValue> binaries() {
  using namespace std::string_literals;
  return {B(""s),
          B("\x00"s),
          B("\x00\x00"s),
          B("\x00\x01"s),
          B("\x00\xff"s),
          B("\x01"s),
          B("\xff"s),
          B("\xff\x00"s),
          B("a\x00"s),
          B("a"s),
          B("a\x00"
            "b"s),
          B("a\x01"s)};
}
std::vector<AttributeValue> numbers() {
  return {N("0"),   N("1"),     N("1.5"),    N("10"),   N("15"),  N("-1"), N("-1.5"),
          N("-10"), N("0.001"), N("-0.001"), N("1e30"), N("100"), N("2"),  N("-2")};
}

}  // namespace

TEST_CASE("Key encoding: one attribute encodes exactly as before (the persisted format)") {
  for (const auto& values : {strings(), binaries(), numbers()}) {
    for (const auto& v : values) CHECK(encoded({v}) == encode_key_value(v));
  }
}

TEST_CASE("Key encoding: several attributes sort component by component, each by its type") {
  // Every (S, B, N) and (N, S, B) tuple of the values above, compared pairwise:
  // memcmp of the blobs orders as DynamoDB orders the tuples.
  std::vector<std::vector<AttributeValue>> tuples;
  for (const auto& s : strings())
    for (const auto& b : binaries())
      for (const auto& n : numbers()) tuples.push_back({s, b, n});
  size_t checked = 0;
  for (size_t i = 0; i < tuples.size(); i += 5) {
    for (size_t j = 0; j < tuples.size(); j += 3) {
      const int expected = compare_tuple(tuples[i], tuples[j]);
      const int actual = sign_of(encoded(tuples[i]).compare(encoded(tuples[j])));
      if (expected != actual) {
        FAIL_CHECK("tuples " << i << " and " << j << ": expected " << expected << ", got "
                             << actual);
      }
      ++checked;
    }
  }
  CHECK(checked > 100000);
  std::vector<std::vector<AttributeValue>> reversed;
  for (const auto& n : numbers())
    for (const auto& s : strings())
      for (const auto& b : binaries()) reversed.push_back({n, s, b});
  for (size_t i = 0; i < reversed.size(); i += 5) {
    for (size_t j = 0; j < reversed.size(); j += 11) {
      CHECK(compare_tuple(reversed[i], reversed[j]) ==
            sign_of(encoded(reversed[i]).compare(encoded(reversed[j]))));
    }
  }
}

TEST_CASE("Key encoding: a prefix of the RANGE attributes is a blob range") {
  // All tuples whose first components equal the prefix's fall in
  // [prefix, prefix_upper_bound(prefix)), and no other tuple does.
  using namespace std::string_literals;
  for (const auto& first : binaries()) {
    for (const auto& second : numbers()) {
      std::string prefix;
      append_key_component(prefix, first);
      append_key_component(prefix, second);
      const std::string upper = prefix_upper_bound(prefix);
      for (const auto& a : binaries()) {
        for (const auto& b : numbers()) {
          for (const auto& c : strings()) {
            const std::string blob = encoded({a, b, c});
            const bool in_range = blob >= prefix && (upper.empty() || blob < upper);
            const bool matches = compare_value(a, first) == 0 && compare_value(b, second) == 0;
            CHECK(in_range == matches);
          }
        }
      }
    }
  }
}

TEST_CASE("Key encoding: begins_with on one attribute of several is a blob range") {
  using namespace std::string_literals;
  for (const auto& p : {B("a"s), B("\x00"s), B("a\x00"s), B(""s)}) {
    std::string start;
    append_key_component(start, S("k"));
    append_key_component_prefix(start, p);
    const std::string upper = prefix_upper_bound(start);
    for (const auto& v : binaries()) {
      const std::string blob = encoded({S("k"), v, N("1")});
      const bool in_range = blob >= start && (upper.empty() || blob < upper);
      CHECK(in_range == (v.scalar.compare(0, p.scalar.size(), p.scalar) == 0));
    }
  }
}

TEST_CASE("Key encoding: the multi-attribute components' bytes (do not change)") {
  using namespace std::string_literals;
  // S/B: 0x00 escaped as 0x00 0xFF, terminated by 0x00 0x01.
  CHECK(encoded({S("a"), B("\x00z"s)}) == "a\x00\x01\x00\xffz\x00\x01"s);
  // N: key_bytes, plus 0x00 after a positive number; zero and negatives as is.
  CHECK(encoded({N("1"), N("0"), N("-1")}) ==
        "\x03\x02\x01"s + "1\x00"s + "\x02"s + "\x01\x01\xff"s + "8\xff"s);
}
