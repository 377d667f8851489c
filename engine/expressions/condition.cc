// ConditionExpression / FilterExpression: validation and evaluation.

#include <algorithm>

#include "dynamini/api_error.h"
#include "expressions/condition_node.h"
#include "expressions/document.h"
#include "expressions/syntax_cache.h"
#include "values/base64.h"

namespace dynamini::expr {
namespace {

using Node = Condition::Node;

// Every function of the condition grammar and its operand count.
int condition_function_arity(const std::string& name) {
  if (name == "attribute_exists" || name == "attribute_not_exists" || name == "size") return 1;
  if (name == "attribute_type" || name == "begins_with" || name == "contains") return 2;
  return -1;
}

bool same_path(const Path& a, const Path& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].index != b[i].index || a[i].name != b[i].name) return false;
  }
  return true;
}

// The type an operand is known to have before evaluation ("" when unknown).
std::string static_type(const Operand& op) {
  if (op.kind == Operand::Kind::kValue) return type_name(op.value.type);
  if (op.kind == Operand::Kind::kFunction && op.function == "size") return "N";
  return "";
}

std::string render_bound(const AttributeValue& v) {
  std::string text = v.type == ValueType::B ? base64_encode(v.scalar) : v.scalar;
  return std::string("AttributeValue: {") + type_name(v.type) + ":" + text + "}";
}

// Validation of one resolved tree. Messages recorded from DynamoDB (dynalite
// db/conditionParser.pegjs and test/*.js); each category keeps its first
// message and they are reported in DynamoDB's order.
class ConditionChecker {
 public:
  std::string unknown_function, misused_function, operand_count, distinct, function_type;

  void check_root(const Node& node) {
    check_misused_size(node);
    check(node);
  }

 private:
  void check(const Node& node) {
    switch (node.kind) {
      case Node::Kind::kOr:
      case Node::Kind::kAnd:
      case Node::Kind::kNot:
        for (const auto& child : node.children) {
          check_misused_size(child);
          check(child);
        }
        break;
      case Node::Kind::kCompare:
        check_misused_function(node.operands);
        check_operands(node.operands);
        check_distinct(node.op, node.operands);
        if (node.op != "=" && node.op != "<>") {
          for (const auto& op : node.operands) check_orderable(op, node.op);
        }
        break;
      case Node::Kind::kBetween:
        check_misused_function(node.operands);
        check_operands(node.operands);
        check_orderable(node.operands[1], "BETWEEN");
        check_orderable(node.operands[2], "BETWEEN");
        check_between(node.operands[1], node.operands[2]);
        break;
      case Node::Kind::kIn:
        check_misused_function(node.operands);
        check_operands(node.operands);
        if (node.operands.size() - 1 > 100 && function_type.empty()) {
          function_type =
              "The IN operator is provided with too many operands; number of operands: " +
              std::to_string(node.operands.size() - 1);
        }
        break;
      case Node::Kind::kFunction:
        check_operand(node.operands[0]);
        break;
    }
  }

  // size() alone is not a condition.
  void check_misused_size(const Node& node) {
    if (node.kind == Node::Kind::kFunction && node.operands[0].function == "size") {
      misused(node.operands[0].function);
    }
  }

  // Only size() may be an operand of a comparison or function.
  void check_misused_function(const std::vector<Operand>& operands) {
    for (const auto& op : operands) {
      if (op.kind == Operand::Kind::kFunction && op.function != "size") {
        misused(op.function);
        return;
      }
    }
  }

  void misused(const std::string& name) {
    if (misused_function.empty()) {
      misused_function =
          "The function is not allowed to be used this way in an expression; function: " + name;
    }
  }

  void check_operands(const std::vector<Operand>& operands) {
    for (const auto& op : operands) check_operand(op);
  }

  void check_operand(const Operand& op) {
    if (op.kind != Operand::Kind::kFunction) return;
    check_misused_function(op.args);
    check_function(op.function, op.args);
    check_operands(op.args);
  }

