#pragma once

// The targets of a typed request (dynamini/call_targets.h), asked for only
// when a caller set ExecuteOptions::admit: the tables it names and, for each
// key or item, its partition key value, found with the table's key schema.

#include <optional>
#include <string>
#include <vector>

#include "context/context.h"
#include "dynamini/call_targets.h"
#include "dynamini/shapes.h"

namespace dynamini {

// Adds the table a request names by `reference` (its name or ARN) to
// `targets`, once; and with `key` (a Key or an Item) one item of it.
// REQUIRES: the storage lock held (the table's key schema is read).
void add_target(const Context& context, CallTargets& targets,
                const std::optional<std::string>& reference, const Item* key);
// The members of batches and transactions, one item each.
void add_batch_targets(const Context& context, CallTargets& targets, const std::string& table,
                       const api::KeysAndAttributes& keys);
void add_batch_targets(const Context& context, CallTargets& targets, const std::string& table,
                       const std::vector<api::WriteRequest>& requests);
void add_transaction_target(const Context& context, CallTargets& targets,
                            const api::TransactWriteItem& action);
void add_transaction_target(const Context& context, CallTargets& targets,
                            const api::TransactGetItem& action);

template <class Request>
CallTargets call_targets(Context& context, const Request& request) {
  CallTargets targets;
  std::lock_guard lock(context.storage_mutex());
  if constexpr (requires { request.transact_items; }) {
    targets.transaction = true;
    if (request.transact_items) {
      targets.transaction_items = request.transact_items->size();
      for (const auto& action : *request.transact_items) {
        add_transaction_target(context, targets, action);
      }
    }
  } else if constexpr (requires { request.request_items; }) {
    if (request.request_items) {
      for (const auto& [table, members] : *request.request_items) {
        add_batch_targets(context, targets, table, members);
      }
    }
  } else if constexpr (requires { request.table_name; }) {
    const Item* key = nullptr;
    if constexpr (requires { request.key; }) {
      if (request.key) key = &*request.key;
    }
    if constexpr (requires { request.item; }) {
      if (request.item) key = &*request.item;
    }
    add_target(context, targets, request.table_name, key);
  }
  return targets;
}

}  // namespace dynamini
