#pragma once

// A PartiQL statement as DynamoDB understands it, before any table is read:
// SELECT, INSERT, UPDATE (written UPDATE ... or FROM ... first), DELETE, and
// EXISTS (a condition check in ExecuteTransaction). Parameters (`?`) are
// substituted, literals converted to AttributeValues, functions and operators
// checked (partiql/parser.h says where each refusal comes from). What needs
// the table (keys, indexes) is ops/partiql/partiql_translate.h's.

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "expressions/expressions.h"
#include "values/attribute_value.h"

namespace dynamini::partiql {

// An operand of a condition or an update: a document path, a value, or a
// function of them (size in conditions; list_append, if_not_exists and
// + / - in updates).
struct Operand {
  enum class Kind { kPath, kValue, kFunction };
  Kind kind = Kind::kPath;
  expr::Path path;                 // kPath
  AttributeValue value;            // kValue
  std::string function;            // kFunction: size, list_append, if_not_exists, +, -
  std::vector<Operand> arguments;  // kFunction

  bool is_path() const { return kind == Kind::kPath; }
};

struct Condition {
  enum class Kind {
    kCompare,   // op: "=", "<>", "<", "<=", ">", ">="; operands: 2
    kBetween,   // operands: subject, low, high
    kIn,        // operands: subject, candidates...
    kFunction,  // op: attribute_exists, attribute_not_exists, attribute_type, begins_with,
                // contains; operands: its arguments
    kAnd,
    kOr,
    kNot,
  };
  Kind kind = Kind::kCompare;
  std::string op;
  std::vector<Operand> operands;
  std::vector<Condition> children;  // kAnd, kOr (2), kNot (1)
};

// One action of an UPDATE: SET path = value, SET path = set_add(path, set)
// (ADD), SET path = set_delete(path, set) (DELETE), REMOVE path.
struct UpdateAction {
  enum class Kind { kSet, kAdd, kDelete, kRemove };
  Kind kind = Kind::kSet;
  expr::Path path;
  Operand value;  // kSet: any operand; kAdd, kDelete: the set value
};

// RETURNING (Developer Guide, "PartiQL update statements": ALL OLD *,
// MODIFIED OLD *, ALL NEW *, MODIFIED NEW *; DELETE takes ALL OLD * only).
enum class Returning { kNone, kAllOld, kModifiedOld, kAllNew, kModifiedNew };

struct OrderKey {
  std::string attribute;
  bool descending = false;
};

struct Select {
  std::vector<expr::Path> projection;  // empty: SELECT *
  std::string table;
  std::optional<std::string> index;
  std::optional<Condition> where;
  std::vector<OrderKey> order_by;
};

struct Insert {
  std::string table;
  Item item;
};

struct Update {
  std::string table;
  std::vector<UpdateAction> actions;  // in statement order
  std::optional<Condition> where;
  Returning returning = Returning::kNone;
};

struct Delete {
  std::string table;
  std::optional<Condition> where;
  Returning returning = Returning::kNone;
};

// EXISTS(SELECT ... WHERE <full key> AND <condition>): ExecuteTransaction's
// condition check (Developer Guide, "Using the EXISTS function with PartiQL").
struct Exists {
  Select select;
};

using Statement = std::variant<Select, Insert, Update, Delete, Exists>;

}  // namespace dynamini::partiql
