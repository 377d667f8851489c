// KeyConditionExpression: the condition grammar restricted to key terms.
// Messages recorded from DynamoDB (dynalite test/query.js,
// validations/query.js convertKeyCondition).

#include <map>

#include "dynamini/api_error.h"
#include "expressions/condition_node.h"

namespace dynamini::expr {
namespace {

using Node = Condition::Node;

ApiError invalid_operator(const std::string& op) {
  return validation_error("Invalid operator used in KeyConditionExpression: " + op);
}

KeyConditionTerm::Op term_op(const std::string& op, bool flipped) {
  if (op == "=") return KeyConditionTerm::Op::kEq;
  if (op == "<") return flipped ? KeyConditionTerm::Op::kGt : KeyConditionTerm::Op::kLt;
  if (op == "<=") return flipped ? KeyConditionTerm::Op::kGe : KeyConditionTerm::Op::kLe;
  if (op == ">") return flipped ? KeyConditionTerm::Op::kLt : KeyConditionTerm::Op::kGt;
  return flipped ? KeyConditionTerm::Op::kLe : KeyConditionTerm::Op::kGe;
}

bool key_typed(const AttributeValue& v) {
  return v.type == ValueType::S || v.type == ValueType::N || v.type == ValueType::B;
}

std::string operand_problem(const std::string& op, const AttributeValue& v) {
  return "Incorrect operand type for operator or function; operator or function: " + op +
         ", operand type: " + type_name(v.type);
}

// An operand no key type could satisfy for its operator: begins_with takes a
// string or a binary, an ordering comparison and BETWEEN a string, a number or
// a binary. Reported as an expression error, in the order the clauses are
// written, before the table is looked up; an operand of a key type that is not
// the attribute's fails the schema check later (paritysuite/
// dynamodb-conformance tests/tier3/error-messages/
// queryKeyConditionOperands.test.ts and tests/tier3/validation-ordering/
// queryKeyCondition.test.ts, eu-west-2, October 2026).
std::string key_operand_problem(const Node& clause) {
  if (clause.kind == Node::Kind::kFunction) {
    const Operand& fn = clause.operands[0];
    if (fn.function != "begins_with") return "";
    for (const auto& arg : fn.args) {
      if (arg.kind != Operand::Kind::kValue) continue;
      if (arg.value.type != ValueType::S && arg.value.type != ValueType::B) {
        return operand_problem("begins_with", arg.value);
      }
    }
    return "";
  }
  const bool ordering =
      clause.kind == Node::Kind::kBetween ||
      (clause.kind == Node::Kind::kCompare && clause.op != "=" && clause.op != "<>");
  if (!ordering) return "";
  for (const auto& operand : clause.operands) {
    if (operand.kind == Operand::Kind::kValue && !key_typed(operand.value)) {
      return operand_problem(clause.kind == Node::Kind::kBetween ? "BETWEEN" : clause.op,
                             operand.value);
    }
  }
  return "";
}

class Converter {
 public:
  std::vector<KeyConditionTerm> terms;

  void convert(const Node& node) {
    switch (node.kind) {
      case Node::Kind::kOr:
        throw invalid_operator("OR");
      case Node::Kind::kNot:
        throw invalid_operator("NOT");
      case Node::Kind::kIn:
        throw invalid_operator("IN");
      case Node::Kind::kAnd:
        for (const auto& child : node.children) convert(child);
        return;
      case Node::Kind::kCompare:
        if (node.op == "<>") throw invalid_operator("<>");
        term(node.operands, node.op == "=" ? "=" : node.op, KeyConditionTerm::Op::kEq);
        return;
      case Node::Kind::kBetween:
        if (node.operands[0].kind != Operand::Kind::kPath) {
          throw validation_error(
              "Invalid condition in KeyConditionExpression: BETWEEN operator must have the key "
              "attribute as its first operand");
        }
        term(node.operands, "", KeyConditionTerm::Op::kBetween);
        return;
      case Node::Kind::kFunction:
        function(node.operands[0]);
        return;
    }
  }

 private:
  void function(const Operand& fn) {
    if (fn.function == "size") {
      throw validation_error("KeyConditionExpressions cannot contain nested operations");
    }
    if (fn.function != "begins_with") throw invalid_operator(fn.function);
    if (fn.args[0].kind != Operand::Kind::kPath) {
      throw validation_error(
          "Invalid condition in KeyConditionExpression: begins_with operator must have the key "
          "attribute as its first operand");
    }
    term(fn.args, "", KeyConditionTerm::Op::kBeginsWith);
  }

  // `comparison` is the operator for comparisons ("" otherwise; then `op`).
  void term(const std::vector<Operand>& operands, const std::string& comparison,
            KeyConditionTerm::Op op) {
    std::string attribute;
    size_t attribute_index = 0;
    bool found = false;
    std::vector<AttributeValue> values;
    for (size_t i = 0; i < operands.size(); ++i) {
      const Operand& operand = operands[i];
      if (operand.kind == Operand::Kind::kPath) {
        if (found) {
          throw validation_error(
              "Invalid condition in KeyConditionExpression: Multiple attribute names used in one "
              "condition");
        }
        if (operand.path.size() > 1) {
          throw validation_error(
              "KeyConditionExpressions cannot have conditions on nested attributes");
        }
        attribute = operand.path[0].name;
        attribute_index = i;
        found = true;
      } else if (operand.kind == Operand::Kind::kFunction) {
        function(operand);  // size() throws "cannot contain nested operations"
      } else {
        values.push_back(operand.value);
      }
    }
    if (!found) {
      throw validation_error(
          "Invalid condition in KeyConditionExpression: No key attribute specified");
    }
    for (const auto& t : terms) {
      if (t.attribute == attribute) {
        // paritysuite/dynamodb-conformance tests/tier3/error-messages/
        // queryKeyConditionOperands.test.ts (eu-west-2, October 2026).
        throw validation_error(
            "Invalid KeyConditionExpression: KeyConditionExpressions must only contain one "
            "condition per key");
      }
    }
    KeyConditionTerm t;
    t.attribute = attribute;
    t.op = comparison.empty() ? op : term_op(comparison, attribute_index != 0);
    t.operands = std::move(values);
    terms.push_back(std::move(t));
  }
};

}  // namespace

std::vector<KeyConditionTerm> parse_key_condition(std::string_view text,
                                                  ExpressionAttributes& attributes) {
  std::unique_ptr<Node> root =
      parse_condition_tree(text, attributes, "KeyConditionExpression", key_operand_problem);
  Converter converter;
  converter.convert(*root);
  // How many conditions the key takes is checked against the table's schema,
  // after it is looked up (ops/queries/query.cc).
  return std::move(converter.terms);
}

}  // namespace dynamini::expr
