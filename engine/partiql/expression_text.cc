#include "partiql/expression_text.h"

namespace dynamini::partiql {

using Kind = Condition::Kind;

std::string ExpressionText::path(const expr::Path& p) {
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

std::string ExpressionText::operand(const Operand& o) {
  switch (o.kind) {
    case Operand::Kind::kPath:
      return path(o.path);
    case Operand::Kind::kValue: {
      std::string id = ":v" + std::to_string(attributes_.values.size());
      attributes_.values[id] = o.value;
      return id;
    }
    case Operand::Kind::kFunction:
      break;
  }
  if ((o.function == "+" || o.function == "-") && o.arguments.size() == 2) {
    return operand(o.arguments[0]) + " " + o.function + " " + operand(o.arguments[1]);
  }
  std::string out = o.function + "(";
  for (size_t i = 0; i < o.arguments.size(); ++i) out += (i ? ", " : "") + operand(o.arguments[i]);
  return out + ")";
}

std::string ExpressionText::child(const Condition& c, Kind parent) {
  const bool compound = c.kind == Kind::kAnd || c.kind == Kind::kOr;
  const bool needs_parens = compound && (parent == Kind::kNot || c.kind != parent);
  return needs_parens ? "(" + condition(c) + ")" : condition(c);
}

std::string ExpressionText::condition(const Condition& c) {
  switch (c.kind) {
    case Kind::kCompare:
      return operand(c.operands[0]) + " " + c.op + " " + operand(c.operands[1]);
    case Kind::kBetween:
      return operand(c.operands[0]) + " BETWEEN " + operand(c.operands[1]) + " AND " +
             operand(c.operands[2]);
    case Kind::kIn: {
      std::string out = operand(c.operands[0]) + " IN (";
      for (size_t i = 1; i < c.operands.size(); ++i) {
        out += (i > 1 ? ", " : "") + operand(c.operands[i]);
      }
      return out + ")";
    }
    case Kind::kFunction: {
      std::string out = c.op + "(";
      for (size_t i = 0; i < c.operands.size(); ++i) {
        out += (i ? ", " : "") + operand(c.operands[i]);
      }
      return out + ")";
    }
    case Kind::kAnd:
      return child(c.children[0], Kind::kAnd) + " AND " + child(c.children[1], Kind::kAnd);
    case Kind::kOr:
      return child(c.children[0], Kind::kOr) + " OR " + child(c.children[1], Kind::kOr);
    case Kind::kNot:
      return "NOT " + child(c.children[0], Kind::kNot);
  }
  return {};
}

std::string ExpressionText::conjunction(const std::vector<const Condition*>& parts) {
  std::string out;
  for (const auto* p : parts) {
    out +=
        (out.empty() ? "" : " AND ") + (parts.size() > 1 ? child(*p, Kind::kAnd) : condition(*p));
  }
  return out;
}

std::string ExpressionText::update(const std::vector<UpdateAction>& actions) {
  std::string set, remove, add, del;
  auto append = [](std::string& section, const std::string& text) {
    section += (section.empty() ? "" : ", ") + text;
  };
  for (const auto& a : actions) {
    switch (a.kind) {
      case UpdateAction::Kind::kSet:
        append(set, path(a.path) + " = " + operand(a.value));
        break;
      case UpdateAction::Kind::kRemove:
        append(remove, path(a.path));
        break;
      case UpdateAction::Kind::kAdd:
        append(add, path(a.path) + " " + operand(a.value));
        break;
      case UpdateAction::Kind::kDelete:
        append(del, path(a.path) + " " + operand(a.value));
        break;
    }
  }
  std::string out;
  for (const auto& [word, section] : {std::pair<const char*, const std::string&>{"SET", set},
                                      {"REMOVE", remove},
                                      {"ADD", add},
                                      {"DELETE", del}}) {
    if (!section.empty()) out += (out.empty() ? "" : " ") + std::string(word) + " " + section;
  }
  return out;
}

expr::Condition to_condition(const std::vector<const Condition*>& parts) {
  ExpressionText text;
  std::string rendered = text.conjunction(parts);
  return expr::Condition::parse_unprefixed(rendered, text.attributes());
}

expr::Update to_update(const std::vector<UpdateAction>& actions) {
  ExpressionText text;
  std::string rendered = text.update(actions);
  return expr::Update::parse_unprefixed(rendered, text.attributes());
}

}  // namespace dynamini::partiql
