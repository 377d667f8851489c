// The one AttributeValue check (values/value_check.h) in DynamoDB's two value
// layers, as recorded in paritysuite/dynamodb-conformance
// tests/tier3/error-messages/valueLayers.test.ts (2026-10-09).

#include "values/value_check.h"

#include <doctest/doctest.h>

#include "dynamini/api_error.h"
#include "values/attribute_value.h"
#include "values/value_decode.h"

using namespace dynamini;

namespace {

const char kNotNumeric[] = "The parameter cannot be converted to a numeric value";

std::string refusal(ValueLayer layer, const char* json) {
  rapidjson::Document d;
  d.Parse(json);
  AttributeValue value = decode_attribute_value(d);
  try {
    ValueChecker(layer).value(value);
  } catch (const ApiError& e) {
    return e.message;
  }
  return "(accepted)";
}

std::string item_refusal(ValueLayer layer, const char* json) {
  rapidjson::Document d;
  d.Parse(json);
  Item item = decode_item(d);
  try {
    ValueChecker(layer).item(item);
  } catch (const ApiError& e) {
    return e.message;
  }
  return "(accepted)";
}

std::string nested(int wraps, const std::string& leaf) {
  std::string json = leaf;
  for (int i = 0; i < wraps; ++i) json = R"({"M":{"n":)" + json + "}}";
  return json;
}

}  // namespace

TEST_CASE("Value check: the layers' words for a malformed number") {
  const auto current = ValueLayer::kCurrent;
  const auto older = ValueLayer::kOlder;
  CHECK(refusal(current, R"({"N":"abc"})") == std::string(kNotNumeric) + ": abc");
  CHECK(refusal(older, R"({"N":"abc"})") == std::string(kNotNumeric) + ": abc");
  CHECK(refusal(current, R"({"N":""})") == std::string(kNotNumeric) + ": ");
  CHECK(refusal(older, R"({"N":""})") == kNotNumeric);
  const std::string overflow =
      "Number overflow. Attempting to store a number with magnitude larger than supported range";
  const std::string underflow =
      "Number underflow. Attempting to store a number with magnitude smaller than supported range";
  CHECK(refusal(current, R"({"N":"1e2147483647"})") == overflow);
  CHECK(refusal(older, R"({"N":"1e2147483647"})") == underflow);
  CHECK(refusal(current, R"({"NS":["1","1e126"]})") == overflow);
  CHECK(refusal(current, R"({"M":{"x":{"L":[{"N":"1e126"}]}}})") == overflow);
}

TEST_CASE("Value check: the layers' words for a duplicate set member") {
  const auto current = ValueLayer::kCurrent;
  const auto older = ValueLayer::kOlder;
  const std::string invalid = "One or more parameter values were invalid: ";
  CHECK(refusal(current, R"({"SS":["b","a","b"]})") ==
        invalid + R"(Input collection ["a", "b", "b"] contains duplicates.)");
  CHECK(refusal(older, R"({"SS":["b","a","b"]})") ==
        invalid + "Input collection [b, a, b] contains duplicates.");
  CHECK(refusal(current, R"({"BS":["/w==","AA==","AA=="]})") ==
        invalid + R"(Input collection ["AA==","/w==","AA=="]of type BS contains duplicates.)");
  CHECK(refusal(older, R"({"BS":["/w==","AA==","AA=="]})") ==
        invalid + "Input collection [/w==, AA==, AA==]of type BS contains duplicates.");
  CHECK(refusal(current, R"({"NS":["2","1","2"]})") ==
        invalid + "Input collection contains duplicates.");
  CHECK(refusal(older, R"({"NS":["2","1","2"]})") == "Input collection contains duplicates");
  // Numbers repeat by value.
  CHECK(refusal(older, R"({"NS":["1","1.0"]})") == "Input collection contains duplicates");
}

