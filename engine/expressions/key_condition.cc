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
        throw validation_error("KeyConditionExpressions must only contain one condition per key");
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
  std::unique_ptr<Node> root = parse_condition_tree(text, attributes, "KeyConditionExpression");
  Converter converter;
  converter.convert(*root);
  if (converter.terms.size() > kMaxKeyConditionTerms) {
    throw validation_error("Conditions can be of length 1 or 2 only");
  }
  return std::move(converter.terms);
}

}  // namespace dynamini::expr
