// A condition used as a value: compared with = or <> against a value, a path
// or another condition, or tested with IN. DynamoDB answers these as the
// condition's truth compared with a boolean (recorded against DynamoDB,
// floci's DynamoDbPartiQLEdgeCaseIntegrationTest, eu-west-2 2026-09-17:
// "attribute_exists(n) = attribute_exists(flag)", "attribute_exists(n) =
// yes" with yes a BOOL attribute, "attribute_exists(nope) IN [true, false]"
// and "attribute_exists(n) <> 1" hold; "attribute_exists(n) = 1" and
// "attribute_exists(n) = flag" with flag a string do not). An ordering
// comparison refuses the BOOL operand ("... operator or function: >,
// operand type: BOOL", recorded).

#include <string>

#include "partiql/binder.h"
#include "partiql/statement_errors.h"

namespace dynamini::partiql {
namespace {

using Kind = Condition::Kind;

// NOT NOT c is c (the condition grammar has no NOT NOT: a chain such as
// a <> b <> c would otherwise render unparsable text).
Condition negated(Condition c) {
  if (c.kind == Kind::kNot) return std::move(c.children[0]);
  Condition n;
  n.kind = Kind::kNot;
  n.children.push_back(std::move(c));
  return n;
}

Condition joined(Kind kind, Condition a, Condition b) {
  Condition c;
  c.kind = kind;
  c.children.push_back(std::move(a));
  c.children.push_back(std::move(b));
  return c;
}

Operand boolean_operand(bool b) {
  Operand o;
  o.kind = Operand::Kind::kValue;
  o.value = AttributeValue::boolean_value(b);
  return o;
}

// TRUE = FALSE or TRUE = TRUE: a condition that never or always holds.
Condition constant(bool holds) {
  return Condition{Kind::kCompare, "=", {boolean_operand(true), boolean_operand(holds)}, {}};
}

// Operators in `c`, as DynamoDB counts them in an expression: each
// comparison, BETWEEN, IN, function, AND, OR and NOT.
size_t operator_count(const Condition& c) {
  size_t n = 1;
  for (const Condition& child : c.children) n += operator_count(child);
  return n;
}

// DynamoDB allows 300 operators in an expression (Developer Guide, "Service,
// account, and table quotas": expression parameters). Comparing a condition
// with a value writes the condition twice, so a chain such as a = b = c = ...
// doubles with each link: refused here before it is built, in the wording
// DynamoDB gives an expression over the limit ("Invalid ConditionExpression:
// The expression contains too many operators; operator count: 301",
// recorded in scylladb/scylladb issue 14473; for PartiQL unconfirmed).
constexpr size_t kMaxOperators = 300;

void check_operator_count(size_t count) {
  if (count > kMaxOperators) {
    throw validation_error("The expression contains too many operators; operator count: " +
                           std::to_string(count));
  }
}

}  // namespace

Condition condition_equals(Condition c, const Operand& other) {
  if (other.kind == Operand::Kind::kValue) {
    if (other.value.type != ValueType::BOOL) return constant(false);
    return other.value.boolean ? std::move(c) : negated(std::move(c));
  }
  // A path (or a function of one) equals the condition's truth when it holds
  // that boolean.
  // The tree below: c twice, two comparisons, two ANDs, a NOT and an OR.
  check_operator_count(2 * operator_count(c) + 6);
  Condition when_true{Kind::kCompare, "=", {other, boolean_operand(true)}, {}};
  Condition when_false{Kind::kCompare, "=", {other, boolean_operand(false)}, {}};
  Condition holds = joined(Kind::kAnd, c, std::move(when_true));
  Condition fails = joined(Kind::kAnd, negated(std::move(c)), std::move(when_false));
  return joined(Kind::kOr, std::move(holds), std::move(fails));
}

Condition conditions_equal(Condition a, Condition b) {
  // The tree below: a and b twice, two ANDs, two NOTs and an OR.
  check_operator_count(2 * (operator_count(a) + operator_count(b)) + 5);
  Condition both = joined(Kind::kAnd, a, b);
  Condition neither = joined(Kind::kAnd, negated(std::move(a)), negated(std::move(b)));
  return joined(Kind::kOr, std::move(both), std::move(neither));
}

[[noreturn]] void refuse_ordering(const std::string& op) {
  throw validation_error("Incorrect operand type for operator or function; operator or function: " +
                         op + ", operand type: BOOL");
}

}  // namespace dynamini::partiql