TEST_CASE(
    "Value check: expression values and a starting key name their context in the older layer") {
  rapidjson::Document d;
  d.Parse(R"({":v":{"N":"abc"}})");
  for (const auto layer : {ValueLayer::kCurrent, ValueLayer::kOlder}) {
    Item values = decode_item(d);
    std::string message;
    try {
      ValueChecker(layer).expression_attribute_values(values);
    } catch (const ApiError& e) {
      message = e.message;
    }
    CHECK(message == (layer == ValueLayer::kOlder
                          ? "ExpressionAttributeValues contains invalid value: " +
                                std::string(kNotNumeric) + ": abc for key :v"
                          : std::string(kNotNumeric) + ": abc"));
  }
}

TEST_CASE("Value check: the first problem in the item's order wins") {
  const std::string nest = kNestingLimitMessage;
  // An empty map key in one member, a value 40 levels deep in another
  // (paritysuite tests/tier3/validation-ordering/deepRequests.test.ts: the
  // nesting error; here because "d" comes before "m").
  const std::string deep = nested(40, R"({"S":"x"})");
  CHECK(item_refusal(ValueLayer::kOlder,
                     (R"({"m":{"M":{"":{"S":"x"}}},"d":)" + deep + "}").c_str()) == nest);
  // A top-level empty name, whichever order it was sent in.
  CHECK(item_refusal(ValueLayer::kOlder, (R"({"":{"S":"x"},"d":)" + deep + "}").c_str()) ==
        "Empty attribute name");
  CHECK(item_refusal(ValueLayer::kOlder, (R"({"d":)" + deep + R"(,"":{"S":"x"}})").c_str()) ==
        "Empty attribute name");
  // Several malformed numbers: the first in order.
  CHECK(item_refusal(ValueLayer::kCurrent, R"({"a":{"N":"x1"},"b":{"N":"x2"}})") ==
        std::string(kNotNumeric) + ": x1");
}

TEST_CASE("Value check: 32 levels of nesting are accepted, 33 refused, and numbers normalised") {
  CHECK(refusal(ValueLayer::kCurrent, nested(31, R"({"S":"x"})").c_str()) == "(accepted)");
  CHECK(refusal(ValueLayer::kCurrent, nested(32, R"({"S":"x"})").c_str()) == kNestingLimitMessage);
  rapidjson::Document d;
  d.Parse(R"({"L":[{"N":"1.50"},{"NS":["007","-0"]}]})");
  AttributeValue value = decode_attribute_value(d);
  ValueChecker(ValueLayer::kCurrent).value(value);
  CHECK(value.list[0].scalar == "1.5");
  CHECK(value.list[1].set == std::vector<std::string>{"0", "7"});
}

// paritysuite/dynamodb-conformance tests/tier1/updateItem/basic.test.ts
// (eu-west-2, 2026-10-09): string and binary sets bytewise, numbers by value.
TEST_CASE("Value check: sets are put in DynamoDB's order") {
  rapidjson::Document d;
  d.Parse(R"({"s":{"SS":["b","","a"]},"n":{"NS":["10","9","-1.5","-10","0","0.25","0.3"]},)"
          R"("b":{"BS":["/w==","AA==","AAE="]}})");
  Item item = decode_item(d);
  ValueChecker(ValueLayer::kCurrent).item(item);
  CHECK(item["s"].set == std::vector<std::string>{"", "a", "b"});
  CHECK(item["n"].set == std::vector<std::string>{"-10", "-1.5", "0", "0.25", "0.3", "9", "10"});
  CHECK(item["b"].set == std::vector<std::string>{std::string(1, '\0'), std::string("\0\1", 2),
                                                  std::string(1, '\xff')});
}

TEST_CASE("Value check: a set held in another order is written in DynamoDB's") {
  Item item{{"n", NS({"3", "-2", "1"})}};
  CHECK(item_to_json(item) == R"({"n":{"NS":["-2","1","3"]}})");
}
