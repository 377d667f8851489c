#include "items/item_collection_metrics.h"

#include <cmath>
#include <map>

#include "keys/item_keys.h"

namespace dynamini {

std::optional<ItemCollectionMetrics> measure_item_collection(Store& store, const TableDef& table,
                                                             const Item& item) {
  bool has_lsi = false;
  for (const auto& index : table.indexes) has_lsi |= !index.global;
  if (!has_lsi) return std::nullopt;
  KeySchema hash_only{table.keys.hash, std::nullopt};
  ItemCollectionMetrics m;
  m.key = key_of(item, hash_only);
  const std::string hash = encode_primary_key(item, table.keys).hash;
  int64_t bytes = 0;
  auto add = [&](std::string_view, int64_t size, std::string_view) {
    bytes += size;
    return true;
  };
  RangeRead read;
  read.hash = hash;
  store.read_range(table, read, add);
  for (const auto& index : table.indexes) {
    if (index.global) continue;
    RangeRead index_read;
    index_read.index = &index;
    index_read.hash = hash;  // an LSI shares the table's partition key
    store.read_range(table, index_read, add);
  }
  // DynamoDB answers a bracket one GB wide around the estimate ([0.0, 1.0]
  // for any collection under 1 GB).
  double gb = static_cast<double>(bytes) / (1024.0 * 1024.0 * 1024.0);
  m.lower_gb = std::floor(gb);
  m.upper_gb = m.lower_gb + 1;
  return m;
}

api::ItemCollectionMetrics to_api(const ItemCollectionMetrics& m) {
  api::ItemCollectionMetrics out;
  out.item_collection_key = m.key;
  out.size_estimate_range_gb = std::vector<double>{m.lower_gb, m.upper_gb};
  return out;
}

}  // namespace dynamini
