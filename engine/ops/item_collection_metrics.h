#pragma once

// ReturnItemCollectionMetrics=SIZE: for a table with local secondary indexes,
// the item collection a write touched (its partition key) and DynamoDB's
// SizeEstimateRangeGB, a [lower, upper] bracket of the collection's size in
// GB (table items plus their LSI entries). Tables without an LSI have no item
// collections and get nothing (Developer Guide, "Item collections in Local
// Secondary Indexes").

#include <optional>
#include <vector>

#include "catalog/table_def.h"
#include "dynamini/shapes.h"
#include "storage/store.h"
#include "validation/shape_errors.h"
#include "values/attribute_value.h"
#include "values/json.h"

namespace dynamini {

struct ItemCollectionMetrics {
  Item key;  // the partition key attribute
  double lower_gb = 0;
  double upper_gb = 1;
};

// The metrics of the collection holding `item` (any item or key of the
// table), measured after the write; nullopt when the table has no LSI.
// REQUIRES: storage lock held.
std::optional<ItemCollectionMetrics> measure_item_collection(Store& store, const TableDef& table,
                                                             const Item& item);

// The response member's shape.
api::ItemCollectionMetrics to_api(const ItemCollectionMetrics& m);

// Writes the metrics object {ItemCollectionKey, SizeEstimateRangeGB}.
void write_item_collection_metrics_object(JsonWriter& out, const ItemCollectionMetrics& m);
// Writes "ItemCollectionMetrics": {...} when `m` is set (single-item writes).
void write_item_collection_metrics(JsonWriter& out, const std::optional<ItemCollectionMetrics>& m);
// Writes "ItemCollectionMetrics": {table: [...], ...} unless empty
// (BatchWriteItem, TransactWriteItems).
void write_item_collection_metrics_by_table(
    JsonWriter& out, const std::vector<std::pair<std::string, ItemCollectionMetrics>>& metrics);

}  // namespace dynamini
