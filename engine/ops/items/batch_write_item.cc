// BatchWriteItem: up to 25 puts and deletes, all validated before any is
// written, and written in one transaction (a batch with one bad member writes
// nothing; DynamoDB's batches are not atomic, dynamini's are:
// docs/compatibility.md).

#include <mutex>
#include <set>

#include "api/shape_checks.h"
#include "items/item_collection_metrics.h"
#include "items/item_write.h"
#include "operation/consumed_capacity.h"
#include "operation/operations.h"

namespace dynamini {
namespace {

constexpr size_t kMaxBatchWrites = 25;

struct TableWrites {
  const std::string* table_name;
  std::vector<ItemWrite> writes;
  std::shared_ptr<const TableDef> def;
  Consumption consumed;
};

// Unconditional puts and deletes pointing into the request.
std::vector<TableWrites> bind_writes(const BatchWriteItemRequest& request) {
  std::vector<TableWrites> tables;
  size_t total = 0;
  for (const auto& [name, requests] : *request.request_items) {
    TableWrites tw{&name, {}, nullptr, {}};
    for (const auto& r : requests) {
      ItemWrite w;
      w.kind = r.put_request ? WriteKind::kPut : WriteKind::kDelete;
      w.table_name = name;
      w.item = r.put_request ? &*r.put_request->item : &*r.delete_request->key;
      tw.writes.push_back(std::move(w));
    }
    total += tw.writes.size();
    tables.push_back(std::move(tw));
  }
  if (total > kMaxBatchWrites) {
    throw validation_error("Too many items requested for the BatchWriteItem call");
  }
  for (const auto& tw : tables) {
    for (const auto& w : tw.writes) {
      if (w.kind == WriteKind::kPut && item_size(*w.item) > kMaxItemSize) {
        throw validation_error("Item size has exceeded the maximum allowed size");
      }
    }
  }
  return tables;
}

// Whether `item` holds each of the table's key attributes, of its type.
bool holds_table_key(const Item& item, const KeySchema& keys) {
  auto holds = [&](const KeyElement& element) {
    auto it = item.find(element.name);
    return it != item.end() && it->second.type == element.type;
  };
  return holds(keys.hash) && (!keys.range || holds(*keys.range));
}

// Tables, keys and duplicates, before anything is written. REQUIRES: storage lock.
void check_tables(Context& context, std::vector<TableWrites>& tables) {
  for (auto& tw : tables) {
    tw.def = context.require_table(*tw.table_name, "BatchWriteItem");
    std::set<std::pair<std::string, std::string>> seen;
    for (const auto& w : tw.writes) {
      // A PutRequest whose item lacks a key attribute or holds one of another
      // type is refused as a DeleteRequest's key is, not with PutItem's words
      // (paritysuite/dynamodb-conformance tests/tier3/error-messages/
      // batchWriteItem.test.ts: four regions 2026-06-23, two 2026-10-09).
      if (w.kind == WriteKind::kPut && !holds_table_key(*w.item, tw.def->keys)) {
        throw validation_error("The provided key element does not match the schema");
      }
      w.validate(*tw.def);
      EncodedKey key = w.primary_key(*tw.def);
      if (!seen.insert({key.hash, key.range}).second) {
        throw validation_error("Provided list of item keys contains duplicates");
      }
    }
  }
}

void add(Consumption& into, const Consumption& c) {
  into.table += c.table;
  for (const auto& [n, u] : c.global_indexes) into.global_indexes[n] += u;
  for (const auto& [n, u] : c.local_indexes) into.local_indexes[n] += u;
}

}  // namespace

// Before the request's shape: an empty RequestItems, in the validation
// framework's newer words (one of the two texts regions answer: paritysuite/
// dynamodb-conformance tests/tier3/error-messages/batchWriteItem.test.ts; the
// other is "The requestItems parameter is required for BatchWriteItem"), and
// the two enums, which are reported alone when either is unknown: a malformed
// table name is not joined to them (tests/tier3/validation-ordering/
// batchOperations.test.ts, us-east-1 and eu-west-2, 2026-10-09).
void BatchWriteItemOperation::check_before_shape(const Request& request) {
  ShapeErrors errors;
  if (request.request_items && request.request_items->empty()) {
    errors.add_unrendered("RequestItems", "Member must have length greater than or equal to 1");
    errors.throw_if_any();
  }
  const api::Path root = api::Path::root();
  if (request.return_consumed_capacity) {
    api::check_enum(*request.return_consumed_capacity, root.member("returnConsumedCapacity"),
                    "[INDEXES, TOTAL, NONE]", errors);
  }
  if (request.return_item_collection_metrics) {
    api::check_enum(*request.return_item_collection_metrics,
                    root.member("returnItemCollectionMetrics"), "[SIZE, NONE]", errors);
  }
  errors.throw_if_any();
}

void BatchWriteItemOperation::check_before_values(const Request& request) {
  for (const auto& [name, requests] : *request.request_items) {
    for (const auto& r : requests) {
      // dynalite test/batchWriteItem.js: a request with neither member, or both.
      if (r.put_request.has_value() == r.delete_request.has_value()) {
        throw validation_error(
            "Supplied AttributeValue has more than one datatypes set, must contain exactly one of "
            "the supported datatypes");
      }
    }
  }
}

BatchWriteItemResponse BatchWriteItemOperation::run(Context& context, const Request& request,
                                                    const ExecuteOptions& options) {
  std::vector<TableWrites> tables = bind_writes(request);
  const CapacityDetail capacity = capacity_detail(request.return_consumed_capacity, options);
  const bool metrics =
      is_value(request.return_item_collection_metrics, api::ReturnItemCollectionMetrics::kSize);
  BatchWriteItemResponse response;
  response.unprocessed_items.emplace();
  std::lock_guard lock(context.storage_mutex());
  check_tables(context, tables);
  WriteTransaction txn(context.store().connection());
  for (auto& tw : tables) {
    for (const auto& w : tw.writes) {
      auto current = read_current(context.store(), *tw.def, w);
      const Item* old_item = current ? &*current : nullptr;
      const Item* new_item = new_item_of(w, std::nullopt);
      const bool measured = capacity != CapacityDetail::kNone;
      Consumption consumed = apply_write(context.store(), *tw.def, w, old_item, new_item, measured);
      if (measured) add(tw.consumed, consumed);
    }
  }
  for (const auto& tw : tables) {
    for (const auto& w : tw.writes) {
      if (!metrics) break;
      auto m = measure_item_collection(context.store(), *tw.def, *w.item);
      if (!m) continue;
      if (!response.item_collection_metrics) response.item_collection_metrics.emplace();
      (*response.item_collection_metrics)[*tw.table_name].push_back(to_api(*m));
    }
  }
  txn.commit();
  if (capacity != CapacityDetail::kNone) {
    auto& out = response.consumed_capacity.emplace();
    for (const auto& tw : tables)
      out.push_back(consumed_capacity(*tw.table_name, capacity, tw.consumed));
  }
  return response;
}

}  // namespace dynamini
