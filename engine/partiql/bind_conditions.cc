// WHERE clauses, as DynamoDB's PartiQL layer reads them (ddb.partiql.shared
// ExpressionParser and FilterExpressionParser, in DynamoDB Local):
// comparisons, BETWEEN, IN, AND / OR / NOT, IS [NOT] MISSING / NULL / <type>,
// the condition functions of the Developer Guide ("Use PartiQL functions with
// DynamoDB": attribute_exists, attribute_not_exists, attribute_type,
// begins_with, contains, size) and a condition compared with TRUE or FALSE.
// What the expression validator checks (operand counts, document paths,
// operand types of functions, BETWEEN bounds) is left to it: the translation
// parses the condition with expr::Condition::parse_unprefixed, whose messages
// DynamoDB's PartiQL reports bare (recorded: "Operator or function requires a
// document path; operator or function: attribute_exists").

#include "partiql/binder.h"
#include "partiql/statement_errors.h"

namespace dynamini::partiql {
namespace {

using syntax::Expr;
using Kind = Condition::Kind;

// A bound piece of a WHERE clause: a condition, or an operand of one.
struct Term {
  std::optional<Condition> condition;
  std::optional<Operand> operand;
};

Term bind_term(const Expr& e, Binding& binding);

bool is_condition_function(const std::string& name) {
  return name == "attribute_exists" || name == "attribute_not_exists" || name == "attribute_type" ||
         name == "begins_with" || name == "contains";
}

ApiError misused(const std::string& function) {
  return validation_error(
      "The function is not allowed to be used this way in an expression; function: " + function);
}

Condition negate(Condition c) {
  Condition n;
  n.kind = Kind::kNot;
  n.children.push_back(std::move(c));
  return n;
}

// A condition where AND, OR or NOT needs one; `refusal` for an operand.
Condition require_condition(Term t, const char* refusal) {
  if (t.condition) return std::move(*t.condition);
  if (t.operand && t.operand->kind == Operand::Kind::kFunction) throw misused(t.operand->function);
  throw validation_error(refusal);
}

Operand require_operand(Term t) {
  if (t.operand) return std::move(*t.operand);
  throw misused(t.condition->kind == Kind::kFunction ? t.condition->op : "=");
}

// Ordering has no meaning for BOOL, NULL, lists, maps and sets: a value of
// those types beside <, <=, >, >= or BETWEEN is refused outright (recorded
// against DynamoDB, paritysuite/dynamodb-conformance
// tests/tier2/partiql/comparison.test.ts: "Incorrect operand type for
// operator or function; operator or function: <, operand type: BOOL").
void check_orderable(const Operand& o, const std::string& op) {
  if (o.kind != Operand::Kind::kValue) return;
  const ValueType t = o.value.type;
  if (t == ValueType::S || t == ValueType::N || t == ValueType::B) return;
  throw validation_error("Incorrect operand type for operator or function; operator or function: " +
                         op + ", operand type: " + type_name(t));
}

}  // namespace

// The expression grammar cannot write a call without arguments, so the
// count is checked here, in the validator's words (recorded for PartiQL:
// "Incorrect number of operands for operator or function; operator or
// function: attribute_exists, number of operands: 0").
void check_operand_count(const syntax::Expr& call) {
  const std::string& f = call.text;
  const size_t wanted =
      f == "attribute_exists" || f == "attribute_not_exists" || f == "size" ? 1 : 2;
  if (call.children.size() == wanted) return;
  throw validation_error(
      "Incorrect number of operands for operator or function; operator or function: " + f +
      ", number of operands: " + std::to_string(call.children.size()));
}

namespace {

Term bind_call(const Expr& e, Binding& binding) {
  const bool known = is_condition_function(e.text) || e.text == "size" || e.text == "list_append" ||
                     e.text == "if_not_exists";
  // Recorded: "Unrecognized function: exists at 1:40:6" for EXISTS(ss).
  if (!known) throw located_error("Unrecognized function: " + e.text, e.span);
  check_operand_count(e);
  std::vector<Operand> arguments;
  for (const auto& a : e.children) arguments.push_back(require_operand(bind_term(a, binding)));
  Term t;
  if (is_condition_function(e.text)) {
    t.condition = Condition{Kind::kFunction, e.text, std::move(arguments), {}};
  } else {
    t.operand = Operand{Operand::Kind::kFunction, {}, {}, e.text, std::move(arguments)};
  }
  return t;
}

// `a <op> b`; a condition on either side is compared as a boolean
// (partiql/boolean_comparisons.cc).
Term bind_compare(const Expr& e, Binding& binding) {
  Term left = bind_term(e.children[0], binding);
  Term right = bind_term(e.children[1], binding);
  if (left.operand && right.operand) {
    if (e.text != "=" && e.text != "<>") {
      check_orderable(*left.operand, e.text);
      check_orderable(*right.operand, e.text);
    }
    Term t;
    t.condition = Condition{Kind::kCompare, e.text, {*left.operand, *right.operand}, {}};
    return t;
  }
  const bool equality = e.text == "=" || e.text == "<>";
  if (!equality) refuse_ordering(e.text);
  Term& cond = left.condition ? left : right;
  Term& other = left.condition ? right : left;
  Condition equal = other.condition
                        ? conditions_equal(std::move(*cond.condition), std::move(*other.condition))
                        : condition_equals(std::move(*cond.condition), *other.operand);
  Term t;
  t.condition = e.text == "=" ? std::move(equal) : negate(std::move(equal));
  return t;
}

// x IN [a, b] / (a, b) / <<a, b>>.
Term bind_in(const Expr& e, Binding& binding) {
  const Expr& list = e.children[1];
  if ((list.kind != Expr::Kind::kList && list.kind != Expr::Kind::kBag) || list.children.empty()) {
    throw validation_error(
        "IN operator must have a left hand argument of type Variable Reference and right hand "
        "argument of type Seq with at least one member");
  }
  Term subject = bind_term(e.children[0], binding);
  Term t;
  if (subject.condition) {
    // A condition IN [...]: equal to one of them (recorded:
    // "attribute_exists(nope) IN [true, false]" holds).
    std::optional<Condition> any;
    for (const auto& candidate : list.children) {
      Condition equal =
          condition_equals(*subject.condition, require_operand(bind_term(candidate, binding)));
      any = any ? Condition{Kind::kOr, "", {}, {std::move(*any), std::move(equal)}}
                : std::move(equal);
    }
    t.condition = e.negated ? negate(std::move(*any)) : std::move(*any);
    return t;
  }
  Condition c{Kind::kIn, "IN", {require_operand(std::move(subject))}, {}};
  for (const auto& candidate : list.children) {
    c.operands.push_back(require_operand(bind_term(candidate, binding)));
  }
  t.condition = e.negated ? negate(std::move(c)) : std::move(c);
  return t;
}

// x IS [NOT] <type> (ExpressionParser.handleISOperator): MISSING is
// attribute_not_exists, NULL an equality with NULL, the others attribute_type.
Term bind_is(const Expr& e, Binding& binding) {
  const Expr& subject = e.children[0];
  if (subject.kind != Expr::Kind::kIdentifier && subject.kind != Expr::Kind::kPath &&
      subject.kind != Expr::Kind::kLiteral) {
    throw validation_error(
        "The left hand side argument to IS must be a Variable Reference, Literal, or Path");
  }
  Operand operand = require_operand(bind_term(subject, binding));
  static const std::pair<const char*, const char*> kTypes[] = {
      {"boolean", "BOOL"}, {"numeric", "N"}, {"string", "S"}, {"blob", "B"},
      {"struct", "M"},     {"tuple", "M"},   {"list", "L"}};
  Condition c;
  if (e.text == "missing") {
    c = Condition{Kind::kFunction, "attribute_not_exists", {std::move(operand)}, {}};
  } else if (e.text == "null") {
    Operand null_value{Operand::Kind::kValue, {}, AttributeValue::null(), {}, {}};
    c = Condition{Kind::kCompare, "=", {std::move(operand), std::move(null_value)}, {}};
  } else {
    const char* dynamodb_type = nullptr;
    for (const auto& [name, type] : kTypes) {
      if (e.text == name) dynamodb_type = type;
    }
    if (!dynamodb_type) {
      std::string upper = e.text;
      for (auto& ch : upper) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
      throw validation_error("Unsupported data type for IS operator: " + upper +
                             ". Supported data types are [MISSING, NULL, BOOLEAN, BLOB, STRING, "
                             "NUMERIC, STRUCT, TUPLE, LIST]");
    }
    Operand type{Operand::Kind::kValue, {}, AttributeValue::string(dynamodb_type), {}, {}};
    c = Condition{Kind::kFunction, "attribute_type", {std::move(operand), std::move(type)}, {}};
  }
  Term t;
  t.condition = e.negated ? negate(std::move(c)) : std::move(c);
  return t;
}

Term bind_binary(const Expr& e, Binding& binding) {
  Term t;
  if (e.text == "and" || e.text == "or") {
    const char* refusal = "The arguments to AND/OR must be Expressions";
    Condition c;
    c.kind = e.text == "and" ? Kind::kAnd : Kind::kOr;
    c.children.push_back(require_condition(bind_term(e.children[0], binding), refusal));
    c.children.push_back(require_condition(bind_term(e.children[1], binding), refusal));
    t.condition = std::move(c);
    return t;
  }
  if (e.text == "in") return bind_in(e, binding);
  static const char* const kComparisons[] = {"=", "<>", "<", "<=", ">", ">="};
  for (const char* op : kComparisons) {
    if (e.text == op) return bind_compare(e, binding);
  }
  throw validation_error("Unsupported operator in Condition Expression. Operator: " + e.text);
}

Term bind_between(const Expr& e, Binding& binding) {
  Condition c{Kind::kBetween, "BETWEEN", {}, {}};
  for (const auto& child : e.children) {
    Term term = bind_term(child, binding);
    if (term.condition) refuse_ordering("BETWEEN");  // a condition's truth is a BOOL
    c.operands.push_back(require_operand(std::move(term)));
  }
  for (size_t i = 1; i < c.operands.size(); ++i) check_orderable(c.operands[i], "BETWEEN");
  Term t;
  t.condition = e.negated ? negate(std::move(c)) : std::move(c);
  return t;
}

Term bind_term(const Expr& e, Binding& binding) {
  Term t;
  switch (e.kind) {
    case Expr::Kind::kIdentifier:
    case Expr::Kind::kPath:
      t.operand = Operand{Operand::Kind::kPath, bind_path(e), {}, {}, {}};
      return t;
    case Expr::Kind::kLiteral:
      if (e.literal == Expr::Literal::kMissing) {
        throw validation_error("MISSING must be compared using IS operator");
      }
      [[fallthrough]];
    case Expr::Kind::kParameter:
    case Expr::Kind::kList:
    case Expr::Kind::kBag:
    case Expr::Kind::kStruct:
      t.operand = Operand{Operand::Kind::kValue, {}, bind_value(e, "root", binding), {}, {}};
      return t;
    case Expr::Kind::kCall:
      return bind_call(e, binding);
    case Expr::Kind::kUnary:
      if (e.text != "not") {
        throw validation_error("Unsupported operator in Condition Expression. Operator: " + e.text);
      }
      t.condition = negate(require_condition(bind_term(e.children[0], binding),
                                             "The argument to NOT must be a Type or Expression"));
      return t;
    case Expr::Kind::kBinary:
      return bind_binary(e, binding);
    case Expr::Kind::kBetween:
      return bind_between(e, binding);
    case Expr::Kind::kIsType:
      return bind_is(e, binding);
  }
  return t;
}

}  // namespace

Condition bind_where(const syntax::Expr& e, Binding& binding) {
  Term t = bind_term(e, binding);
  if (!t.condition) {
    throw validation_error("WHERE clause must contain an expression that resolves to a boolean");
  }
  return std::move(*t.condition);
}

Operand bind_operand(const syntax::Expr& e, bool in_update, Binding& binding) {
  if (!in_update) return require_operand(bind_term(e, binding));
  if (e.kind == Expr::Kind::kIsType) {
    throw validation_error("IS operator is not supported in update expressions");
  }
  if (e.kind == Expr::Kind::kCall) {
    static const char* const kKnown[] = {
        "list_append",      "if_not_exists",       "size",
        "contains",         "begins_with",         "attribute_type",
        "attribute_exists", "attribute_not_exists"};
    bool known = false;
    for (const char* name : kKnown) known |= e.text == name;
    if (!known) throw located_error("Unrecognized function: " + e.text, e.span);
    check_operand_count(e);
    Operand f{Operand::Kind::kFunction, {}, {}, e.text, {}};
    for (const auto& a : e.children) f.arguments.push_back(bind_operand(a, true, binding));
    return f;
  }
  if (e.kind == Expr::Kind::kBinary && (e.text == "+" || e.text == "-")) {
    return Operand{
        Operand::Kind::kFunction,
        {},
        {},
        e.text,
        {bind_operand(e.children[0], true, binding), bind_operand(e.children[1], true, binding)}};
  }
  if (e.kind == Expr::Kind::kBinary || e.kind == Expr::Kind::kUnary ||
      e.kind == Expr::Kind::kBetween) {
    throw validation_error("Unsupported operator in Update Expression. Operator: " +
                           (e.kind == Expr::Kind::kBetween ? std::string("between") : e.text));
  }
  return require_operand(bind_term(e, binding));
}

}  // namespace dynamini::partiql
