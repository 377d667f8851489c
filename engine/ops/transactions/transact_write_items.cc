// TransactWriteItems: up to 100 puts, updates, deletes and condition checks
// over any tables, applied all together or not at all.

#include <mutex>

#include "api/shapes_wire.h"
#include "items/item_collection_metrics.h"
#include "items/write_binding.h"
#include "operation/operations.h"
#include "transactions/request_fingerprint.h"
#include "transactions/transaction.h"
#include "transactions/transaction_replay.h"

namespace dynamini {
namespace {

// The one action a TransactItems member carries, bound.
ItemWrite bind_action(const api::TransactWriteItem& action) {
  if (action.condition_check)
    return bind_write(*action.condition_check, WriteKind::kConditionCheck);
  if (action.put) return bind_write(*action.put, WriteKind::kPut);
  if (action.delete_) return bind_write(*action.delete_, WriteKind::kDelete);
  return bind_write(*action.update, WriteKind::kUpdate);
}

TransactWriteItemsResponse run_transaction(Context& context,
                                           const TransactWriteItemsRequest& request,
                                           const std::vector<ItemWrite>& writes,
                                           const ExecuteOptions& options,
                                           TableConsumption* replay_reads) {
  TableConsumption consumed = run_write_transaction(context, writes, replay_reads);
  TransactWriteItemsResponse response;
  const CapacityDetail capacity = capacity_detail(request.return_consumed_capacity, options);
  if (capacity != CapacityDetail::kNone)
    response.consumed_capacity = transaction_capacity(capacity, consumed);
  if (!is_value(request.return_item_collection_metrics, api::ReturnItemCollectionMetrics::kSize)) {
    return response;
  }
  for (const auto& w : writes) {
    if (w.kind == WriteKind::kConditionCheck) continue;
    auto def = context.require_table(w.table_name, w.action());
    if (auto m = measure_item_collection(context.store(), *def, *w.item)) {
      if (!response.item_collection_metrics) response.item_collection_metrics.emplace();
      (*response.item_collection_metrics)[w.table_name].push_back(to_api(*m));
    }
  }
  return response;
}

}  // namespace

void TransactWriteItemsOperation::check_before_values(const Request& request) {
  for (const auto& action : *request.transact_items) {
    const int count = action.condition_check.has_value() + action.put.has_value() +
                      action.delete_.has_value() + action.update.has_value();
    // Messages recorded from DynamoDB (moto test_dynamodb_exceptions.py).
    if (count > 1)
      throw validation_error("TransactItems can only contain one of Check, Put, Update or Delete");
    if (count == 0) {
      throw validation_error(
          "Invalid Request: TransactWriteRequest should contain Delete or Put or Update request");
    }
  }
}

// Action by action, in request order: its expressions, then its values (the
// older value layer), so that a later action's problem never beats an
// earlier one's, of whatever kind (paritysuite/dynamodb-conformance
// tests/tier3/validation-ordering/transactions.test.ts and deepRequests.test.ts,
// us-east-1 and eu-west-2, 2026-10-09: a malformed condition on the first
// action before a too deep item on the second, and the reverse). Within one
// action the expression comes first (recorded for a condition syntax error
// beside a key nested 100 levels). Tables are looked up only when it runs.
void TransactWriteItemsOperation::check_values(Request& request) {
  const ValueChecker checker(ValueLayer::kOlder);
  for (auto& action : *request.transact_items) {
    bind_action(action);
    api::check_values(action, checker);
  }
}

TransactWriteItemsResponse TransactWriteItemsOperation::run(Context& context,
                                                            const Request& request,
                                                            const ExecuteOptions& options) {
  std::vector<ItemWrite> writes;
  for (const auto& action : *request.transact_items) writes.push_back(bind_action(action));
  const auto& token = request.client_request_token;
  std::lock_guard lock(context.storage_mutex());
  const std::string print = token ? request_fingerprint(request) : std::string();
  using Remembered = RememberedTransaction<TransactWriteItemsResponse>;
  const CapacityDetail capacity = capacity_detail(request.return_consumed_capacity, options);
  if (token) {
    if (auto replayed = context.idempotency_tokens().replay(*token, print, context.now_ms())) {
      return replayed_response(std::any_cast<const Remembered&>(*replayed), capacity);
    }
  }
  Remembered remembered;
  TransactWriteItemsResponse response = run_transaction(context, request, writes, options,
                                                        token ? &remembered.replay_reads : nullptr);
  if (token) {
    remembered.response = response;
    context.idempotency_tokens().remember(*token, print, std::move(remembered), context.now_ms());
  }
  return response;
}

}  // namespace dynamini
