#include "items/item_write.h"

#include "dynamini/api_error.h"
#include "operation/call_facts_recorder.h"
#include "values/value_check.h"

namespace dynamini {

void ItemWrite::validate(const TableDef& table) const {
  if (kind == WriteKind::kPut) {
    validate_item_keys(*item, table);
    if (item_size(*item) > kMaxItemSize) {
      throw validation_error("Item size has exceeded the maximum allowed size");
    }
    return;
  }
  validate_key(*item, table);
  if (update) check_update_against_keys(*update, table);
}

ApiError empty_index_key_update(ValueType type) {
  const std::string type_word = type == ValueType::S ? "string" : "binary";
  return validation_error(
      "One or more parameter values are not valid. The update expression attempted to update a "
      "secondary index key to a value that is not supported. The AttributeValue for a key "
      "attribute cannot contain an empty " +
      type_word + " value.");
}

std::optional<std::string> ItemWrite::type_fault(const TableDef& table) const {
  switch (kind) {
    case WriteKind::kPut:
      return item_key_type_mismatch(*item, table);
    case WriteKind::kUpdate:
    case WriteKind::kDelete:
    case WriteKind::kConditionCheck:
      if (key_type_mismatch(*item, table)) {
        return "The provided key element does not match the schema";
      }
      if (update) return update_index_type_mismatch(*update, table);
      return std::nullopt;
  }
  return std::nullopt;
}

std::optional<std::string> update_index_type_mismatch(const expr::Update& update,
                                                      const TableDef& table) {
  for (const auto& [name, type] : update.statically_typed_assignments()) {
    for (const auto& index : table.indexes) {
      const KeyElement* element = index.keys.find(name);
      if (element && element->type != type) {
        return "One or more parameter values were invalid: Type mismatch for Index Key " + name +
               " Expected: " + type_name(element->type) + " Actual: " + type_name(type) +
               " IndexName: " + index.name;
      }
    }
  }
  return std::nullopt;
}

void check_update_against_keys(const expr::Update& update, const TableDef& table) {
  for (const auto& path : update.target_paths()) {
    if (!path.empty() && path.front().index < 0 && table.is_key_attribute(path.front().name)) {
      throw validation_error("One or more parameter values were invalid: Cannot update attribute " +
                             path.front().name + ". This attribute is part of the key");
    }
  }
  // A type known before the update runs is checked first (dynalite
  // test/updateItem.js: "set e = c[1], c = a + :a" reports the type of c).
  if (auto mismatch = update_index_type_mismatch(update, table)) throw validation_error(*mismatch);
  // An empty value for an index key is refused before the update runs, in
  // the update's own words (recorded against DynamoDB for a transaction's
  // Update, where it is a top-level error and not a cancellation reason:
  // paritysuite/dynamodb-conformance transactIndexKeys.test.ts; moto's
  // EmptyKeyAttributeException quotes the same text for UpdateItem).
  for (const auto& [name, type] : update.empty_value_assignments()) {
    for (const auto& index : table.indexes) {
      if (index.keys.find(name)) throw empty_index_key_update(type);
    }
  }
  for (const auto& path : update.all_paths()) {
    if (path.size() < 2 || path.front().index >= 0) continue;
    for (const auto& index : table.indexes) {
      const std::string& name = path.front().name;
      if (index.keys.find(name)) {
        throw validation_error(
            "Key attributes must be scalars; list random access '[]' and map lookup '.' are not "
            "allowed: IndexKey: " +
            name);
      }
    }
  }
}

void check_index_key_assignments(const expr::Update& update, const Item& new_item,
                                 const TableDef& table) {
  for (const auto& name : update.path_assigned_attributes()) {
    auto value = new_item.find(name);
    if (value == new_item.end()) continue;
    for (const auto& index : table.indexes) {
      const KeyElement* element = index.keys.find(name);
      if (element && element->type != value->second.type) {
        throw validation_error(
            "The update expression attempted to update the secondary index key to unsupported "
            "type");
      }
    }
  }
}

void check_index_key_emptiness(const expr::Update& update, const Item& new_item,
                               const TableDef& table) {
  for (const auto& path : update.target_paths()) {
    if (path.size() != 1 || path[0].index >= 0) continue;
    auto value = new_item.find(path[0].name);
    if (value == new_item.end()) continue;
    const AttributeValue& v = value->second;
    if ((v.type != ValueType::S && v.type != ValueType::B) || !v.scalar.empty()) continue;
    for (const auto& index : table.indexes) {
      if (index.keys.find(path[0].name)) throw empty_index_key_update(v.type);
    }
  }
}

const char* ItemWrite::action() const {
  switch (kind) {
    case WriteKind::kPut:
      return insert ? "PartiQLInsert" : "PutItem";
    case WriteKind::kUpdate:
      return "UpdateItem";
    case WriteKind::kDelete:
      return "DeleteItem";
    case WriteKind::kConditionCheck:
      return "ConditionCheckItem";
  }
  return "PutItem";
}

EncodedKey ItemWrite::primary_key(const TableDef& table) const {
  return encode_primary_key(*item, table.keys);
}

std::optional<Item> read_current(Store& store, const TableDef& table, const ItemWrite& write) {
  if (auto stored = store.get(table, write.primary_key(table))) return item_from_json(*stored);
  return std::nullopt;
}

bool condition_holds(const ItemWrite& write, const Item* current) {
  return !write.condition || write.condition->evaluate(current);
}

namespace {

// Whether a value sits deeper than DynamoDB's 32 levels (a top-level
// attribute's value is level 0, as values/attribute_value.cc reads items).
bool too_deep(const AttributeValue& value, int depth) {
  if (depth >= kMaxNestingDepth) return true;
  for (const auto& element : value.list) {
    if (too_deep(element, depth + 1)) return true;
  }
  for (const auto& [name, member] : value.map) {
    if (too_deep(member, depth + 1)) return true;
  }
  return false;
}

}  // namespace

void check_statement_charge(const ItemWrite& write, const Item* current) {
  if (!write.charge_statement || !write.update) return;
  if (write.update->statement_charge(current) > kMaxItemSize) {
    throw validation_error("Item size to update has exceeded the maximum allowed size");
  }
}

std::optional<Item> compute_new_item(const ItemWrite& write, const TableDef& table,
                                     const Item* current) {
  switch (write.kind) {
    case WriteKind::kDelete:
    case WriteKind::kConditionCheck:
    case WriteKind::kPut:
      return std::nullopt;
    case WriteKind::kUpdate: {
      if (!current && write.update && write.update->only_removes()) return std::nullopt;
      Item next = current ? *current : key_of(*write.item, table.keys);
      if (write.update) {
        write.update->apply(next);
        check_index_key_assignments(*write.update, next, table);
        check_index_key_emptiness(*write.update, next, table);
      }
      validate_item_keys(next, table);
      // An update that nests a value past 32 levels (recorded against
      // DynamoDB for a PartiQL UPDATE, floci's DynamoDbPartiQLEdgeCase-
      // IntegrationTest: "SET m.deep = ?" with a 31-level parameter).
      for (const auto& [name, value] : next) {
        if (too_deep(value, 0)) {
          throw validation_error(kNestingLimitExceeded);
        }
      }
      if (item_size(next) > kMaxItemSize) {
        throw validation_error("Item size to update has exceeded the maximum allowed size");
      }
      return next;
    }
  }
  return std::nullopt;
}

namespace {

// A condition check, or an update that left no item (it only removed, from
// a missing item).
bool writes_nothing(const ItemWrite& write, const Item* new_item) {
  return write.kind == WriteKind::kConditionCheck ||
         (write.kind == WriteKind::kUpdate && !new_item);
}

}  // namespace

Consumption apply_write(Store& store, const TableDef& table, const ItemWrite& write,
                        const Item* current, const Item* new_item, bool measure) {
  if (writes_nothing(write, new_item)) return {};
  const bool noted = recording_facts();
  // A put or update (new_item set) goes through Store::put, which reports
  // what it wrote; a delete is measured from the old item.
  WriteFootprint footprint;
  WriteFootprint* reported = (measure || noted) && new_item ? &footprint : nullptr;
  switch (write.kind) {
    case WriteKind::kConditionCheck:
      return {};
    case WriteKind::kDelete:
      if (current) store.remove(table, *current);
      break;
    case WriteKind::kPut:
    case WriteKind::kUpdate:
      store.put(table, current, *new_item, reported);
      break;
  }
  if (!measure && !noted) return {};
  Consumption consumed = write_consumption(table, current, new_item, reported);
  note_write(table, current, new_item, reported, consumed);
  return consumed;
}

const Item* new_item_of(const ItemWrite& write, const std::optional<Item>& computed) {
  if (write.kind == WriteKind::kPut) return write.item;
  return computed ? &*computed : nullptr;
}

Consumption store_write(Store& store, const TableDef& table, const ItemWrite& write,
                        const Item* current, const Item* new_item) {
  if (writes_nothing(write, new_item)) {
    Consumption c;
    c.table = write_units(current ? item_size(*current) : 0);
    return c;
  }
  return apply_write(store, table, write, current, new_item, /*measure=*/true);
}

}  // namespace dynamini
