// A statement's Parameters, checked as DynamoDB's PartiQL layer reads them
// (recorded in paritysuite/dynamodb-conformance
// tests/tier3/error-messages/partiqlParameterNumbers.test.ts): numbers by
// partiql/decimal_rules.h, and the first problem in document order wins
// between a number and a value nested too deep.

#include "dynamini/api_error.h"
#include "partiql/decimal_rules.h"
#include "partiql/parser.h"
#include "values/attribute_value.h"

namespace dynamini::partiql {
namespace {

// The wire reader keeps 32 levels of a parameter (the parameter itself at
// depth 0) and puts a NULL where a deeper value was: meeting depth 32 is
// meeting that value.

void check_number(const std::string& text) {
  if (text.empty()) {
    throw validation_error("The parameter cannot be converted to a numeric value");
  }
  DecimalVerdict verdict = judge_decimal(text);
  if (verdict == DecimalVerdict::kUnconvertible) {
    throw validation_error("The parameter cannot be converted to a numeric value: " + text);
  }
  if (verdict != DecimalVerdict::kOk) throw validation_error(decimal_limit_message(verdict));
}

void check_value(const AttributeValue& v, int depth) {
  if (depth >= kMaxNestingDepth) {
    throw validation_error(
        "Nesting Levels have exceeded supported limits: Attributes in the item have nested "
        "levels beyond supported limit");
  }
  switch (v.type) {
    case ValueType::N:
      check_number(v.scalar);
      break;
    case ValueType::NS:
      for (const auto& member : v.set) check_number(member);
      break;
    case ValueType::L:
      for (const auto& element : v.list) check_value(element, depth + 1);
      break;
    case ValueType::M:
      for (const auto& [name, member] : v.map) check_value(member, depth + 1);
      break;
    default:
      break;
  }
}

}  // namespace

void check_parameters(const std::optional<std::vector<AttributeValue>>& parameters) {
  if (!parameters) return;
  for (const auto& p : *parameters) check_value(p, 0);
}

}  // namespace dynamini::partiql
