#pragma once

// The transaction machinery shared by TransactWriteItems, TransactGetItems
// and PartiQL's ExecuteTransaction: every action validated first, then all of
// them checked and applied in ONE SQLite transaction under the storage lock,
// or none (TransactionCanceledException with CancellationReasons in request
// order).

#include <string>
#include <utility>
#include <vector>

#include "context/context.h"
#include "expressions/expressions.h"
#include "items/item_write.h"
#include "operation/consumed_capacity.h"

namespace dynamini {

// Capacity per table, in the order tables first appear in the request.
using TableConsumption = std::vector<std::pair<std::string, Consumption>>;

// DynamoDB's limit on actions in one transaction.
constexpr size_t kMaxTransactionActions = 100;

// One action's outcome in a TransactionCanceledException: "None", or why it
// failed (ConditionalCheckFailed, ValidationError, ResourceNotFound, ...).
struct CancellationReason {
  std::string code = "None";
  std::string message;
  std::optional<Item> item;
};

// Throws TransactionCanceledException with `reasons` (in request order), its
// message listing their codes as DynamoDB renders it.
[[noreturn]] void cancel_transaction(const std::vector<CancellationReason>& reasons);

// Runs `writes` all-or-nothing. REQUIRES: the storage lock held (callers keep
// it across an idempotency check). Throws ResourceNotFoundException for an
// unknown table, ValidationException for a bad key or two actions on one
// item, TransactionCanceledException when a condition fails (or an update
// cannot apply, or a key attribute has the wrong type), ValidationException
// when the items' aggregate size is over 4 MB. Capacity is already doubled as
// DynamoDB bills transactions. `replay_reads`, when given, receives what a
// ClientRequestToken replay of this transaction is charged: "Subsequent
// TransactWriteItems calls with the same client token return the number of
// read capacity units consumed in reading the item" (API reference,
// ClientRequestToken), two read units per 4 KB of each action's larger image
// (dynoxide's replay_response, from a capture against DynamoDB).
TableConsumption run_write_transaction(Context& context, const std::vector<ItemWrite>& writes,
                                       TableConsumption* replay_reads = nullptr);

struct ItemRead {
  std::string table_name;
  Item key;
  std::optional<expr::Projection> projection;
};

// Reads every key from one consistent snapshot (under the storage lock).
// nullopt for a missing item. `consumed` gets doubled read units per table.
std::vector<std::optional<Item>> run_read_transaction(Context& context,
                                                      const std::vector<ItemRead>& reads,
                                                      TableConsumption& consumed);

// The response member: one ConsumedCapacity per table. REQUIRES: detail != kNone.
std::vector<api::ConsumedCapacity> transaction_capacity(CapacityDetail detail,
                                                        const TableConsumption& consumed);

}  // namespace dynamini
