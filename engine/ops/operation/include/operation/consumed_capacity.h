#pragma once

// ConsumedCapacity as DynamoDB computes it (Developer Guide, "Read/write
// capacity mode"): a read unit per 4 KB read (half for an eventually
// consistent read), a write unit per 1 KB written, each rounded up; index
// writes charged on the size of what the index stores.

#include <cstdint>
#include <map>
#include <string>

#include "catalog/table_def.h"
#include "dynamini/options.h"
#include "dynamini/shapes.h"
#include "storage/store.h"
#include "values/attribute_value.h"
#include "values/json.h"
#include "values/shape_errors.h"

namespace dynamini {

enum class CapacityDetail { kNone, kTotal, kIndexes };

// What a typed request's ReturnConsumedCapacity asks for; TOTAL when it asks
// for nothing but the caller measures anyway (ExecuteOptions::measure_capacity).
CapacityDetail capacity_detail(const std::optional<Enum<api::ReturnConsumedCapacity>>& asked,
                               const ExecuteOptions& options);

// Read units for `bytes` read in one request (at least one unit's worth).
double read_units(int64_t bytes, bool consistent);
// Write units for one item write of `bytes` (at least 1).
double write_units(int64_t bytes);

struct Consumption {
  double table = 0;
  std::map<std::string, double> global_indexes;
  std::map<std::string, double> local_indexes;
  double total() const;
};

// A Query or Scan page of `bytes` read from the table or from `index`: the
// whole page rounded up to 4 KB once, charged to what was read.
Consumption read_consumption(const IndexDef* index, int64_t bytes, bool consistent);

// The two sides of one item write (either item may be null) and their
// DynamoDB sizes (0 for a missing side).
struct WrittenItems {
  const Item* old_item = nullptr;
  const Item* new_item = nullptr;
  int64_t old_size = 0;
  int64_t new_size = 0;
};
// The sides of a write, sized; the new side's size comes from `footprint`
// when Store::put reported one.
WrittenItems written_items(const Item* old_item, const Item* new_item,
                           const WriteFootprint* footprint);

// What `index` charges for `written`, its entries projected as `projection`
// (the index's own, or another to compare with: the reviewer's KEYS_ONLY).
// `known`: the footprint's entry for this index, when Store::put reported it.
double index_write_units(const TableDef& table, const IndexDef& index,
                         const IndexProjection& projection, const WrittenItems& written,
                         const WriteFootprint::IndexEntry* known);

// What writing `new_item` over `old_item` (either may be null) costs,
// including the index rows that change. `footprint`: what Store::put reported
// for this write (its sizes and index entries are then not computed again).
Consumption write_consumption(const TableDef& table, const Item* old_item, const Item* new_item,
                              const WriteFootprint* footprint = nullptr);

// The ConsumedCapacity member of a response: TableName and CapacityUnits,
// and with kIndexes the table's and each index's units.
// REQUIRES: detail != kNone.
api::ConsumedCapacity consumed_capacity(const std::string& table_name, CapacityDetail detail,
                                        const Consumption& consumption);

}  // namespace dynamini
