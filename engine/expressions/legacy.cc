// The legacy conditional parameters, translated into Condition trees, key
// condition terms and Update actions (see legacy.h).

#include "expressions/legacy.h"

#include <algorithm>

#include "dynamini/api_error.h"
#include "expressions/condition_node.h"
#include "expressions/update_actions.h"
#include "values/request_check_error.h"

namespace dynamini::expr {
namespace {

using Node = Condition::Node;

// ---- Validation of one condition (dynalite validations/index.js
// validateConditions, validateAttributeConditions) ----------------------------

bool valid_count(const std::string& op, size_t n) {
  if (op == "NULL" || op == "NOT_NULL") return n == 0;
  if (op == "IN") return n >= 1;
  if (op == "BETWEEN") return n == 2;
  return n == 1;
}

// Which value types an operator compares. In a QueryFilter or ScanFilter, EQ
// and NE take every type, BOOL, NULL, L and M included (API reference,
// Condition: "EQ is supported for all data types, including lists and maps";
// NE likewise); in Expected and KeyConditions they take the scalars and sets
// (dynalite validations/index.js, recorded against DynamoDB).
enum class Comparing { kFilter, kOther };

bool type_allowed(const std::string& op, ValueType t, Comparing comparing) {
  bool scalar = t == ValueType::S || t == ValueType::N || t == ValueType::B;
  if ((op == "EQ" || op == "NE") && comparing == Comparing::kFilter) return true;
  if (op == "EQ" || op == "NE")
    return scalar || t == ValueType::SS || t == ValueType::NS || t == ValueType::BS;
  if (op == "BEGINS_WITH") return t == ValueType::S || t == ValueType::B;
  return scalar;  // LE LT GE GT CONTAINS NOT_CONTAINS IN BETWEEN
}

void check_condition(const std::string& op, const std::vector<AttributeValue>& values,
                     Comparing comparing = Comparing::kOther) {
  if (!valid_count(op, values.size())) {
    throw request_check_error(std::string(kInvalidParameterValues) +
                              "Invalid number of argument(s) for the " + op +
                              " ComparisonOperator");
  }
  for (const auto& v : values) {
    if (v.type != values[0].type) {
      throw request_check_error(std::string(kInvalidParameterValues) +
                                "AttributeValues inside AttributeValueList must be of same type");
    }
  }
  for (const auto& v : values) {
    if (!type_allowed(op, v.type, comparing)) {
      throw request_check_error(std::string(kInvalidParameterValues) + "ComparisonOperator " + op +
                                " is not valid for " + type_name(v.type) + " AttributeValue type");
    }
  }
  if (op == "BETWEEN") {
    auto order = compare_scalars(values[0], values[1]);
    if (order && *order > 0) {
      throw validation_error(
          "The BETWEEN condition was provided a range where the lower bound is greater than the "
          "upper bound");
    }
  }
}

// ---- Tree building ------------------------------------------------------------

Operand path_operand(const std::string& name) {
  Operand o;
  o.kind = Operand::Kind::kPath;
  o.path = {PathElement{name, -1}};
  return o;
}

Operand value_operand(AttributeValue v) {
  Operand o;
  o.kind = Operand::Kind::kValue;
  o.value = std::move(v);
  return o;
}

Node function_node(const char* function, std::vector<Operand> args) {
  Operand fn;
  fn.kind = Operand::Kind::kFunction;
  fn.function = function;
  fn.args = std::move(args);
  Node node;
  node.kind = Node::Kind::kFunction;
  node.operands.push_back(std::move(fn));
  return node;
}

// One legacy comparison as a condition node. NE and NOT_CONTAINS hold for a
// missing attribute, as their expression forms do.
Node comparison_node(const std::string& attribute, const std::string& op,
                     std::vector<AttributeValue> values) {
  static const std::map<std::string, std::string> kCompare = {
      {"EQ", "="}, {"NE", "<>"}, {"LT", "<"}, {"LE", "<="}, {"GT", ">"}, {"GE", ">="}};
  if (auto it = kCompare.find(op); it != kCompare.end()) {
    Node node;
    node.kind = Node::Kind::kCompare;
    node.op = it->second;
    node.operands.push_back(path_operand(attribute));
    node.operands.push_back(value_operand(std::move(values[0])));
    return node;
  }
  if (op == "NULL") return function_node("attribute_not_exists", {path_operand(attribute)});
  if (op == "NOT_NULL") return function_node("attribute_exists", {path_operand(attribute)});
  if (op == "CONTAINS" || op == "BEGINS_WITH") {
    return function_node(op == "CONTAINS" ? "contains" : "begins_with",
                         {path_operand(attribute), value_operand(std::move(values[0]))});
  }
  if (op == "NOT_CONTAINS") {
    Node node;
    node.kind = Node::Kind::kNot;
    node.children.push_back(
        function_node("contains", {path_operand(attribute), value_operand(std::move(values[0]))}));
    return node;
  }
  Node node;
  node.kind = op == "IN" ? Node::Kind::kIn : Node::Kind::kBetween;
  node.operands.push_back(path_operand(attribute));
  for (auto& v : values) node.operands.push_back(value_operand(std::move(v)));
  return node;
}

Condition combine(std::vector<Node> nodes, bool use_or) {
  Node root = std::move(nodes[0]);
  for (size_t i = 1; i < nodes.size(); ++i) {
    Node joined;
    joined.kind = use_or ? Node::Kind::kOr : Node::Kind::kAnd;
    joined.children.push_back(std::move(root));
    joined.children.push_back(std::move(nodes[i]));
    root = std::move(joined);
  }
  return Condition::from_node(std::make_unique<Node>(std::move(root)));
}

}  // namespace

// ---- Typed requests ------------------------------------------------------------

namespace {

// An attribute named by a legacy parameter: 1..65535 bytes, as in items
// (DynamoDB Local newAttributeName, used for every attribute name it reads).
const std::string& checked_attribute_name(const std::string& name) {
  if (name.empty()) throw validation_error("Empty attribute name");
  if (name.size() > 65535) {
    throw validation_error("Attribute name is too large, must be less than 65536 bytes");
  }
  return name;
}

// ConditionalOperator against the number of conditions it joins (DynamoDB
// Local's request validator; DAX client RequestValidator).
bool use_or(const ConditionalOperator& op, size_t conditions) {
  if (!op) return false;
  if (conditions == 0) {
    throw validation_error("ConditionalOperator cannot be used without Filter or Expected");
  }
  if (conditions == 1) {
    throw validation_error(
        "ConditionalOperator can only be used when Filter or Expected has two or more elements");
  }
  return *op == api::ConditionalOperator::kOr;
}

// DynamoDB Local validateExpectedAttribute: these checks, in this order. They
// belong to the request-validation family, which PutItem, UpdateItem and
// DeleteItem send inside "1 validation error detected: " (paritysuite/
// dynamodb-conformance tests/tier3/error-messages/deleteItem.test.ts and
// putItem.test.ts, eu-west-2 and us-east-1, 2026-10-09).
void check_expected_members(const api::ExpectedAttributeValue& c, const std::string& name) {
  const bool has_value = c.value.has_value();
  const bool has_list = c.attribute_value_list.has_value();
  const auto& op = c.comparison_operator;
  if (c.exists && op) {
    throw request_check_error(
        std::string(kInvalidParameterValues) +
        "Exists and ComparisonOperator cannot be used together for Attribute: " + name);
  }
  if (has_value && has_list) {
    throw request_check_error(
        std::string(kInvalidParameterValues) +
        "Value and AttributeValueList cannot be used together for Attribute: " + name);
  }
  if (!op && has_list) {
    throw request_check_error(
        std::string(kInvalidParameterValues) +
        "AttributeValueList can only be used with a ComparisonOperator for Attribute: " + name);
  }
  if (c.exists && !*c.exists && has_value) {
    throw request_check_error(std::string(kInvalidParameterValues) +
                              "Value cannot be used when Exists is false for Attribute: " + name);
  }
  if (has_value || has_list) return;
  if (op) {
    if (*op != api::ComparisonOperator::kNotNull && *op != api::ComparisonOperator::kNull) {
      throw request_check_error(
          std::string(kInvalidParameterValues) +
          "Value or AttributeValueList must be used with ComparisonOperator: " +
          std::string(op->text()) + " for Attribute: " + name);
    }
  } else if (!c.exists) {
    throw request_check_error(std::string(kInvalidParameterValues) +
                              "Value must be provided when Exists is null for Attribute: " + name);
  } else if (*c.exists) {
    throw request_check_error(std::string(kInvalidParameterValues) +
                              "Value must be provided when Exists is true for Attribute: " + name);
  }
}

Node expected_node(const api::ExpectedAttributeValue& c, const std::string& name) {
  check_expected_members(c, name);
  std::vector<AttributeValue> values =
      c.attribute_value_list.value_or(std::vector<AttributeValue>{});
  if (c.value) values.push_back(*c.value);
  if (c.comparison_operator) {
    const std::string op(c.comparison_operator->text());
    check_condition(op, values);
    return comparison_node(name, op, std::move(values));
  }
  if (c.exists && !*c.exists) return comparison_node(name, "NULL", {});
  // Exists true (or absent) with a Value: the attribute equals it.
  return comparison_node(name, "EQ", std::move(values));
}

// A filter or key condition entry; null: DynamoDB Local's
// FILTER_CONDITION_CANNOT_BE_NULL.
const api::Condition& present_condition(const std::optional<api::Condition>& c,
                                        const std::string& name) {
  if (!c) throw validation_error("The filter condition for an attribute cannot be null: " + name);
  return *c;
}

}  // namespace

void check_expression_mixing(std::initializer_list<MemberPresence> expression,
                             std::initializer_list<MemberPresence> non_expression) {
  auto used = [](std::initializer_list<MemberPresence> members) {
    std::string out;
    for (const auto& m : members) {
      if (!m.present) continue;
      if (!out.empty()) out += ", ";
      out += m.name;
    }
    return out;
  };
  const std::string used_expression = used(expression);
  if (used_expression.empty()) return;
  const std::string used_legacy = used(non_expression);
  if (used_legacy.empty()) return;
  // Message confirmed against live DynamoDB (AWS developer guide; boto3 reports quoted in
  // public issue trackers).
  throw request_check_error(
      "Can not use both expression and non-expression parameters in the same request: "
      "Non-expression parameters: {" +
      used_legacy + "} Expression parameters: {" + used_expression + "}");
}

std::optional<Condition> legacy_expected(const std::optional<ExpectedMap>& expected,
                                         const ConditionalOperator& conditional_operator) {
  const size_t count = expected ? expected->size() : 0;
  const bool any = use_or(conditional_operator, count);
  if (count == 0) return std::nullopt;
  std::vector<Node> nodes;
  for (const auto& [key, condition] : *expected) {
    const std::string& name = checked_attribute_name(key);
    if (!condition) {
      throw validation_error(std::string(kInvalidParameterValues) +
                             "ExpectedAttributeValue must not be null for Attribute: " + name);
    }
    nodes.push_back(expected_node(*condition, name));
  }
  return combine(std::move(nodes), any);
}

std::optional<Condition> legacy_filter(const std::optional<ConditionMap>& filter,
                                       const ConditionalOperator& conditional_operator) {
  const size_t count = filter ? filter->size() : 0;
  const bool any = use_or(conditional_operator, count);
  if (count == 0) return std::nullopt;
  std::vector<Node> nodes;
  for (const auto& [key, entry] : *filter) {
    const std::string& name = checked_attribute_name(key);
    const api::Condition& c = present_condition(entry, name);
    const std::string op(c.comparison_operator->text());  // required: shape-checked
    std::vector<AttributeValue> values =
        c.attribute_value_list.value_or(std::vector<AttributeValue>{});
    check_condition(op, values, Comparing::kFilter);
    nodes.push_back(comparison_node(name, op, std::move(values)));
  }
  return combine(std::move(nodes), any);
}

std::vector<KeyConditionTerm> legacy_key_conditions(const ConditionMap& key_conditions) {
  static const std::map<std::string, KeyConditionTerm::Op, std::less<>> kIndexable = {
      {"EQ", KeyConditionTerm::Op::kEq},
      {"LT", KeyConditionTerm::Op::kLt},
      {"LE", KeyConditionTerm::Op::kLe},
      {"GT", KeyConditionTerm::Op::kGt},
      {"GE", KeyConditionTerm::Op::kGe},
      {"BETWEEN", KeyConditionTerm::Op::kBetween},
      {"BEGINS_WITH", KeyConditionTerm::Op::kBeginsWith}};
  std::vector<KeyConditionTerm> terms;
  for (const auto& [key, entry] : key_conditions) {
    const std::string& name = checked_attribute_name(key);
    const api::Condition& c = present_condition(entry, name);
    const std::string op(c.comparison_operator->text());  // required: shape-checked
    std::vector<AttributeValue> values =
        c.attribute_value_list.value_or(std::vector<AttributeValue>{});
    check_condition(op, values);
    auto indexable = kIndexable.find(op);
    // dynalite test/query.js: non-indexable operators in KeyConditions.
    if (indexable == kIndexable.end()) {
      throw validation_error("Attempted conditional constraint is not an indexable operation");
    }
    terms.push_back(KeyConditionTerm{name, indexable->second, std::move(values)});
  }
  if (terms.empty() || terms.size() > kMaxKeyConditionTerms) {
    throw validation_error("Conditions can be of length 1 or 2 only");
  }
  return terms;
}

namespace {

// DynamoDB Local validateAttributeUpdates; dynalite validations/updateItem.js.
void check_attribute_update(const std::string& action, const std::optional<AttributeValue>& value) {
  if (!value && action != "DELETE") {
    throw validation_error(std::string(kInvalidParameterValues) +
                           "Only DELETE action is allowed when no attribute value is specified");
  }
  if (value && action == "DELETE" && !value->is_set()) {
    throw validation_error(std::string(kInvalidParameterValues) +
                           "DELETE action with value is not supported for the type " +
                           type_name(value->type));
  }
  if (value && action == "ADD" && !value->is_set() && value->type != ValueType::N &&
      value->type != ValueType::L) {
    throw validation_error(std::string(kInvalidParameterValues) +
                           "ADD action is not supported for the type " + type_name(value->type));
  }
}

// ADD of a list appends to the attribute's list (creating it):
// SET name = list_append(if_not_exists(name, []), value).
Operand list_add_operand(const std::string& name, AttributeValue value) {
  AttributeValue empty;
  empty.type = ValueType::L;
  Operand existing;
  existing.kind = Operand::Kind::kFunction;
  existing.function = "if_not_exists";
  existing.args = {path_operand(name), value_operand(std::move(empty))};
  Operand append;
  append.kind = Operand::Kind::kFunction;
  append.function = "list_append";
  append.args = {std::move(existing), value_operand(std::move(value))};
  return append;
}

Update::Actions::Action update_action(const std::string& name, const std::string& action,
                                      std::optional<AttributeValue> value) {
  using Kind = parsed::UpdateAction::Kind;
  check_attribute_update(action, value);
  Update::Actions::Action a;
  a.path = {PathElement{name, -1}};
  if (action == "PUT") {
    a.kind = Kind::kSet;
    a.value = value_operand(std::move(*value));
  } else if (action == "DELETE") {
    a.kind = value ? Kind::kDelete : Kind::kRemove;
    if (value) a.value = value_operand(std::move(*value));
  } else if (value->type == ValueType::L) {
    a.kind = Kind::kSet;
    a.value = list_add_operand(name, std::move(*value));
  } else {
    a.kind = Kind::kAdd;
    a.value = value_operand(std::move(*value));
  }
  return a;
}

}  // namespace

std::optional<Update> legacy_attribute_updates(const std::optional<AttributeUpdateMap>& updates) {
  if (!updates || updates->empty()) return std::nullopt;
  auto actions = std::make_unique<Update::Actions>();
  for (const auto& [key, update] : *updates) {
    const std::string& name = checked_attribute_name(key);
    // DynamoDB Local NULL_ATTRIBUTE_UPDATE_VALUE.
    if (!update) {
      throw validation_error(
          "Supplied AttributeValueUpdate is empty, must contain one of the supported actions: " +
          name + " is null");
    }
    const std::string action = update->action ? std::string(update->action->text()) : "PUT";
    auto a = update_action(name, action, update->value);
    actions->targets.push_back(a.path);
    actions->actions.push_back(std::move(a));
  }
  return Update::from_actions(std::move(actions));
}

}  // namespace dynamini::expr
