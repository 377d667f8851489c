// UpdateExpression: validation and application.

#include <algorithm>

#include "dynamini/api_error.h"
#include "expressions/document.h"
#include "expressions/resolved.h"
#include "expressions/syntax_cache.h"
#include "expressions/update_actions.h"
#include "values/set_order.h"

namespace dynamini::expr {

namespace {

using Kind = parsed::UpdateAction::Kind;

// Runtime messages recorded from DynamoDB (dynalite test/updateItem.js).
ApiError incorrect_type() {
  return validation_error("An operand in the update expression has an incorrect data type");
}
ApiError missing_attribute() {
  return validation_error(
      "The provided expression refers to an attribute that does not exist in the item");
}
ApiError invalid_path() {
  return validation_error(
      "The document path provided in the update expression is invalid for update");
}

bool is_condition_function(const std::string& name) {
  return name == "attribute_exists" || name == "attribute_not_exists" || name == "attribute_type" ||
         name == "begins_with" || name == "contains" || name == "size";
}

// "STRING", "NUMBER", ... as ADD/DELETE operand errors name scalar types
// (recorded against DynamoDB: floci-io/floci
// DynamoDbAddDeleteOperandIntegrationTest, STRING, BOOL, LIST and NUMBER).
const char* operand_type_word(ValueType type) {
  switch (type) {
    case ValueType::S:
      return "STRING";
    case ValueType::N:
      return "NUMBER";
    case ValueType::B:
      return "BINARY";
    case ValueType::NUL:
      return "NULL";
    case ValueType::BOOL:
      return "BOOL";
    case ValueType::L:
      return "LIST";
    case ValueType::M:
      return "MAP";
    default:
      return nullptr;  // sets
  }
}

// Validation of SET operands; each category keeps its first message
// (dynalite db/updateParser.pegjs, checkFunction).
class SetOperandChecker {
 public:
  std::string unknown_function, function;

  void check(const Operand& op) {
    if (op.kind == Operand::Kind::kPlus || op.kind == Operand::Kind::kMinus) {
      check_function(op.kind == Operand::Kind::kPlus ? "+" : "-", op.args);
    } else if (op.kind == Operand::Kind::kFunction) {
      check_function(op.function, op.args);
    } else {
      return;
    }
    for (const auto& arg : op.args) check(arg);
  }

