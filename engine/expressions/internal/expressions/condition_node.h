#pragma once

// The resolved condition tree, shared by Condition and the
// KeyConditionExpression parser.

#include <memory>
#include <string>
#include <vector>

#include "expressions/expressions.h"
#include "expressions/resolved.h"

namespace dynamini::expr {

struct Condition::Node {
  enum class Kind { kOr, kAnd, kNot, kCompare, kBetween, kIn, kFunction };
  Kind kind = Kind::kCompare;
  std::string op;                 // kCompare: "=", "<>", "<", "<=", ">", ">="
  std::vector<Node> children;     // kOr/kAnd: 2, kNot: 1
  std::vector<Operand> operands;  // kCompare: 2, kBetween: 3, kIn: 1 + n, kFunction: 1
};

// A check of one clause (a comparison, BETWEEN or a function call) whose
// problem DynamoDB reports in the order the clauses are written, level with an
// undefined value: the first clause with either wins. Answers the problem, or
// "" for none.
using ClauseCheck = std::string (*)(const Condition::Node& clause);

// Parses, resolves and validates a condition-grammar expression, throwing
// "Invalid <parameter>: ..." errors in DynamoDB's priority order.
std::unique_ptr<Condition::Node> parse_condition_tree(std::string_view text,
                                                      ExpressionAttributes& attributes,
                                                      std::string_view parameter,
                                                      ClauseCheck clause_check = nullptr);

}  // namespace dynamini::expr