  void check_distinct(const std::string& op, const std::vector<Operand>& operands) {
    if (operands.size() != 2 || !distinct.empty()) return;
    if (operands[0].kind != Operand::Kind::kPath || operands[1].kind != Operand::Kind::kPath)
      return;
    if (!same_path(operands[0].path, operands[1].path)) return;
    distinct =
        "The first operand must be distinct from the remaining operands for this operator or "
        "function; operator: " +
        op + ", first operand: " + path_list_string(operands[0].path);
  }

  void check_function(const std::string& name, const std::vector<Operand>& args) {
    int arity = condition_function_arity(name);
    if (arity < 0) {
      if (unknown_function.empty()) {
        unknown_function =
            name == "if_not_exists" || name == "list_append"
                ? "The function is not allowed in a condition expression; function: " + name
                : "Invalid function name; function: " + name;
      }
      return;
    }
    if (static_cast<int>(args.size()) != arity) {
      if (operand_count.empty()) {
        operand_count =
            "Incorrect number of operands for operator or function; operator or function: " + name +
            ", number of operands: " + std::to_string(args.size());
      }
      return;
    }
    check_distinct(name, args);
    if (!function_type.empty()) return;
    auto bad_type = [&](const std::string& type) {
      function_type =
          "Incorrect operand type for operator or function; operator or function: " + name +
          ", operand type: " + type;
    };
    if (name == "attribute_exists" || name == "attribute_not_exists") {
      if (args[0].kind != Operand::Kind::kPath) {
        function_type =
            "Operator or function requires a document path; operator or function: " + name;
      }
    } else if (name == "begins_with") {
      for (const auto& arg : args) {
        std::string type = static_type(arg);
        if (!type.empty() && type != "S" && type != "B") return bad_type(type);
      }
    } else if (name == "attribute_type") {
      std::string type = static_type(args[1]);
      if (type != "S") return bad_type(type.empty() ? "{NS,SS,L,BS,N,M,B,BOOL,NULL,S}" : type);
      static const char* const kTypes[] = {"S",    "N", "B",  "NULL", "SS",
                                           "BOOL", "L", "BS", "NS",   "M"};
      const std::string& wanted = args[1].value.scalar;
      if (std::none_of(std::begin(kTypes), std::end(kTypes),
                       [&](const char* t) { return wanted == t; })) {
        function_type = "Invalid attribute type name found; type: " + wanted +
                        ", valid types: {B,NULL,SS,BOOL,L,BS,N,NS,S,M}";
      }
    } else if (name == "size") {
      std::string type = static_type(args[0]);
      if (type == "N" || type == "BOOL" || type == "NULL") return bad_type(type);
    }
  }

  // Ordering has no meaning for BOOL, NULL, lists, maps and sets: a literal
  // of those types beside <, <=, >, >= or BETWEEN is refused before anything
  // is read (scylladb test/alternator/test_condition_expression.py,
  // test_update_condition_lt and the others, run against DynamoDB: ":oldval"
  // a list is a ValidationException, while an item attribute of such a type
  // only makes the comparison false). The text is the one DynamoDB's PartiQL
  // reports for the same refusal (partiql/bind_conditions.cc).
  void check_orderable(const Operand& op, const std::string& name) {
    if (!function_type.empty() || op.kind != Operand::Kind::kValue) return;
    const ValueType t = op.value.type;
    if (t == ValueType::S || t == ValueType::N || t == ValueType::B) return;
    function_type =
        "Incorrect operand type for operator or function; operator or function: " + name +
        ", operand type: " + type_name(t);
  }

