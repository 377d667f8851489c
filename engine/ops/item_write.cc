#include "ops/item_write.h"

#include "dynamini/api_error.h"

namespace dynamini {

void ItemWrite::validate(const TableDef& table) const {
  if (kind == WriteKind::kPut) {
    validate_item_keys(item, table);
    return;
  }
  validate_key(item, table);
  if (!update) return;
  for (const auto& path : update->target_paths()) {
    if (!path.empty() && path.front().index < 0 && table.is_key_attribute(path.front().name)) {
      throw validation_error(
          "One or more parameter values were invalid: Cannot update attribute " +
          path.front().name + ". This attribute is part of the key");
    }
  }
}

EncodedKey ItemWrite::primary_key(const TableDef& table) const {
  return encode_primary_key(item, table.keys);
}

std::optional<Item> read_current(Store& store, const TableDef& table, const ItemWrite& write) {
  if (auto stored = store.get(table, write.primary_key(table))) return item_from_json(*stored);
  return std::nullopt;
}

bool condition_holds(const ItemWrite& write, const Item* current) {
  return !write.condition || write.condition->evaluate(current);
}

std::optional<Item> compute_new_item(const ItemWrite& write, const TableDef& table,
                                     const Item* current) {
  switch (write.kind) {
    case WriteKind::kDelete:
    case WriteKind::kConditionCheck: return std::nullopt;
    case WriteKind::kPut:
      if (item_size(write.item) > kMaxItemSize) {
        throw validation_error("Item size has exceeded the maximum allowed size");
      }
      return write.item;
    case WriteKind::kUpdate: {
      Item next = current ? *current : key_of(write.item, table.keys);
      if (write.update) write.update->apply(next);
      validate_item_keys(next, table);
      if (item_size(next) > kMaxItemSize) {
        throw validation_error("Item size to update has exceeded the maximum allowed size");
      }
      return next;
    }
  }
  return std::nullopt;
}

Consumption store_write(Store& store, const TableDef& table, const ItemWrite& write,
                        const Item* current, const std::optional<Item>& new_item) {
  switch (write.kind) {
    case WriteKind::kConditionCheck: {
      Consumption c;
      c.table = write_units(current ? item_size(*current) : 0);
      return c;
    }
    case WriteKind::kDelete:
      if (current) store.remove(table, *current);
      return write_consumption(table, current, nullptr);
    case WriteKind::kPut:
    case WriteKind::kUpdate:
      store.put(table, current, *new_item);
      return write_consumption(table, current, &*new_item);
  }
  return {};
}

}  // namespace dynamini
