#pragma once

// Lambda's event filtering (FilterCriteria) for stream records: a record is
// delivered when it matches any of the trigger's patterns; without patterns,
// every record is. A pattern mirrors the record's JSON (Developer Guide,
// "Control which events Lambda sends to your function"; the operators are
// EventBridge's, "Comparison operators for use in event patterns"):
//   {"dynamodb": {"NewImage": {"pk": {"S": [{"prefix": "ORDER#"}]}}}, "eventName": ["INSERT"]}
// An object descends into the record's member of that name; an array at a
// leaf lists alternatives, any of which may match (a record array matches
// when any element does). Alternatives:
//   "text", 12, true, null        equal to the value (numbers by value; null: a JSON null)
//   {"prefix": "x"}               a string starting with x ({"prefix": {"equals-ignore-case":
//   "x"}})
//   {"suffix": "x"}               a string ending with x
//   {"equals-ignore-case": "x"}   equal ignoring ASCII case
//   {"anything-but": V}           present and matching none of V: a value, a list of values,
//                                 or {"prefix"|"suffix"|"equals-ignore-case": x}
//   {"numeric": [">", 0, "<=", 5]} numbers in range (one or two comparisons; = < <= > >=)
//   {"exists": true|false}        the member is present / absent
// and "$or": [pattern, ...] at any object level matches when one of them does.
// Numbers: DynamoDB sends an N as a string ({"N": "42"}); "numeric" also
// reads a string that is the value of an "N" member (dynamini's choice; how
// Lambda treats it is not confirmed).

#include <rapidjson/document.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace dynamini::triggers {

class FilterPattern {
 public:
  // Parses one Pattern (a JSON object as text). Throws std::invalid_argument
  // with the reason when it is not a valid pattern.
  static FilterPattern parse(std::string_view pattern_json);

  bool matches(const rapidjson::Value& record) const;

 private:
  std::shared_ptr<rapidjson::Document> pattern_;
};

// True when `patterns` is empty or any of them matches `record_json`.
bool matches_any(const std::vector<FilterPattern>& patterns, std::string_view record_json);

}  // namespace dynamini::triggers