  void check_between(const Operand& low, const Operand& high) {
    if (!function_type.empty()) return;
    if (low.kind != Operand::Kind::kValue || high.kind != Operand::Kind::kValue) return;
    if (low.value.type != high.value.type) {
      function_type =
          "The BETWEEN operator requires same data type for lower and upper bounds; lower bound "
          "operand: " +
          render_bound(low.value) + ", upper bound operand: " + render_bound(high.value);
      return;
    }
    auto order = compare_scalars(low.value, high.value);
    if (order && *order > 0) {
      function_type =
          "The BETWEEN operator requires upper bound to be greater than or equal to lower bound; "
          "lower bound operand: " +
          render_bound(low.value) + ", upper bound operand: " + render_bound(high.value);
    }
  }
};

Node resolve_node(const parsed::Condition& parsed, Resolver& resolver) {
  Node node;
  switch (parsed.kind) {
    case parsed::Condition::Kind::kOr:
      node.kind = Node::Kind::kOr;
      break;
    case parsed::Condition::Kind::kAnd:
      node.kind = Node::Kind::kAnd;
      break;
    case parsed::Condition::Kind::kNot:
      node.kind = Node::Kind::kNot;
      break;
    case parsed::Condition::Kind::kCompare:
      node.kind = Node::Kind::kCompare;
      break;
    case parsed::Condition::Kind::kBetween:
      node.kind = Node::Kind::kBetween;
      break;
    case parsed::Condition::Kind::kIn:
      node.kind = Node::Kind::kIn;
      break;
    case parsed::Condition::Kind::kFunction:
      node.kind = Node::Kind::kFunction;
      break;
  }
  node.op = parsed.op;
  for (const auto& child : parsed.children) node.children.push_back(resolve_node(child, resolver));
  for (const auto& op : parsed.operands) node.operands.push_back(resolver.operand(op));
  return node;
}

// ---- Evaluation ------------------------------------------------------------

int64_t size_of(const AttributeValue& v, bool* ok) {
  *ok = true;
  switch (v.type) {
    case ValueType::S:
    case ValueType::B:
      return static_cast<int64_t>(v.scalar.size());
    case ValueType::SS:
    case ValueType::NS:
    case ValueType::BS:
      return static_cast<int64_t>(v.set.size());
    case ValueType::L:
      return static_cast<int64_t>(v.list.size());
    case ValueType::M:
      return static_cast<int64_t>(v.map.size());
    default:
      *ok = false;
      return 0;
  }
}

// The operand's value (nullptr when it has none: a missing attribute, or
// size() of something without a size). `scratch` holds computed values.
const AttributeValue* operand_value(const Operand& op, const Item* item, AttributeValue& scratch) {
  switch (op.kind) {
    case Operand::Kind::kPath:
      return find_path(item, op.path);
    case Operand::Kind::kValue:
      return &op.value;
    case Operand::Kind::kFunction: {
      if (op.function != "size") return nullptr;
      AttributeValue inner_scratch;
      const AttributeValue* inner = operand_value(op.args[0], item, inner_scratch);
      if (!inner) return nullptr;
      bool ok = false;
      int64_t size = size_of(*inner, &ok);
      if (!ok) return nullptr;
      scratch = AttributeValue::number(Number::from_int(size));
      return &scratch;
    }
    default:
      return nullptr;
  }
}

bool set_has(const AttributeValue& set, const AttributeValue& member) {
  return std::find(set.set.begin(), set.set.end(), member.scalar) != set.set.end();
}

