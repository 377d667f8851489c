#include "values/value_check.h"

#include <algorithm>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "values/base64.h"
#include "values/number.h"
#include "values/request_check_error.h"
#include "values/set_order.h"

namespace dynamini {

// The words once: every nesting refusal starts with them.
#define DYNAMINI_NESTING_LIMIT_EXCEEDED "Nesting Levels have exceeded supported limits"
const char kNestingLimitExceeded[] = DYNAMINI_NESTING_LIMIT_EXCEEDED;
const char kNestingLimitMessage[] = DYNAMINI_NESTING_LIMIT_EXCEEDED
    ": Attributes in the item have nested levels beyond supported limit";
#undef DYNAMINI_NESTING_LIMIT_EXCEEDED

namespace {

// What DynamoDB's two value layers do differently, and nothing else (recorded
// in paritysuite/dynamodb-conformance tests/tier3/error-messages/
// valueLayers.test.ts: the current layer on PutItem, UpdateItem, DeleteItem,
// GetItem, BatchGetItem and Query; the older one on BatchWriteItem, the
// transactions outside eu-west-2, and Scan).
struct ValueLayerRules {
  NumberReading numbers;
  // An empty number: "...numeric value: " (a colon and a space) or the bare
  // sentence.
  bool colon_for_empty_number;
  // A duplicate in a string or binary set: members quoted, in DynamoDB's
  // order (["a", "b", "b"]), or unquoted as sent ([b, a, b]).
  bool quote_duplicate_members;
  // A duplicate in a number set (no members named in either layer).
  const char* duplicate_numbers;
  // "ExpressionAttributeValues contains invalid value: <why> for key <:v>"
  // (dynalite test/updateItem.js) rather than <why> alone.
  bool names_expression_value_key;
  // "The provided starting key is invalid: <why>" (dynalite test/scan.js)
  // rather than <why> alone.
  bool names_start_key;
};

constexpr ValueLayerRules kCurrentRules{
    NumberReading::kExponent64,
    true,
    true,
    "One or more parameter values were invalid: Input collection contains duplicates.",
    false,
    false};
constexpr ValueLayerRules kOlderRules{
    NumberReading::kBigDecimal, false, false, "Input collection contains duplicates", true, true};

const ValueLayerRules& rules_of(ValueLayer layer) {
  return layer == ValueLayer::kCurrent ? kCurrentRules : kOlderRules;
}

bool is_decimal_digit(char c) { return c >= '0' && c <= '9'; }

// A plain integer already in canonical text ("0", "42", "-7") of at most 38
// digits: most numbers a request carries, with nothing to read or rewrite.
bool canonical_integer(std::string_view text) {
  const size_t start = !text.empty() && text[0] == '-' ? 1 : 0;
  const size_t digits = text.size() - start;
  if (digits == 0 || digits > 38) return false;
  if (text[start] == '0') return text.size() == 1;
  return std::all_of(text.begin() + static_cast<std::ptrdiff_t>(start), text.end(),
                     is_decimal_digit);
}

// A set member as DynamoDB's messages print it: binary as base64.
std::string printed_member(ValueType type, const std::string& member) {
  return type == ValueType::BS ? base64_encode(member) : member;
}

// The members a duplicate message lists: the current layer's order is the
// members before the first repeat sorted bytewise, the repeat, then the rest as
// sent (["b", "a", "b"] -> ["a", "b", "b"]); the older layer's is as sent.
std::string duplicate_list(const AttributeValue& set, size_t repeat, bool quoted) {
  std::vector<std::string> members(set.set.begin(), set.set.end());
  if (quoted) std::sort(members.begin(), members.begin() + static_cast<std::ptrdiff_t>(repeat));
  const bool binary = set.type == ValueType::BS;
  const char* separator = quoted && binary ? "," : ", ";
  std::string out = "[";
  for (size_t i = 0; i < members.size(); ++i) {
    if (i) out += separator;
    const std::string printed = printed_member(set.type, members[i]);
    out += quoted ? "\"" + printed + "\"" : printed;
  }
  return out + "]";
}

// One walk over a request's values; the first problem stops it.
class ValueWalk {
 public:
  explicit ValueWalk(const ValueLayerRules& rules) : rules_(rules) {}

  // Strings, binaries and booleans have nothing to check but their level:
  // decided here, inline, for most values of most requests.
  bool value(AttributeValue& v, int depth) {
    const bool plain =
        v.type == ValueType::S || v.type == ValueType::B || v.type == ValueType::BOOL;
    if (plain && v.type_count == 1 && depth < kMaxNestingDepth) return true;
    return checked_value(v, depth);
  }
  bool item(Item& item, int depth);
  const std::string& problem() const { return problem_; }

 private:
  bool fail(const RequestCheckError& error) {
    problem_ = error.message;
    return false;
  }
  bool checked_value(AttributeValue& v, int depth);
  bool number(std::string& text);
  bool set(AttributeValue& v);
  bool duplicate(const AttributeValue& v, size_t repeat);

