#include "ops/partiql_translate.h"

#include <map>

#include "dynamini/api_error.h"
#include "partiql/statement_errors.h"

namespace dynamini::partiql {
namespace {

using Kind = Condition::Kind;

// Renders paths, values and conditions as DynamoDB expression text, keeping
// the placeholders it invents.
class ExpressionText {
 public:
  std::string path(const expr::Path& p) {
    std::string out;
    for (const auto& e : p) {
      if (e.index >= 0) {
        out += "[" + std::to_string(e.index) + "]";
        continue;
      }
      if (!out.empty()) out += ".";
      auto it = name_ids_.find(e.name);
      if (it == name_ids_.end()) {
        std::string id = "#n" + std::to_string(name_ids_.size());
        it = name_ids_.emplace(e.name, id).first;
        attributes_.names[id] = e.name;
      }
      out += it->second;
    }
    return out;
  }
  std::string value(const AttributeValue& v) {
    std::string id = ":v" + std::to_string(attributes_.values.size());
    attributes_.values[id] = v;
    return id;
  }
  std::string operand(const Operand& o) { return o.is_path ? path(o.path) : value(o.value); }

  std::string condition(const Condition& c) {
    switch (c.kind) {
      case Kind::kCompare:
        return operand(c.operands[0]) + " " + c.op + " " + operand(c.operands[1]);
      case Kind::kBetween:
        return operand(c.operands[0]) + " BETWEEN " + operand(c.operands[1]) + " AND " +
               operand(c.operands[2]);
      case Kind::kIn: {
        std::string out = operand(c.operands[0]) + " IN (";
        for (size_t i = 1; i < c.operands.size(); ++i)
          out += (i > 1 ? ", " : "") + operand(c.operands[i]);
        return out + ")";
      }
      case Kind::kFunction: {
        std::string out = c.op + "(";
        for (size_t i = 0; i < c.operands.size(); ++i)
          out += (i ? ", " : "") + operand(c.operands[i]);
        return out + ")";
      }
      case Kind::kMissing:
        return std::string(c.negated ? "attribute_exists(" : "attribute_not_exists(") +
               path(c.operands[0].path) + ")";
      case Kind::kAnd:
        return "(" + condition(c.children[0]) + " AND " + condition(c.children[1]) + ")";
      case Kind::kOr:
        return "(" + condition(c.children[0]) + " OR " + condition(c.children[1]) + ")";
      case Kind::kNot:
        return "NOT (" + condition(c.children[0]) + ")";
    }
    return {};
  }
  std::string conjunction(const std::vector<const Condition*>& parts) {
    std::string out;
    for (const auto* p : parts) out += (out.empty() ? "" : " AND ") + condition(*p);
    return out;
  }

  expr::ExpressionAttributes& attributes() { return attributes_; }