bool evaluate_function(const Operand& fn, const Item* item) {
  AttributeValue s0, s1;
  const AttributeValue* a = operand_value(fn.args[0], item, s0);
  if (fn.function == "attribute_exists") return a != nullptr;
  if (fn.function == "attribute_not_exists") return a == nullptr;
  const AttributeValue* b = operand_value(fn.args[1], item, s1);
  if (!a || !b) return false;
  if (fn.function == "attribute_type") {
    return b->type == ValueType::S && b->scalar == type_name(a->type);
  }
  if (fn.function == "begins_with") {
    if (a->type != b->type || (a->type != ValueType::S && a->type != ValueType::B)) return false;
    return a->scalar.compare(0, b->scalar.size(), b->scalar) == 0;
  }
  if (fn.function == "contains") {
    switch (a->type) {
      case ValueType::S:
        return b->type == ValueType::S && a->scalar.find(b->scalar) != std::string::npos;
      // Binary: a subsequence of the target's bytes (API reference, Condition
      // CONTAINS: "looks for a subsequence of the target that matches the input").
      case ValueType::B:
        return b->type == ValueType::B && a->scalar.find(b->scalar) != std::string::npos;
      case ValueType::SS:
        return b->type == ValueType::S && set_has(*a, *b);
      case ValueType::NS:
        return b->type == ValueType::N && set_has(*a, *b);
      case ValueType::BS:
        return b->type == ValueType::B && set_has(*a, *b);
      case ValueType::L:
        return std::any_of(a->list.begin(), a->list.end(),
                           [&](const AttributeValue& e) { return e == *b; });
      default:
        return false;
    }
  }
  return false;
}

bool evaluate_node(const Node& node, const Item* item) {
  switch (node.kind) {
    case Node::Kind::kOr:
      return evaluate_node(node.children[0], item) || evaluate_node(node.children[1], item);
    case Node::Kind::kAnd:
      return evaluate_node(node.children[0], item) && evaluate_node(node.children[1], item);
    case Node::Kind::kNot:
      return !evaluate_node(node.children[0], item);
    case Node::Kind::kCompare: {
      AttributeValue s0, s1;
      const AttributeValue* a = operand_value(node.operands[0], item, s0);
      const AttributeValue* b = operand_value(node.operands[1], item, s1);
      bool equal = a && b && *a == *b;
      if (node.op == "=") return equal;
      // A missing attribute is "not equal" to any value.
      if (node.op == "<>") return !equal;
      if (!a || !b) return false;
      auto order = compare_scalars(*a, *b);
      if (!order) return false;
      if (node.op == "<") return *order < 0;
      if (node.op == "<=") return *order <= 0;
      if (node.op == ">") return *order > 0;
      return *order >= 0;
    }
    case Node::Kind::kBetween: {
      AttributeValue s0, s1, s2;
      const AttributeValue* v = operand_value(node.operands[0], item, s0);
      const AttributeValue* low = operand_value(node.operands[1], item, s1);
      const AttributeValue* high = operand_value(node.operands[2], item, s2);
      if (!v || !low || !high) return false;
      auto above = compare_scalars(*v, *low);
      auto below = compare_scalars(*v, *high);
      return above && below && *above >= 0 && *below <= 0;
    }
    case Node::Kind::kIn: {
      AttributeValue s0;
      const AttributeValue* v = operand_value(node.operands[0], item, s0);
      if (!v) return false;
      for (size_t i = 1; i < node.operands.size(); ++i) {
        AttributeValue si;
        const AttributeValue* candidate = operand_value(node.operands[i], item, si);
        if (candidate && *candidate == *v) return true;
      }
      return false;
    }
    case Node::Kind::kFunction:
      return evaluate_function(node.operands[0], item);
  }
  return false;
}

}  // namespace

