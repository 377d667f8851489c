#include "operation/call_targets.h"

#include <algorithm>

#include "values/base64.h"

namespace dynamini {
namespace {

// The table's name for a TableName value; an ARN that does not resolve is
// kept as given (the call will answer its error when it runs).
std::string target_table_name(const Context& context, const std::string& reference) {
  try {
    return context.table_name_of(reference, "");
  } catch (const ApiError&) {
    return reference;
  }
}

std::string partition_key_text(const Context& context, const std::string& table, const Item& key) {
  const std::shared_ptr<const TableDef> def = context.find_table(table);
  if (!def) return "";
  auto it = key.find(def->keys.hash.name);
  if (it == key.end()) return "";
  const AttributeValue& value = it->second;
  switch (value.type) {
    case ValueType::S:
    case ValueType::N:
      return value.scalar;
    case ValueType::B:
      return base64_encode(value.scalar);
    default:
      return "";
  }
}

}  // namespace

void add_target(const Context& context, CallTargets& targets,
                const std::optional<std::string>& reference, const Item* key) {
  const std::string table = reference ? target_table_name(context, *reference) : "";
  if (!table.empty() &&
      std::find(targets.tables.begin(), targets.tables.end(), table) == targets.tables.end()) {
    targets.tables.push_back(table);
  }
  if (key != nullptr) targets.items.push_back({table, partition_key_text(context, table, *key)});
}

void add_batch_targets(const Context& context, CallTargets& targets, const std::string& table,
                       const api::KeysAndAttributes& keys) {
  add_target(context, targets, table, nullptr);
  if (!keys.keys) return;
  for (const Item& key : *keys.keys) add_target(context, targets, table, &key);
}

void add_batch_targets(const Context& context, CallTargets& targets, const std::string& table,
                       const std::vector<api::WriteRequest>& requests) {
  add_target(context, targets, table, nullptr);
  for (const api::WriteRequest& request : requests) {
    if (request.put_request && request.put_request->item) {
      add_target(context, targets, table, &*request.put_request->item);
    } else if (request.delete_request && request.delete_request->key) {
      add_target(context, targets, table, &*request.delete_request->key);
    }
  }
}

void add_transaction_target(const Context& context, CallTargets& targets,
                            const api::TransactWriteItem& action) {
  const std::optional<std::string>* table = nullptr;
  const std::optional<Item>* key = nullptr;
  if (action.condition_check) {
    table = &action.condition_check->table_name, key = &action.condition_check->key;
  } else if (action.put) {
    table = &action.put->table_name, key = &action.put->item;
  } else if (action.delete_) {
    table = &action.delete_->table_name, key = &action.delete_->key;
  } else if (action.update) {
    table = &action.update->table_name, key = &action.update->key;
  }
  if (table == nullptr || !*key) {
    targets.items.push_back({});  // keeps the items aligned with TransactItems
    if (table != nullptr) add_target(context, targets, *table, nullptr);
    return;
  }
  add_target(context, targets, *table, &**key);
}

void add_transaction_target(const Context& context, CallTargets& targets,
                            const api::TransactGetItem& action) {
  if (!action.get || !action.get->key) {
    targets.items.push_back({});
    if (action.get) add_target(context, targets, action.get->table_name, nullptr);
    return;
  }
  add_target(context, targets, action.get->table_name, &*action.get->key);
}

}  // namespace dynamini
