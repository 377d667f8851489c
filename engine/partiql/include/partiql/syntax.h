#pragma once

// The PartiQL parse tree: what a statement says, before DynamoDB gives it a
// meaning (partiql/ast.h). Shaped after the parser DynamoDB runs
// (partiql-lang-kotlin's SqlParser): a statement is a few clauses around
// general expressions, and an expression is a tree of the forms below.
// Nothing here knows DynamoDB's functions, types or keys; the binder
// (partiql/parser.h) does.

#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

namespace dynamini::partiql::syntax {

// Where a token starts (1-based line and column, counted in characters) and
// how many characters it spans: DynamoDB quotes it as "at line:column:length".
struct SourceSpan {
  int line = 0;
  int column = 0;
  int length = 0;
};

struct Expr;

// One step after a path's root: .name, ."name", [expression], [*] or .*.
struct PathStep {
  enum class Kind { kName, kIndex, kWildcard, kUnpivot };
  Kind kind = Kind::kName;
  std::string name;         // kName
  bool quoted = false;      // kName written "name"
  std::vector<Expr> index;  // kIndex: the bracketed expression (one)
  SourceSpan span;
};

struct Expr {
  enum class Kind {
    kIdentifier,  // text: the name; quoted: written "name"
    kPath,        // children[0] the root, steps after it
    kLiteral,     // literal: which; text: a number or string as written/unescaped
    kParameter,   // ?: parameter, 0-based in statement order
    kList,        // [a, b] or (a, b)
    kBag,         // <<a, b>>
    kStruct,      // {k: v, ...}: children are key, value, key, value...
    kCall,        // text: function name, lower case; children: arguments
    kUnary,       // text: "not", "-" or "+"; children[0]
    kBinary,      // text: "=", "<>", "<", "<=", ">", ">=", "and", "or", "+", "-",
                  // "*", "/", "%", "||", "in", "like"; negated for NOT IN / NOT LIKE
    kBetween,     // children: subject, low, high; negated for NOT BETWEEN
    kIsType,      // children[0] IS [NOT] text (canonical type name)
  };
  enum class Literal { kNone, kString, kNumber, kTrue, kFalse, kNull, kMissing };

  Kind kind = Kind::kLiteral;
  Literal literal = Literal::kNone;
  std::string text;
  bool quoted = false;
  bool negated = false;
  int parameter = -1;
  std::vector<Expr> children;
  std::vector<PathStep> steps;
  SourceSpan span;  // the expression's first token
};

// FROM "table" or "table"."index", with whatever alias followed it (DynamoDB
// refuses aliases, but only once the statement parsed).
struct Source {
  Expr path;
  bool aliased = false;
};

// RETURNING <mapping> <column>, ...
struct Returning {
  enum class Mapping { kAllOld, kModifiedOld, kAllNew, kModifiedNew };
  struct Element {
    Mapping mapping = Mapping::kAllOld;
    bool wildcard = true;  // "*"; otherwise a column expression was given
  };
  std::vector<Element> elements;
};

struct SelectItem {
  Expr expr;
  bool aliased = false;  // expr AS name
};

struct OrderItem {
  Expr key;
  bool descending = false;
};

struct Select {
  bool star = false;   // SELECT *
  bool value = false;  // SELECT VALUE expr (projection holds the expression)
  bool distinct = false;
  std::vector<SelectItem> projection;
  Source from;
  std::optional<Expr> where;
  std::vector<OrderItem> order_by;
};

// One SET, REMOVE or INSERT INTO of an UPDATE / FROM-first statement.
struct DmlOp {
  enum class Kind { kSet, kRemove, kInsert };
  Kind kind = Kind::kSet;
  std::vector<std::pair<Expr, Expr>> assignments;  // kSet: target = value
  Expr target;                                     // kRemove, kInsert
};

struct Update {
  Source target;
  std::vector<DmlOp> ops;
  std::optional<Expr> where;
  std::optional<Returning> returning;
};

struct Delete {
  Source target;
  std::optional<Expr> where;
  std::optional<Returning> returning;
};

struct Insert {
  Source target;
  Expr value;
  bool value_keyword = true;  // INSERT INTO t VALUE v (false: INSERT INTO t <bag>)
  bool at = false;            // ... AT position
  std::optional<Returning> returning;
};

// EXISTS(SELECT ...): a condition check in ExecuteTransaction.
struct Exists {
  Select select;
  SourceSpan span;
};

// A statement that parsed as a bare expression (DynamoDB refuses it as an
// unsupported operation).
struct Expression {
  Expr expr;
};

using Statement = std::variant<Select, Insert, Update, Delete, Exists, Expression>;

}  // namespace dynamini::partiql::syntax