namespace {

bool holds_undefined_value(const std::vector<Operand>& operands) {
  for (const auto& operand : operands) {
    if (operand.undefined || holds_undefined_value(operand.args)) return true;
  }
  return false;
}

// The first clause, in written order, with an undefined value or a problem
// `check` finds: the problem (""), or "" when the undefined value comes first.
std::string first_clause_problem(const Node& node, ClauseCheck check, bool& stop) {
  if (node.kind == Node::Kind::kAnd || node.kind == Node::Kind::kOr ||
      node.kind == Node::Kind::kNot) {
    for (const auto& child : node.children) {
      std::string problem = first_clause_problem(child, check, stop);
      if (stop) return problem;
    }
    return "";
  }
  if (holds_undefined_value(node.operands)) {
    stop = true;
    return "";
  }
  std::string problem = check(node);
  stop = !problem.empty();
  return problem;
}

// Parses, resolves and validates; every message starts with `prefix`.
std::unique_ptr<Condition::Node> checked_condition_tree(std::string_view text,
                                                        ExpressionAttributes& attributes,
                                                        const std::string& prefix,
                                                        ClauseCheck clause_check) {
  const parsed::ConditionTree& tree = *parsed::cached_condition_syntax(text, prefix);
  Resolver resolver(attributes);
  auto root = std::make_unique<Node>(resolve_node(tree.root, resolver));
  ConditionChecker checker;
  checker.check_root(*root);
  if (clause_check && resolver.undefined_name.empty()) {
    bool stop = false;
    std::string problem = first_clause_problem(*root, clause_check, stop);
    if (!problem.empty()) resolver.undefined_first = std::move(problem);
  }
  // Order from dynalite db/conditionParser.pegjs (checkErrors,
  // checkConditionErrors).
  const std::string parens =
      tree.redundant_parens ? "The expression has redundant parentheses;" : "";
  throw_first(prefix, {&parens, &checker.unknown_function, &checker.misused_function,
                       &resolver.reserved, &resolver.too_deep, &resolver.undefined_first,
                       &checker.operand_count, &checker.distinct, &checker.function_type});
  return root;
}

}  // namespace

std::unique_ptr<Condition::Node> parse_condition_tree(std::string_view text,
                                                      ExpressionAttributes& attributes,
                                                      std::string_view parameter,
                                                      ClauseCheck clause_check) {
  const std::string prefix = "Invalid " + std::string(parameter) + ": ";
  check_expression_text(text, prefix,
                        parameter == "ConditionExpression" || parameter == "FilterExpression");
  return checked_condition_tree(text, attributes, prefix, clause_check);
}

Condition Condition::parse(std::string_view text, ExpressionAttributes& attributes,
                           std::string_view parameter) {
  return Condition(parse_condition_tree(text, attributes, parameter));
}

Condition Condition::parse_unprefixed(std::string_view text, ExpressionAttributes& attributes) {
  return Condition(checked_condition_tree(text, attributes, "", nullptr));
}

bool Condition::evaluate(const Item* item) const { return evaluate_node(*root_, item); }

namespace {
void collect_names(const Operand& op, std::set<std::string>& names) {
  if (op.kind == Operand::Kind::kPath && !op.path.empty() && op.path.front().index < 0) {
    names.insert(op.path.front().name);
  }
  for (const auto& arg : op.args) collect_names(arg, names);
}
void collect_names(const Condition::Node& node, std::set<std::string>& names) {
  for (const auto& child : node.children) collect_names(child, names);
  for (const auto& op : node.operands) collect_names(op, names);
}
void collect_paths(const Operand& op, std::vector<Path>& paths) {
  if (op.kind == Operand::Kind::kPath) paths.push_back(op.path);
  for (const auto& arg : op.args) collect_paths(arg, paths);
}
void collect_paths(const Condition::Node& node, std::vector<Path>& paths) {
  for (const auto& child : node.children) collect_paths(child, paths);
  for (const auto& op : node.operands) collect_paths(op, paths);
}
}  // namespace

std::vector<Path> Condition::paths() const {
  std::vector<Path> paths;
  collect_paths(*root_, paths);
  return paths;
}

std::set<std::string> Condition::top_level_names() const {
  std::set<std::string> names;
  collect_names(*root_, names);
  return names;
}

Condition::Condition(std::unique_ptr<Node> root) : root_(std::move(root)) {}
Condition Condition::from_node(std::unique_ptr<Node> root) { return Condition(std::move(root)); }
Condition::Condition(Condition&&) noexcept = default;
Condition& Condition::operator=(Condition&&) noexcept = default;
Condition::~Condition() = default;

}  // namespace dynamini::expr
