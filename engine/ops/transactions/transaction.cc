#include "transactions/transaction.h"

#include <algorithm>
#include <mutex>
#include <set>

#include "dynamini/api_error.h"

namespace dynamini {
namespace {

Consumption& slot(TableConsumption& consumed, const std::string& table) {
  for (auto& [name, c] : consumed) {
    if (name == table) return c;
  }
  consumed.emplace_back(table, Consumption{});
  return consumed.back().second;
}

void add_doubled(Consumption& into, const Consumption& c) {
  // Transactions cost two units per unit of work (Developer Guide, "Amazon
  // DynamoDB Transactions: Capacity management for transactions").
  into.table += 2 * c.table;
  for (const auto& [n, u] : c.global_indexes) into.global_indexes[n] += 2 * u;
  for (const auto& [n, u] : c.local_indexes) into.local_indexes[n] += 2 * u;
}

// "The aggregate size of the items in the transaction cannot exceed 4 MB"
// (API reference, TransactWriteItems): a Put counts its item, the other
// actions their key. The message is dynoxide's (src/actions/
// transact_write_items.rs); not confirmed against DynamoDB.
constexpr int64_t kMaxTransactionBytes = 4 * 1024 * 1024;

void check_aggregate_size(const std::vector<ItemWrite>& writes) {
  int64_t total = 0;
  for (const auto& w : writes) total += item_size(*w.item);
  if (total > kMaxTransactionBytes) {
    throw validation_error(
        "Collection size of items exceeded, which can also be caused by the aggregate size of the "
        "items in the transaction exceeding the 4MB limit");
  }
}

// The larger of an action's two images, which a replay is read-charged on.
int64_t larger_image(const std::optional<Item>& before, const Item* after) {
  return std::max(before ? item_size(*before) : 0, after ? item_size(*after) : 0);
}

}  // namespace

// Message as DynamoDB renders it: "Transaction cancelled, please refer
// cancellation reasons for specific reasons [ConditionalCheckFailed, None]".
void cancel_transaction(const std::vector<CancellationReason>& reasons) {
  std::string message =
      "Transaction cancelled, please refer cancellation reasons for specific reasons [";
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartArray();
  for (size_t i = 0; i < reasons.size(); ++i) {
    if (i) message += ", ";
    message += reasons[i].code;
    w.StartObject();
    if (reasons[i].item) {
      w.Key("Item");
      write_item(w, *reasons[i].item);
    }
    w.Key("Code");
    write_string(w, reasons[i].code);
    if (!reasons[i].message.empty()) {
      w.Key("Message");
      write_string(w, reasons[i].message);
    }
    w.EndObject();
  }
  w.EndArray();
  message += "]";
  // The reasons travel as an extra response member beside the message.
  std::string reasons_member =
      "\"CancellationReasons\":" + std::string(buffer.GetString(), buffer.GetSize());
  throw ApiError{ErrorCode::kTransactionCanceled, message, std::move(reasons_member)};
}

TableConsumption run_write_transaction(Context& context, const std::vector<ItemWrite>& writes,
                                       TableConsumption* replay_reads) {
  TableConsumption consumed;
  std::vector<std::shared_ptr<const TableDef>> tables;
  std::set<std::tuple<std::string, std::string, std::string>> seen;
  // A key attribute of the wrong type cancels the transaction (a
  // ValidationError reason) once every action passed the request's own
  // checks; an empty key value, a duplicate target and the rest refuse it.
  std::vector<std::optional<std::string>> faults;
  for (const auto& w : writes) {
    auto table = context.require_table(w.table_name, w.action());
    faults.push_back(w.type_fault(*table));
    if (faults.back()) {
      tables.push_back(std::move(table));
      continue;
    }
    w.validate(*table);
    EncodedKey key = w.primary_key(*table);
    // By the table's name: one item named once by name and once by ARN is
    // still one item.
    if (!seen.insert({table->name, key.hash, key.range}).second) {
      throw validation_error("Transaction request cannot include multiple operations on one item");
    }
    tables.push_back(std::move(table));
  }
  check_aggregate_size(writes);
  for (const auto& w : writes) slot(consumed, w.table_name);
  WriteTransaction txn(context.store().connection());
  // First every condition against the state before the transaction...
  std::vector<std::optional<Item>> current(writes.size());
  std::vector<std::optional<Item>> next(writes.size());
  std::vector<CancellationReason> reasons(writes.size());
  bool failed = false;
  for (size_t i = 0; i < writes.size(); ++i) {
    const ItemWrite& w = writes[i];
    if (faults[i]) {
      failed = true;
      reasons[i].code = "ValidationError";
      reasons[i].message = *faults[i];
      continue;
    }
    current[i] = read_current(context.store(), *tables[i], w);
    const Item* old_item = current[i] ? &*current[i] : nullptr;
    if (!condition_holds(w, old_item)) {
      failed = true;
      if (w.insert) {
        reasons[i].code = "DuplicateItem";
        reasons[i].message = "Duplicate primary key exists in table";
      } else {
        reasons[i].code = "ConditionalCheckFailed";
        reasons[i].message = "The conditional request failed";
        if (w.return_old_on_condition_failure && current[i]) reasons[i].item = current[i];
      }
      continue;
    }
    try {
      next[i] = compute_new_item(w, *tables[i], old_item);
    } catch (const ApiError& e) {
      if (e.code != ErrorCode::kValidation) throw;
      // An update that cannot apply to the stored item cancels the
      // transaction with a ValidationError reason (API reference,
      // TransactWriteItems, "Validation Error").
      failed = true;
      reasons[i].code = "ValidationError";
      reasons[i].message = e.message;
    }
  }
  if (failed) cancel_transaction(reasons);
  // ...then every write, in one SQLite transaction.
  for (size_t i = 0; i < writes.size(); ++i) {
    Consumption c =
        store_write(context.store(), *tables[i], writes[i], current[i] ? &*current[i] : nullptr,
                    new_item_of(writes[i], next[i]));
    add_doubled(slot(consumed, writes[i].table_name), c);
    if (replay_reads) {
      slot(*replay_reads, writes[i].table_name).table +=
          2 * read_units(larger_image(current[i], new_item_of(writes[i], next[i])), true);
    }
  }
  txn.commit();
  return consumed;
}

std::vector<std::optional<Item>> run_read_transaction(Context& context,
                                                      const std::vector<ItemRead>& reads,
                                                      TableConsumption& consumed) {
  std::vector<std::optional<Item>> out;
  std::lock_guard lock(context.storage_mutex());
  std::vector<std::shared_ptr<const TableDef>> tables;
  std::set<std::tuple<std::string, std::string, std::string>> seen;
  // A key that does not match its table's schema cancels the transaction with
  // a ValidationError reason rather than refusing the request (paritysuite/
  // dynamodb-conformance tests/tier3/error-messages/transactGetItems.test.ts;
  // the reason's Message is not recorded: TransactWriteItems' words for a
  // mistyped key).
  std::vector<CancellationReason> reasons(reads.size());
  bool cancelled = false;
  for (size_t i = 0; i < reads.size(); ++i) {
    const ItemRead& r = reads[i];
    auto table = context.require_table(r.table_name, "GetItem");
    if (!key_fits_schema(r.key, *table)) {
      cancelled = true;
      reasons[i] = {"ValidationError", "The provided key element does not match the schema", {}};
      tables.push_back(std::move(table));
      continue;
    }
    validate_key(r.key, *table);
    EncodedKey key = encode_primary_key(r.key, table->keys);
    if (!seen.insert({table->name, key.hash, key.range}).second) {
      throw validation_error("Transaction request cannot include multiple operations on one item");
    }
    tables.push_back(std::move(table));
  }
  if (cancelled) cancel_transaction(reasons);
  for (size_t i = 0; i < reads.size(); ++i) {
    auto stored =
        context.store().get(*tables[i], encode_primary_key(reads[i].key, tables[i]->keys));
    int64_t size = 0;
    if (stored) {
      Item item = item_from_json(*stored);
      size = item_size(item);
      out.push_back(reads[i].projection ? reads[i].projection->apply(item) : std::move(item));
    } else {
      out.push_back(std::nullopt);
    }
    // Two read units per 4 KB (a transactional read is a consistent read, twice).
    slot(consumed, reads[i].table_name).table += 2 * read_units(size, true);
  }
  return out;
}

std::vector<api::ConsumedCapacity> transaction_capacity(CapacityDetail detail,
                                                        const TableConsumption& consumed) {
  std::vector<api::ConsumedCapacity> out;
  for (const auto& [name, c] : consumed) out.push_back(consumed_capacity(name, detail, c));
  return out;
}

}  // namespace dynamini