 private:
  std::map<std::string, std::string> name_ids_;
  expr::ExpressionAttributes attributes_;
};

void flatten(const Condition& c, std::vector<const Condition*>& out) {
  if (c.kind == Kind::kAnd) {
    flatten(c.children[0], out);
    flatten(c.children[1], out);
  } else {
    out.push_back(&c);
  }
}

std::vector<const Condition*> conjuncts(const std::optional<Condition>& where) {
  std::vector<const Condition*> out;
  if (where) flatten(*where, out);
  return out;
}

bool is_attribute(const Operand& o, const std::string& name) {
  return o.is_path && o.path.size() == 1 && o.path[0].index < 0 && o.path[0].name == name;
}

// `name = value` (either way round): the value.
const AttributeValue* equality_on(const Condition& c, const std::string& name) {
  if (c.kind != Kind::kCompare || c.op != "=") return nullptr;
  if (is_attribute(c.operands[0], name) && !c.operands[1].is_path) return &c.operands[1].value;
  if (is_attribute(c.operands[1], name) && !c.operands[0].is_path) return &c.operands[0].value;
  return nullptr;
}

bool mentions(const Condition& c, const std::string& name) {
  for (const auto& o : c.operands) {
    if (o.is_path && !o.path.empty() && o.path[0].index < 0 && o.path[0].name == name) return true;
  }
  for (const auto& child : c.children) {
    if (mentions(child, name)) return true;
  }
  return false;
}

// A condition a KeyConditionExpression accepts on the sort key.
bool sort_key_term(const Condition& c, const std::string& name) {
  auto values_after_subject = [&]() {
    for (size_t i = 1; i < c.operands.size(); ++i) {
      if (c.operands[i].is_path) return false;
    }
    return true;
  };
  switch (c.kind) {
    case Kind::kCompare:
      return c.op != "<>" && is_attribute(c.operands[0], name) && values_after_subject();
    case Kind::kBetween:
      return is_attribute(c.operands[0], name) && values_after_subject();
    case Kind::kFunction:
      return c.op == "begins_with" && is_attribute(c.operands[0], name) && values_after_subject();
    default:
      return false;
  }
}

// The full primary key from equalities in the WHERE; the other conjuncts go
// to `rest`.
Item key_from_where(const std::optional<Condition>& where, const TableDef& table,
                    std::vector<const Condition*>& rest) {
  Item key;
  std::vector<const KeyElement*> elements = {&table.keys.hash};
  if (table.keys.range) elements.push_back(&*table.keys.range);
  for (const Condition* c : conjuncts(where)) {
    bool used = false;
    for (const KeyElement* e : elements) {
      if (const AttributeValue* v = equality_on(*c, e->name); v && !key.count(e->name)) {
        key[e->name] = *v;
        used = true;
        break;
      }
    }
    if (!used) rest.push_back(c);
  }
  if (key.size() != elements.size()) {
    // Recorded from DynamoDB in public emulator tests (dynoxide, LocalStack).
    throw validation_error(
        "Where clause does not contain a mandatory equality on all key attributes");
  }
  return key;
}

}  // namespace

const std::string& table_of(const Statement& statement) {
  return std::visit([](const auto& s) -> const std::string& { return s.table; }, statement);
}

const char* action_of(const Statement& statement) {
  static constexpr const char* kActions[] = {"PartiQLSelect", "PartiQLInsert", "PartiQLUpdate",
                                             "PartiQLDelete"};
  return kActions[statement.index()];
}

ReadRequest plan_select(const Select& select, const TableDef& table, const ReadOptions& options) {
  const IndexDef* index = nullptr;
  if (select.index) {
    index = table.find_index(*select.index);
    if (!index)
      throw validation_error("The table does not have the specified index: " + *select.index);
  }
  const KeySchema& keys = index ? index->keys : table.keys;
  auto parts = conjuncts(select.where);
  const Condition* hash_term = nullptr;
  const Condition* range_term = nullptr;
  std::vector<const Condition*> filter;
  bool query = true;
  for (const Condition* c : parts) {
    if (!hash_term && equality_on(*c, keys.hash.name)) {
      hash_term = c;
    } else if (keys.range && !range_term && sort_key_term(*c, keys.range->name)) {
      range_term = c;
    } else {
      if (mentions(*c, keys.hash.name) || (keys.range && mentions(*c, keys.range->name)))
        query = false;
      filter.push_back(c);
    }
  }
  if (!hash_term) query = false;
  ExpressionText text;
  std::string key_condition, filter_text, projection;
  if (query) {
    // The equality on the partition key must be `key = value` for the key
    // condition grammar; render it in that order.
    Condition eq = *hash_term;
    if (!is_attribute(eq.operands[0], keys.hash.name)) std::swap(eq.operands[0], eq.operands[1]);
    key_condition = text.condition(eq);
    if (range_term) key_condition += " AND " + text.condition(*range_term);
    filter_text = text.conjunction(filter);
  } else if (select.where) {
    filter_text = text.condition(*select.where);
  }
  for (const auto& p : select.projection)
    projection += (projection.empty() ? "" : ", ") + text.path(p);
  ReadRequest out = query ? ReadRequest(QueryRequest{}) : ReadRequest(ScanRequest{});
  auto non_empty = [](std::string s) -> std::optional<std::string> {
    if (s.empty()) return std::nullopt;
    return s;
  };
  std::visit(
      [&](auto& r) {
        r.table_name = select.table;
        r.index_name = select.index;
        r.filter_expression = non_empty(filter_text);
        r.projection_expression = non_empty(projection);
        const auto& attributes = text.attributes();
        if (!attributes.names.empty()) r.expression_attribute_names = attributes.names;
        if (!attributes.values.empty()) r.expression_attribute_values = attributes.values;
        r.limit = options.limit;
        r.exclusive_start_key = options.exclusive_start_key;
        if (options.consistent) r.consistent_read = true;
        r.return_consumed_capacity = options.return_consumed_capacity;
      },
      out);
  if (query) std::get<QueryRequest>(out).key_condition_expression = key_condition;
  return out;
}

std::optional<Item> select_key(const Select& select, const TableDef& table) {
  if (select.index) return std::nullopt;
  std::vector<const Condition*> rest;
  try {
    Item key = key_from_where(select.where, table, rest);
    if (!rest.empty()) return std::nullopt;
    return key;
  } catch (const ApiError&) {
    return std::nullopt;
  }
}

ItemWrite plan_write(const Statement& statement, const TableDef& table) {
  ItemWrite write;
  write.table_name = table_of(statement);
  ExpressionText text;
  std::string condition_text;
  if (const auto* insert = std::get_if<Insert>(&statement)) {
    write.kind = WriteKind::kPut;
    write.insert = true;
    write.item = &insert->item;
    condition_text = "attribute_not_exists(" + text.path({{table.keys.hash.name, -1}}) + ")";
  } else if (const auto* update = std::get_if<Update>(&statement)) {
    write.kind = WriteKind::kUpdate;
    std::vector<const Condition*> rest;
    write.own(key_from_where(update->where, table, rest));
    // UPDATE changes an existing item only: a missing one fails the condition.
    condition_text = "attribute_exists(" + text.path({{table.keys.hash.name, -1}}) + ")";
    if (!rest.empty()) condition_text += " AND " + text.conjunction(rest);
    std::string update_text;
    if (!update->sets.empty()) {
      update_text = "SET ";
      for (size_t i = 0; i < update->sets.size(); ++i) {
        const SetAction& a = update->sets[i];
        update_text += (i ? ", " : "") + text.path(a.path) + " = " + text.operand(a.first);
        if (a.op) update_text += std::string(" ") + a.op + " " + text.operand(a.second);
      }
    }
    if (!update->removes.empty()) {
      update_text += update_text.empty() ? "REMOVE " : " REMOVE ";
      for (size_t i = 0; i < update->removes.size(); ++i) {
        update_text += (i ? ", " : "") + text.path(update->removes[i]);
      }
    }
    write.update = expr::Update::parse(update_text, text.attributes());
  } else if (const auto* del = std::get_if<Delete>(&statement)) {
    write.kind = WriteKind::kDelete;
    std::vector<const Condition*> rest;
    write.own(key_from_where(del->where, table, rest));
    condition_text = text.conjunction(rest);
  } else {
    throw statement_error("Expected data manipulation");
  }
  if (!condition_text.empty()) {
    write.condition =
        expr::Condition::parse(condition_text, text.attributes(), "ConditionExpression");
  }
  return write;
}

}  // namespace dynamini::partiql
