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

#include "engine.h"
#include "ops/consumed_capacity.h"
#include "ops/item_collection_metrics.h"
#include "ops/item_write.h"

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

WriteOutcome run_single_write(Engine& engine, const ItemWrite& write, const WriteMeasures& measures);

}  // namespace dynamini
