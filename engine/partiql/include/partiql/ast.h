#pragma once

// The plain parse tree of the PartiQL subset DynamoDB accepts (SELECT,
// INSERT, UPDATE, DELETE). Parameters (`?`) are already substituted with the
// request's Parameters, so every value is an AttributeValue.

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "expressions/expressions.h"
#include "values/attribute_value.h"

namespace dynamini::partiql {

// A document path (a.b[1]) or a value.
struct Operand {
  bool is_path = false;
  expr::Path path;
  AttributeValue value;
};

struct Condition {
  enum class Kind {
    kCompare,   // op is "=", "<>", "<", "<=", ">", ">="; operands: 2
    kBetween,   // operands: subject, low, high
    kIn,        // operands: subject, candidates...
    kFunction,  // op: begins_with, contains, attribute_type, attribute_exists, attribute_not_exists
    kMissing,   // operands: path (IS MISSING); negated for IS NOT MISSING
    kAnd,
    kOr,
    kNot,
  };
  Kind kind = Kind::kCompare;
  std::string op;
  bool negated = false;  // IS NOT MISSING
  std::vector<Operand> operands;
  std::vector<Condition> children;  // kAnd, kOr (2), kNot (1)
};

// One SET action: path = a [+|- b].
struct SetAction {
  expr::Path path;
  Operand first;
  char op = 0;  // 0, '+' or '-'
  Operand second;
};

struct Select {
  std::vector<expr::Path> projection;  // empty: SELECT *
  std::string table;
  std::optional<std::string> index;
  std::optional<Condition> where;
};

struct Insert {
  std::string table;
  Item item;
};

struct Update {
  std::string table;
  std::vector<SetAction> sets;
  std::vector<expr::Path> removes;
  std::optional<Condition> where;
};

struct Delete {
  std::string table;
  std::optional<Condition> where;
};

using Statement = std::variant<Select, Insert, Update, Delete>;

}  // namespace dynamini::partiql