  const ValueLayerRules& rules_;
  std::string problem_;
};

bool ValueWalk::number(std::string& text) {
  if (canonical_integer(text)) return true;
  Number n;
  const NumberProblem problem = Number::read(text, rules_.numbers, &n);
  if (problem == NumberProblem::kNone) {
    text = n.to_string();
    return true;
  }
  if (problem != NumberProblem::kUnconvertible)
    return fail(request_check_error(number_limit_message(problem)));
  if (text.empty() && !rules_.colon_for_empty_number)
    return fail(request_check_error(kUnconvertibleNumber));
  return fail(request_check_error(std::string(kUnconvertibleNumber) + ": " + text));
}

bool ValueWalk::duplicate(const AttributeValue& v, size_t repeat) {
  if (v.type == ValueType::NS) return fail(request_check_error(rules_.duplicate_numbers));
  const std::string members = duplicate_list(v, repeat, rules_.quote_duplicate_members);
  return fail(request_check_error(
      std::string(kInvalidParameterValues) + "Input collection " + members +
      (v.type == ValueType::BS ? "of type BS contains duplicates." : " contains duplicates.")));
}

// Not empty; each member, in order, a valid number (NS) and not a repeat.
// Then the members are put in DynamoDB's order (values/set_order.h).
bool ValueWalk::set(AttributeValue& v) {
  if (v.set.empty()) {
    const std::string invalid = kInvalidParameterValues;
    if (v.type == ValueType::SS) {
      return fail(request_check_error(invalid + "An string set  may not be empty"));
    }
    if (v.type == ValueType::NS) {
      return fail(request_check_error(invalid + "An number set  may not be empty"));
    }
    return fail(request_check_error(invalid + "Binary sets should not be empty"));
  }
  std::unordered_set<std::string_view> seen;
  if (v.set.size() > 1) seen.reserve(v.set.size());
  for (size_t i = 0; i < v.set.size(); ++i) {
    if (v.type == ValueType::NS && !number(v.set[i])) return false;
    if (v.set.size() > 1 && !seen.insert(v.set[i]).second) return duplicate(v, i);
  }
  put_set_in_order(v);
  return true;
}

bool ValueWalk::checked_value(AttributeValue& v, int depth) {
  if (depth >= kMaxNestingDepth) return fail(request_check_error(kNestingLimitMessage));
  if (v.type_count == 0) {
    return fail(request_check_error(
        "Supplied AttributeValue is empty, must contain exactly one of the supported datatypes"));
  }
  if (v.type_count > 1) {
    return fail(request_check_error(
        "Supplied AttributeValue has more than one datatypes set, must contain exactly one of the "
        "supported datatypes"));
  }
  switch (v.type) {
    case ValueType::N:
      return number(v.scalar);
    case ValueType::NUL:
      if (v.boolean) return true;
      return fail(request_check_error(std::string(kInvalidParameterValues) +
                                      "Null attribute value types must have the value of true"));
    case ValueType::SS:
    case ValueType::NS:
    case ValueType::BS:
      return set(v);
    case ValueType::L:
      for (auto& element : v.list) {
        if (!value(element, depth + 1)) return false;
      }
      return true;
    case ValueType::M:
      return item(v.map, depth + 1);
    default:
      return true;
  }
}

// Attribute names (items, keys, maps): 1..65535 bytes (Developer Guide
// "Constraints": at most 64 KB); messages of DynamoDB Local's newAttributeName
// (EMPTY_ATTRIBUTE_NAME, ATTRIBUTE_NAME_TOO_LARGE).
bool ValueWalk::item(Item& item, int depth) {
  for (auto& [name, member] : item) {
    if (name.empty()) return fail(request_check_error("Empty attribute name"));
    if (name.size() > 65535) {
      return fail(
          request_check_error("Attribute name is too large, must be less than 65536 bytes"));
    }
    if (!value(member, depth)) return false;
  }
  return true;
}

}  // namespace

void ValueChecker::value(AttributeValue& value) const {
  ValueWalk walk(rules_of(layer_));
  if (!walk.value(value, 0)) throw request_check_error(walk.problem());
}

void ValueChecker::item(Item& item) const {
  ValueWalk walk(rules_of(layer_));
  if (!walk.item(item, 0)) throw request_check_error(walk.problem());
}

void ValueChecker::expression_attribute_values(Item& values) const {
  const ValueLayerRules& rules = rules_of(layer_);
  ValueWalk walk(rules);
  for (auto& [key, value] : values) {
    if (walk.value(value, 0)) continue;
    if (!rules.names_expression_value_key) throw request_check_error(walk.problem());
    throw request_check_error(
        "ExpressionAttributeValues contains invalid value: " + walk.problem() + " for key " + key);
  }
}

void ValueChecker::exclusive_start_key(Item& key) const {
  const ValueLayerRules& rules = rules_of(layer_);
  ValueWalk walk(rules);
  if (walk.item(key, 0)) return;
  if (!rules.names_start_key) throw request_check_error(walk.problem());
  throw request_check_error("The provided starting key is invalid: " + walk.problem());
}

std::optional<std::string> item_problem(Item& item, ValueLayer layer) {
  ValueWalk walk(rules_of(layer));
  if (walk.item(item, 0)) return std::nullopt;
  return walk.problem();
}

}  // namespace dynamini
