#pragma once

// Plain syntax trees produced by the parser, before #name/:value substitution.

#include <string>
#include <vector>

namespace dynamini::expr::parsed {

struct PathStep {
  enum class Kind { kName, kAlias, kIndex };
  Kind kind = Kind::kName;
  std::string text;  // identifier or "#alias"
  int index = -1;    // kIndex
};

struct Path {
  std::vector<PathStep> steps;
};

struct Operand {
  enum class Kind { kPath, kValue, kFunction, kPlus, kMinus };
  Kind kind = Kind::kPath;
  Path path;                  // kPath
  std::string placeholder;    // kValue, ":v"
  std::string function;       // kFunction, name as written
  std::vector<Operand> args;  // kFunction arguments; kPlus/kMinus: the two sides
};

struct Condition {
  enum class Kind { kOr, kAnd, kNot, kCompare, kBetween, kIn, kFunction };
  Kind kind = Kind::kCompare;
  std::string op;                   // kCompare: "=", "<>", "<", "<=", ">", ">="
  std::vector<Condition> children;  // kOr/kAnd: two, kNot: one
  std::vector<Operand> operands;    // kCompare: 2, kBetween: 3, kIn: 1 + n, kFunction: 1
  bool parenthesized = false;       // written as "( condition )"
};

struct ConditionTree {
  Condition root;
  bool redundant_parens = false;  // "((...))" somewhere
};

struct UpdateAction {
  enum class Kind { kSet, kRemove, kAdd, kDelete };
  Kind kind = Kind::kSet;
  Path path;
  Operand value;  // kSet: the value; kAdd/kDelete: a kValue operand
};

struct UpdateTree {
  std::vector<UpdateAction> actions;  // in source order
  std::string repeated_section;       // "SET" when a section keyword appears twice
};

// Parsers: throw ApiError(ValidationException) "<prefix>Syntax error; ..." on
// syntax errors. `prefix` is e.g. "Invalid ConditionExpression: ".
ConditionTree parse_condition_syntax(std::string_view text, const std::string& prefix);
UpdateTree parse_update_syntax(std::string_view text, const std::string& prefix);
std::vector<Path> parse_projection_syntax(std::string_view text, const std::string& prefix);

}  // namespace dynamini::expr::parsed
