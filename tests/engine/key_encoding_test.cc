#include "keys/key_encoding.h"

#include <doctest/doctest.h>

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
