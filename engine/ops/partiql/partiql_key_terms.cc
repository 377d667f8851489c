#include "partiql_key_terms.h"

#include "dynamini/api_error.h"

namespace dynamini::partiql {
namespace {

using Kind = Condition::Kind;

void flatten(const Condition& c, std::vector<const Condition*>& out) {
  if (c.kind == Kind::kAnd) {
    flatten(c.children[0], out);
    flatten(c.children[1], out);
  } else {
    out.push_back(&c);
  }
}

bool is_top_level(const Operand& o) {
  return o.kind == Operand::Kind::kPath && o.path.size() == 1 && o.path[0].index < 0;
}

}  // namespace

std::vector<const Condition*> conjuncts(const std::optional<Condition>& where) {
  std::vector<const Condition*> out;
  if (where) flatten(*where, out);
  return out;
}

std::vector<const Condition*> conjuncts(const Condition& where) {
  std::vector<const Condition*> out;
  flatten(where, out);
  return out;
}

const std::string* term_attribute(const Condition& c) {
  if (c.kind == Kind::kAnd || c.kind == Kind::kOr || c.kind == Kind::kNot) return nullptr;
  const std::string* attribute = nullptr;
  for (const auto& o : c.operands) {
    if (o.kind == Operand::Kind::kValue) continue;
    if (attribute || !is_top_level(o)) return nullptr;
    attribute = &o.path[0].name;
  }
  return attribute;
}

const AttributeValue* equality_value(const Condition& c, const std::string& attribute) {
  if (c.kind != Kind::kCompare || c.op != "=") return nullptr;
  const auto& a = c.operands[0];
  const auto& b = c.operands[1];
  if (is_top_level(a) && a.path[0].name == attribute && b.kind == Operand::Kind::kValue) {
    return &b.value;
  }
  if (is_top_level(b) && b.path[0].name == attribute && a.kind == Operand::Kind::kValue) {
    return &a.value;
  }
  return nullptr;
}

namespace {

ExtractedKey read_item_key(const std::optional<Condition>& where, const KeySchema& keys,
                           bool strict) {
  ExtractedKey out;
  for (const Condition* c : conjuncts(where)) {
    const std::string* name = term_attribute(*c);
    const AttributeValue* value = name ? equality_value(*c, *name) : nullptr;
    if (!value || !keys.find(*name)) {
      out.rest.push_back(c);
      continue;
    }
    auto it = out.key.find(*name);
    if (it != out.key.end() && !strict) {
      out.rest.push_back(c);
      continue;
    }
    if (it != out.key.end() && !(it->second == *value)) {
      throw validation_error("Multiple conditions on same key " + *name +
                             ". Only single item Update/Insert/Delete are supported");
    }
    out.key[*name] = *value;
  }
  return out;
}

}  // namespace

bool is_full_key(const Item& key, const KeySchema& keys) {
  for (const KeyElement* e : keys.elements()) {
    if (!key.count(e->name)) return false;
  }
  return true;
}

ExtractedKey collect_item_key(const std::optional<Condition>& where, const KeySchema& keys) {
  return read_item_key(where, keys, false);
}

ExtractedKey extract_item_key(const std::optional<Condition>& where, const KeySchema& keys) {
  ExtractedKey out = read_item_key(where, keys, true);
  if (!is_full_key(out.key, keys)) {
    // Recorded from DynamoDB in public emulator tests (dynoxide, LocalStack).
    throw validation_error(
        "Where clause does not contain a mandatory equality on all key attributes");
  }
  return out;
}

void check_key_value(const std::string& name, const AttributeValue& value, const KeySchema& keys,
                     bool scalar_first) {
  if (scalar_first && value.type != ValueType::S && value.type != ValueType::N &&
      value.type != ValueType::B) {
    throw validation_error("Key value must be of type S, N, or B. Key name: " + name +
                           ", Key type: " + type_name(value.type));
  }
  const KeyElement* element = keys.find(name);
  if (element && element->type != value.type) {
    throw validation_error(
        "Key attribute's data type should match its data type in table's schema: Key " + name);
  }
}

}  // namespace dynamini::partiql