 private:
  void check_function(const std::string& name, const std::vector<Operand>& args) {
    bool known = name == "if_not_exists" || name == "list_append" || name == "+" || name == "-";
    if (!known) {
      if (unknown_function.empty()) {
        unknown_function =
            is_condition_function(name)
                ? "The function is not allowed in an update expression; function: " + name
                : "Invalid function name; function: " + name;
      }
      return;
    }
    if (!function.empty()) return;
    if (args.size() != 2) {
      function =
          "Incorrect number of operands for operator or function; operator or function: " + name +
          ", number of operands: " + std::to_string(args.size());
      return;
    }
    if (name == "if_not_exists") {
      if (args[0].kind != Operand::Kind::kPath) {
        function = "Operator or function requires a document path; operator or function: " + name;
      }
      return;
    }
    ValueType wanted = name == "list_append" ? ValueType::L : ValueType::N;
    for (const auto& arg : args) {
      if (arg.kind == Operand::Kind::kValue && arg.value.type != wanted) {
        function =
            "Incorrect operand type for operator or function; operator or function: " + name +
            ", operand type: " + type_name(arg.value.type);
        return;
      }
    }
  }
};

AttributeValue evaluate(const Operand& op, const Item& item) {
  switch (op.kind) {
    case Operand::Kind::kValue:
      return op.value;
    case Operand::Kind::kPath: {
      const AttributeValue* v = find_path(item, op.path);
      if (!v) throw missing_attribute();
      return *v;
    }
    case Operand::Kind::kPlus:
    case Operand::Kind::kMinus: {
      AttributeValue a = evaluate(op.args[0], item);
      AttributeValue b = evaluate(op.args[1], item);
      if (a.type != ValueType::N || b.type != ValueType::N) throw incorrect_type();
      Number result = op.kind == Operand::Kind::kPlus ? a.as_number().add(b.as_number())
                                                      : a.as_number().subtract(b.as_number());
      return AttributeValue::number(result);
    }
    case Operand::Kind::kFunction: {
      if (op.function == "if_not_exists") {
        const AttributeValue* v = find_path(item, op.args[0].path);
        return v ? *v : evaluate(op.args[1], item);
      }
      // list_append
      AttributeValue a = evaluate(op.args[0], item);
      AttributeValue b = evaluate(op.args[1], item);
      if (a.type != ValueType::L || b.type != ValueType::L) throw incorrect_type();
      for (auto& e : b.list) a.list.push_back(std::move(e));
      return a;
    }
  }
  throw incorrect_type();
}

bool path_less(const Path& a, const Path& b) {
  for (size_t i = 0; i < a.size() && i < b.size(); ++i) {
    const PathElement& x = a[i];
    const PathElement& y = b[i];
    if ((x.index >= 0) != (y.index >= 0)) return x.index < 0;
    if (x.index >= 0) {
      if (x.index != y.index) return x.index < y.index;
    } else if (x.name != y.name) {
      return x.name < y.name;
    }
  }
  return a.size() < b.size();
}

void set_at(Item& item, const Path& path, AttributeValue value) {
  if (path.size() == 1) {
    item.insert_or_assign(path[0].name, std::move(value));
    return;
  }
  AttributeValue* parent = find_parent(item, path);
  if (!parent) throw invalid_path();
  const PathElement& last = path.back();
  if (last.index >= 0) {
    if (parent->type != ValueType::L) throw invalid_path();
    // SET beyond the end of a list appends.
    if (static_cast<size_t>(last.index) < parent->list.size()) {
      parent->list[last.index] = std::move(value);
    } else {
      parent->list.push_back(std::move(value));
    }
  } else {
    if (parent->type != ValueType::M) throw invalid_path();
    parent->map.insert_or_assign(last.name, std::move(value));
  }
}

// Nested paths need an existing parent of the right type.
void check_parent(Item& item, const Path& path) {
  if (path.size() == 1) return;
  AttributeValue* parent = find_parent(item, path);
  if (!parent) throw invalid_path();
  if (path.back().index >= 0 ? parent->type != ValueType::L : parent->type != ValueType::M) {
    throw invalid_path();
  }
}

void remove_at(Item& item, const Path& path) {
  if (path.size() == 1) {
    item.erase(path[0].name);
    return;
  }
  check_parent(item, path);
  AttributeValue* parent = find_parent(item, path);
  const PathElement& last = path.back();
  if (last.index >= 0) {
    if (static_cast<size_t>(last.index) < parent->list.size()) {
      parent->list.erase(parent->list.begin() + last.index);
    }
  } else {
    parent->map.erase(last.name);
  }
}

bool set_type_matches(const AttributeValue& a, const AttributeValue& b) {
  return a.type == b.type && a.is_set();
}

}  // namespace

Update Update::parse(std::string_view text, ExpressionAttributes& attributes) {
  const std::string prefix = "Invalid UpdateExpression: ";
  check_expression_text(text, prefix, false);
  return parse_checked(text, attributes, prefix);
}

Update Update::parse_unprefixed(std::string_view text, ExpressionAttributes& attributes) {
  return parse_checked(text, attributes, "");
}

Update Update::parse_checked(std::string_view text, ExpressionAttributes& attributes,
                             const std::string& prefix) {
  const parsed::UpdateTree& tree = *parsed::cached_update_syntax(text, prefix);
  auto actions = std::make_unique<Actions>();
  Resolver resolver(attributes);
  SetOperandChecker checker;
  std::string operand_error;
  for (const auto& parsed_action : tree.actions) {
    Actions::Action action;
    action.kind = parsed_action.kind;
    action.path = resolver.path(parsed_action.path);
    if (action.kind != Kind::kRemove) action.value = resolver.operand(parsed_action.value);
    if (action.kind == Kind::kSet) checker.check(action.value);
    if ((action.kind == Kind::kAdd || action.kind == Kind::kDelete) && operand_error.empty() &&
        attributes.values.count(parsed_action.value.placeholder)) {
      // "Incorrect operand type for operator or function; operator: ADD,
      // operand type: STRING, typeSet: ALLOWED_FOR_ADD_OPERAND" (recorded
      // against DynamoDB, floci-io/floci
      // DynamoDbAddDeleteOperandIntegrationTest; dynalite's older recording
      // had no typeSet). DELETE names its own set, ALLOWED_FOR_DELETE_OPERAND
      // (an AWS SDK for Java error quoted in zio-dynamodb's ProjectionExpression.scala; DynamoDB
      // Local's UpdateExpressionValidator passes TypeSet.ALLOWED_FOR_DELETE_OPERAND).
      const char* word = operand_type_word(action.value.value.type);
      if (word && !(action.kind == Kind::kAdd && action.value.value.type == ValueType::N)) {
        const bool add = action.kind == Kind::kAdd;
        operand_error = std::string("Incorrect operand type for operator or function; operator: ") +
                        (add ? "ADD" : "DELETE") + ", operand type: " + word + ", typeSet: " +
                        (add ? "ALLOWED_FOR_ADD_OPERAND" : "ALLOWED_FOR_DELETE_OPERAND");
      }
    }
    actions->targets.push_back(action.path);
    actions->actions.push_back(std::move(action));
  }
  std::string section;
  if (!tree.repeated_section.empty()) {
    // dynalite test/updateItem.js: The "SET" section can only be used once in
    // an update expression;
    section = "The \"" + tree.repeated_section +
              "\" section can only be used once in an update expression;";
  }
  std::string overlap, conflict;
  check_path_overlaps(actions->targets, &overlap, &conflict);
  // Order from dynalite db/updateParser.pegjs (checkErrors).
  throw_first(prefix, {&resolver.reserved, &resolver.too_deep, &checker.unknown_function, &section,
                       &resolver.undefined_name, &resolver.undefined_value, &overlap, &conflict,
                       &operand_error, &checker.function});
  return Update(std::move(actions));
}

void Update::apply(Item& item) const {
  struct Write {
    Path path;
    AttributeValue value;
  };
  std::vector<Write> writes;
  std::vector<Path> removals;
  // Every operand is evaluated against the item as it was before the update.
  for (const auto& action : actions_->actions) {
    switch (action.kind) {
      case Kind::kSet:
        writes.push_back({action.path, evaluate(action.value, item)});
        break;
      case Kind::kRemove:
        removals.push_back(action.path);
        break;
      case Kind::kAdd: {
        const AttributeValue& v = action.value.value;
        const AttributeValue* current = find_path(item, action.path);
        if (!current) {
          // A missing number counts as 0, a missing set as empty.
          check_parent(item, action.path);
          writes.push_back({action.path, v});
        } else if (v.type == ValueType::N) {
          if (current->type != ValueType::N) throw incorrect_type();
          writes.push_back(
              {action.path, AttributeValue::number(current->as_number().add(v.as_number()))});
        } else {
          if (!set_type_matches(*current, v)) throw incorrect_type();
          AttributeValue result = *current;
          for (const auto& m : v.set) {
            if (std::find(result.set.begin(), result.set.end(), m) == result.set.end()) {
              result.set.push_back(m);
            }
          }
          put_set_in_order(result);  // values/set_order.h
          writes.push_back({action.path, std::move(result)});
        }
        break;
      }
      case Kind::kDelete: {
        const AttributeValue& v = action.value.value;
        const AttributeValue* current = find_path(item, action.path);
        if (!current) {
          check_parent(item, action.path);
          break;
        }
        if (!set_type_matches(*current, v)) throw incorrect_type();
        AttributeValue result = *current;
        result.set.erase(std::remove_if(result.set.begin(), result.set.end(),
                                        [&](const std::string& m) {
                                          return std::find(v.set.begin(), v.set.end(), m) !=
                                                 v.set.end();
                                        }),
                         result.set.end());
        // An emptied set is removed.
        if (result.set.empty()) {
          removals.push_back(action.path);
        } else {
          writes.push_back({action.path, std::move(result)});
        }
        break;
      }
    }
  }
  // Writes in path order, so appends past a list's end land in index order;
  // removals last and from the highest index down, so indexes keep meaning
  // the element they named before the update.
  std::stable_sort(writes.begin(), writes.end(),
                   [](const Write& a, const Write& b) { return path_less(a.path, b.path); });
  for (auto& w : writes) set_at(item, w.path, std::move(w.value));
  std::stable_sort(removals.begin(), removals.end(),
                   [](const Path& a, const Path& b) { return path_less(b, a); });
  for (const auto& path : removals) remove_at(item, path);
}

const std::vector<Path>& Update::target_paths() const { return actions_->targets; }

std::vector<Path> Update::all_paths() const {
  std::vector<Path> out = actions_->targets;
  auto walk = [&](const Operand& operand, auto& self) -> void {
    if (operand.kind == Operand::Kind::kPath) out.push_back(operand.path);
    for (const auto& arg : operand.args) self(arg, self);
  };
  for (const auto& action : actions_->actions) walk(action.value, walk);
  return out;
}

bool Update::only_removes() const {
  return std::all_of(actions_->actions.begin(), actions_->actions.end(), [](const auto& action) {
    return action.kind == Kind::kRemove || action.kind == Kind::kDelete;
  });
}

std::vector<std::pair<std::string, ValueType>> Update::statically_typed_assignments() const {
  std::vector<std::pair<std::string, ValueType>> out;
  for (const auto& action : actions_->actions) {
    if (action.path.size() != 1 || action.path[0].index >= 0) continue;
    if (action.kind != Kind::kSet && action.kind != Kind::kAdd) continue;
    const Operand& v = action.value;
    if (v.kind == Operand::Kind::kValue) {
      out.emplace_back(action.path[0].name, v.value.type);
    } else if (action.kind == Kind::kSet &&
               (v.kind == Operand::Kind::kPlus || v.kind == Operand::Kind::kMinus)) {
      out.emplace_back(action.path[0].name, ValueType::N);
    } else if (action.kind == Kind::kSet && v.kind == Operand::Kind::kFunction &&
               v.function == "list_append") {
      out.emplace_back(action.path[0].name, ValueType::L);
    }
  }
  return out;
}

std::vector<std::pair<std::string, ValueType>> Update::empty_value_assignments() const {
  std::vector<std::pair<std::string, ValueType>> out;
  for (const auto& action : actions_->actions) {
    if (action.kind != Kind::kSet || action.path.size() != 1 || action.path[0].index >= 0) continue;
    const Operand& v = action.value;
    if (v.kind == Operand::Kind::kValue &&
        (v.value.type == ValueType::S || v.value.type == ValueType::B) && v.value.scalar.empty()) {
      out.emplace_back(action.path[0].name, v.value.type);
    }
  }
  return out;
}

std::vector<std::string> Update::path_assigned_attributes() const {
  std::vector<std::string> out;
  for (const auto& action : actions_->actions) {
    if (action.kind == Kind::kSet && action.path.size() == 1 && action.path[0].index < 0 &&
        action.value.kind == Operand::Kind::kPath) {
      out.push_back(action.path[0].name);
    }
  }
  return out;
}

Update::Update(std::unique_ptr<Actions> actions) : actions_(std::move(actions)) {}
Update Update::from_actions(std::unique_ptr<Actions> actions) { return Update(std::move(actions)); }
Update::Update(Update&&) noexcept = default;
Update& Update::operator=(Update&&) noexcept = default;
Update::~Update() = default;

}  // namespace dynamini::expr
