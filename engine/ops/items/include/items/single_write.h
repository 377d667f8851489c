#pragma once

// One item write in its own transaction: PutItem, UpdateItem, DeleteItem and
// a PartiQL INSERT, UPDATE or DELETE. Under the storage lock: the table is
// looked up, the key (or item) checked against it, the current item read, the
// condition evaluated (ConditionalCheckFailedException, with the item when
// ReturnValuesOnConditionCheckFailure is ALL_OLD; DuplicateItemException for
// a PartiQL INSERT), the new item computed and stored with its index rows and
// stream record, all in one SQLite transaction.

#include <optional>
#include <string>

#include "context/context.h"
#include "items/item_collection_metrics.h"
#include "items/item_write.h"
#include "operation/consumed_capacity.h"

namespace dynamini {

struct WriteMeasures {
  CapacityDetail capacity = CapacityDetail::kNone;  // kNone: not computed
  bool collection_metrics = false;                  // ReturnItemCollectionMetrics SIZE
};

struct WriteOutcome {
  std::optional<Item> old_item;  // the item before the write, if there was one
  std::optional<Item> new_item;  // an update's item after it (puts: the request's item)
  Consumption consumed;          // when measures.capacity != kNone
  std::optional<api::ItemCollectionMetrics> metrics;
};

WriteOutcome run_single_write(Context& context, const ItemWrite& write,
                              const WriteMeasures& measures);

// What a PutItem, UpdateItem or DeleteItem request asks to measure.
template <class Request>
WriteMeasures write_measures(const Request& request, const ExecuteOptions& options) {
  return {
      capacity_detail(request.return_consumed_capacity, options),
      is_value(request.return_item_collection_metrics, api::ReturnItemCollectionMetrics::kSize)};
}

// Their response's ConsumedCapacity and ItemCollectionMetrics (the caller
// adds Attributes).
template <class Response>
Response measured_response(const std::string& table_name, const WriteMeasures& measures,
                           WriteOutcome& outcome) {
  Response response;
  if (measures.capacity != CapacityDetail::kNone) {
    response.consumed_capacity = consumed_capacity(table_name, measures.capacity, outcome.consumed);
  }
  response.item_collection_metrics = std::move(outcome.metrics);
  return response;
}

// ReturnValues ALL_OLD: the item as it was, unless there was none (or it
// was empty): DynamoDB then omits Attributes.
inline std::optional<Item> old_attributes(WriteOutcome& outcome) {
  if (!outcome.old_item || outcome.old_item->empty()) return std::nullopt;
  return std::move(outcome.old_item);
}

}  // namespace dynamini
