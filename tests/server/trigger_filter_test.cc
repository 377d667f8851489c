// Stream triggers' FilterCriteria (triggers/filter_pattern.h): one case per
// operator of Lambda's event filtering, on a DynamoDB stream record.

#include <doctest/doctest.h>

#include <stdexcept>
#include <string>

#include "triggers/filter_pattern.h"

namespace dynamini::triggers {
namespace {

const char* kRecord = R"({"eventName":"INSERT","eventSource":"aws:dynamodb",
  "dynamodb":{"Keys":{"pk":{"S":"USER#u1"},"sk":{"S":"POST#01"}},
    "NewImage":{"pk":{"S":"USER#u1"},"sk":{"S":"POST#01"},"text":{"S":"Hello World"},
      "likes":{"N":"42"},"draft":{"BOOL":false},"tags":{"SS":["a","b"]},"gone":{"NULL":true},
      "empty":{"S":""}}}})";

bool matches(const std::string& pattern) {
  return matches_any({FilterPattern::parse(pattern)}, kRecord);
}

std::string image(const std::string& attribute, const std::string& leaf) {
  return R"({"dynamodb":{"NewImage":{")" + attribute + "\":" + leaf + "}}}";
}

TEST_CASE("filter: exact values, several meaning any of them") {
  CHECK(matches(R"({"eventName":["INSERT"]})"));
  CHECK(matches(R"({"eventName":["MODIFY","INSERT"]})"));
  CHECK_FALSE(matches(R"({"eventName":["REMOVE"]})"));
  CHECK(matches(image("draft", R"({"BOOL":[false]})")));
  CHECK(matches(image("gone", R"({"NULL":[true]})")));
  CHECK(matches(image("empty", R"({"S":[""]})")));  // Empty
  CHECK_FALSE(matches(image("text", R"({"S":[""]})")));
}

TEST_CASE("filter: fields are ANDed, a missing field fails") {
  CHECK(matches(R"({"eventName":["INSERT"],"dynamodb":{"Keys":{"pk":{"S":["USER#u1"]}}}})"));
  CHECK_FALSE(matches(R"({"eventName":["INSERT"],"dynamodb":{"Keys":{"pk":{"S":["USER#u2"]}}}})"));
  CHECK_FALSE(matches(image("nothing", R"({"S":["x"]})")));
}

TEST_CASE("filter: prefix, suffix and equals-ignore-case") {
  CHECK(matches(image("sk", R"({"S":[{"prefix":"POST#"}]})")));
  CHECK_FALSE(matches(image("sk", R"({"S":[{"prefix":"NOTIF#"}]})")));
  CHECK(matches(image("text", R"({"S":[{"suffix":"World"}]})")));
  CHECK_FALSE(matches(image("text", R"({"S":[{"suffix":"world"}]})")));
  CHECK(matches(image("text", R"({"S":[{"equals-ignore-case":"hello world"}]})")));
  CHECK(matches(image("text", R"({"S":[{"prefix":{"equals-ignore-case":"HELLO"}}]})")));
}

TEST_CASE("filter: anything-but a value, a list, or a prefix") {
  CHECK(matches(R"({"eventName":[{"anything-but":"REMOVE"}]})"));
  CHECK_FALSE(matches(R"({"eventName":[{"anything-but":["REMOVE","INSERT"]}]})"));
  CHECK_FALSE(matches(image("sk", R"({"S":[{"anything-but":{"prefix":"POST#"}}]})")));
  CHECK(matches(image("sk", R"({"S":[{"anything-but":{"prefix":"NOTIF#"}}]})")));
  CHECK_FALSE(matches(image("nothing", R"({"S":[{"anything-but":"x"}]})")));  // absent
}

TEST_CASE("filter: numeric ranges, on a number or a DynamoDB N") {
  CHECK(matches(image("likes", R"({"N":[{"numeric":[">",0,"<=",42]}]})")));
  CHECK_FALSE(matches(image("likes", R"({"N":[{"numeric":[">",42]}]})")));
  CHECK(matches(image("likes", R"({"N":[{"numeric":["=",42]}]})")));
  CHECK(matches_any({FilterPattern::parse(R"({"n":[{"numeric":["<",10]}]})")}, R"({"n":3.5})"));
  CHECK_FALSE(matches(image("text", R"({"S":[{"numeric":[">",0]}]})")));  // not a number
}

TEST_CASE("filter: exists true and false") {
  CHECK(matches(image("text", R"({"S":[{"exists":true}]})")));
  CHECK_FALSE(matches(image("nothing", R"({"S":[{"exists":true}]})")));
  CHECK(matches(R"({"dynamodb":{"OldImage":{"pk":{"S":[{"exists":false}]}}}})"));
  CHECK_FALSE(matches(image("pk", R"({"S":[{"exists":false}]})")));
}

TEST_CASE("filter: a record array matches when any element does") {
  CHECK(matches(image("tags", R"({"SS":["b"]})")));
  CHECK_FALSE(matches(image("tags", R"({"SS":["c"]})")));
}

TEST_CASE("filter: $or, and several patterns meaning any of them") {
  CHECK(matches(
      R"({"$or":[{"eventName":["REMOVE"]},{"dynamodb":{"Keys":{"sk":{"S":[{"prefix":"POST#"}]}}}}]})"));
  CHECK_FALSE(matches(R"({"$or":[{"eventName":["REMOVE"]},{"eventName":["MODIFY"]}]})"));
  const auto remove = FilterPattern::parse(R"({"eventName":["REMOVE"]})");
  const auto insert = FilterPattern::parse(R"({"eventName":["INSERT"]})");
  CHECK(matches_any({remove, insert}, kRecord));
  CHECK_FALSE(matches_any({remove}, kRecord));
  CHECK(matches_any({}, kRecord));  // no filter: everything
}

TEST_CASE("filter: invalid patterns are refused with the reason") {
  for (const char* bad : {"[]", "{\"a\":\"x\"}", "{\"a\":[]}", "{\"a\":[{\"exists\":1}]}",
                          "{\"a\":[{\"numeric\":[\"!=\",1]}]}", "{\"a\":[{\"wildcard\":\"*\"}]}",
                          "{\"a\":[{\"prefix\":1}]}", "{\"$or\":{}}", "not json"}) {
    CAPTURE(bad);
    CHECK_THROWS_AS(FilterPattern::parse(bad), std::invalid_argument);
  }
}

}  // namespace
}  // namespace dynamini::triggers
