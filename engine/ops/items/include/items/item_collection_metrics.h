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
#include "values/attribute_value.h"
#include "values/json.h"
#include "values/shape_errors.h"

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

}  // namespace dynamini
