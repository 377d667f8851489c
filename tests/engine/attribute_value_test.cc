#include "values/attribute_value.h"

#include <doctest/doctest.h>

#include "dynamini/api_error.h"
#include "values/value_check.h"

using namespace dynamini;

namespace {
// As a PutItem reads a value: decoded, then checked in the current layer.
AttributeValue parse(const char* json) {
  rapidjson::Document d;
  d.Parse(json);
  AttributeValue value = decode_attribute_value(d);
  ValueChecker(ValueLayer::kCurrent).value(value);
  return value;
}
Item parse_item(const rapidjson::Document& d) {
  Item item = decode_item(d);
  ValueChecker(ValueLayer::kCurrent).item(item);
  return item;
}
std::string error_of(const char* json) {
  try {
    parse(json);
  } catch (const ApiError& e) {
    return e.message;
  }
  return "no error";
}
}  // namespace

TEST_CASE("AttributeValue: all ten types round-trip through JSON") {
  const char* json =
      R"({"s":{"S":"x"},"n":{"N":"1.5"},"b":{"B":"AAE="},"t":{"BOOL":true},"z":{"NULL":true},)"
      R"("ss":{"SS":["a","b"]},"ns":{"NS":["1","2"]},"bs":{"BS":["AA=="]},)"
      R"("l":{"L":[{"S":"a"},{"N":"2"}]},"m":{"M":{"k":{"S":"v"}}}})";
  rapidjson::Document d;
  d.Parse(json);
  Item item = parse_item(d);
  CHECK(item.size() == 10);
  CHECK(item["b"].scalar == std::string("\x00\x01", 2));
  CHECK(item_from_json(item_to_json(item)) == item);
}

TEST_CASE("AttributeValue: empty sets and duplicate members are rejected") {
  CHECK(error_of(R"({"SS":[]})") ==
        "One or more parameter values were invalid: An string set  may not be empty");
  CHECK(error_of(R"({"NS":[]})") ==
        "One or more parameter values were invalid: An number set  may not be empty");
  CHECK(error_of(R"({"BS":[]})") ==
        "One or more parameter values were invalid: Binary sets should not be empty");
  CHECK(error_of(R"({"SS":["a","a"]})") ==
        "One or more parameter values were invalid: Input collection [\"a\", \"a\"] contains "
        "duplicates.");
  CHECK(error_of(R"({"NS":["1","1.0"]})") ==
        "One or more parameter values were invalid: Input collection contains duplicates.");
}

TEST_CASE("AttributeValue: empty and multi-typed values are rejected") {
  CHECK(error_of(R"({})") ==
        "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes");
  CHECK(error_of(R"({"S":"a","N":"1"})") ==
        "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the "
        "supported datatypes");
  CHECK(error_of(R"({"NULL":false})") ==
        "One or more parameter values were invalid: Null attribute value types must have the "
        "value of true");
}

TEST_CASE("AttributeValue: sets compare as sets and numbers by value") {
  CHECK(parse(R"({"SS":["a","b"]})") == parse(R"({"SS":["b","a"]})"));
  CHECK(parse(R"({"N":"1.0"})") == parse(R"({"N":"1"})"));
  CHECK(parse(R"({"S":"1"})") != parse(R"({"N":"1"})"));
}

TEST_CASE("AttributeValue: item size counts names, bytes, digits and container overhead") {
  rapidjson::Document d;
  d.Parse(R"({"ab":{"S":"xyz"},"n":{"N":"123"},"l":{"L":[{"BOOL":true}]}})");
  Item item = parse_item(d);
  // "ab"+"xyz" = 5; "n" + 1 + ceil(3/2) = 1+3 = 4; "l" + 3 + (1+1) = 6.
  CHECK(item_size(item) == 15);
}

namespace {
std::string nested_maps(int wraps) {
  std::string json = R"({"S":"leaf"})";
  for (int i = 0; i < wraps; ++i) json = R"({"M":{"n":)" + json + "}}";
  return json;
}
}  // namespace

TEST_CASE("AttributeValue: 32 levels of nesting are accepted, 33 rejected") {
  CHECK_NOTHROW(parse(nested_maps(31).c_str()));
  CHECK(error_of(nested_maps(32).c_str()) ==
        "Nesting Levels have exceeded supported limits: Attributes in the item have nested levels "
        "beyond supported limit");
}

TEST_CASE("AttributeValue: wrong JSON types answer in DynamoDB's deserializer wording") {
  CHECK(error_of(R"({"S":true})") == "class java.lang.Boolean can not be converted to an String");
  CHECK(error_of(R"({"S":23})") ==
        "class com.amazon.coral.value.json.numbers.TruncatingBigNumber can not be converted to an "
        "String");
  CHECK(error_of(R"({"SS":"a"})") == "Expected list or null");
  CHECK(error_of(R"({"L":{}})") == "Start of structure or map found where not expected.");
  CHECK(error_of(R"({"M":[]})") == "Start of list found where not expected");
  CHECK(error_of(R"({"B":"23456"})") ==
        "'23456' can not be converted to a Blob: Base64 encoded length is expected a multiple of 4 "
        "bytes "
        "but found: 5");
  CHECK(error_of(R"({"B":"=+/="})") ==
        "'=+/=' can not be converted to a Blob: Invalid Base64 character: '='");
  CHECK(error_of(R"({"BOOL":"maybe"})") == "'MAYBE' can not be converted to an Boolean");
  CHECK(error_of("\"S\"") == "Expected null");
}

TEST_CASE("AttributeValue: BOOL and NULL read the strings DynamoDB's deserializer accepts") {
  CHECK(parse(R"({"BOOL":"yes"})").boolean);
  CHECK_FALSE(parse(R"({"BOOL":"0"})").boolean);
  CHECK(error_of(R"({"NULL":"no"})") ==
        "One or more parameter values were invalid: Null attribute value types must have the value "
        "of true");
}

// The 23 literals measured against DynamoDB's 400 KB gate
// (nubo-db/dynamodb-conformance src/item-size.ts, eu-west-2, 2026-08-18;
// paritysuite/dynamodb-conformance tests/tier3/limits/numberByteSize.test.ts).
TEST_CASE("AttributeValue: a number's size follows DynamoDB's measured rule") {
  const std::pair<const char*, int64_t> captured[] = {
      {"0", 1},
      {"1", 2},
      {"12", 2},
      {"123", 3},
      {"1234", 3},
      {"0042", 2},
      {"100", 2},
      {"1010", 3},
      {"0.0000001", 2},
      {"1E125", 2},
      {"1E-100", 2},
      {"1.5", 3},
      {"15", 2},
      {"1.2", 3},
      {"1.200", 3},
      {"1.234", 4},
      {"3.14159", 5},
      {"123456", 4},
      {"100.5", 4},
      {"0.15", 2},
      {"-42", 3},
      {"-0", 1},
      {"12345678901234567890123456789012345678", 20}};
  for (const auto& [literal, bytes] : captured) {
    CAPTURE(literal);
    const std::string json = std::string(R"({"N":")") + literal + "\"}";
    CHECK(attribute_value_size(parse(json.c_str())) == bytes);
  }
}
