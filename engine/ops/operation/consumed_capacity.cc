#include "operation/consumed_capacity.h"

#include <cmath>

#include "keys/item_keys.h"

namespace dynamini {

CapacityDetail capacity_detail(const std::optional<Enum<api::ReturnConsumedCapacity>>& asked,
                               const ExecuteOptions& options) {
  if (asked && *asked == api::ReturnConsumedCapacity::kIndexes) return CapacityDetail::kIndexes;
  if (asked && *asked == api::ReturnConsumedCapacity::kTotal) return CapacityDetail::kTotal;
  return options.measure_capacity ? CapacityDetail::kTotal : CapacityDetail::kNone;
}

namespace {
std::map<std::string, api::Capacity> index_capacities(const std::map<std::string, double>& units) {
  std::map<std::string, api::Capacity> out;
  for (const auto& [name, u] : units) out[name].capacity_units = u;
  return out;
}
}  // namespace

api::ConsumedCapacity consumed_capacity(const std::string& table_name, CapacityDetail detail,
                                        const Consumption& c) {
  api::ConsumedCapacity out;
  out.table_name = table_name;
  out.capacity_units = c.total();
  if (detail == CapacityDetail::kIndexes) {
    out.table.emplace().capacity_units = c.table;
    if (!c.global_indexes.empty())
      out.global_secondary_indexes = index_capacities(c.global_indexes);
    if (!c.local_indexes.empty()) out.local_secondary_indexes = index_capacities(c.local_indexes);
  }
  return out;
}

double read_units(int64_t bytes, bool consistent) {
  double units = std::max<double>(1.0, std::ceil(static_cast<double>(bytes) / 4096.0));
  return consistent ? units : units / 2.0;
}

double write_units(int64_t bytes) {
  return std::max<double>(1.0, std::ceil(static_cast<double>(bytes) / 1024.0));
}

double Consumption::total() const {
  double sum = table;
  for (const auto& [name, units] : global_indexes) sum += units;
  for (const auto& [name, units] : local_indexes) sum += units;
  return sum;
}

Consumption read_consumption(const IndexDef* index, int64_t bytes, bool consistent) {
  Consumption c;
  double units = read_units(bytes, consistent);
  if (!index) {
    c.table = units;
  } else {
    (index->global ? c.global_indexes : c.local_indexes)[index->name] = units;
  }
  return c;
}

namespace {

// Whether `index` stores the same entry for both items (projected as
// `projection`): what decides that an in-place rewrite costs nothing.
bool same_entry(const TableDef& table, const IndexDef& index, const IndexProjection& projection,
                const Item& old_item, const Item& new_item) {
  if (projection.type == IndexProjection::Type::kAll) {
    return item_to_json(old_item) == item_to_json(new_item);
  }
  return item_to_json(project_for_index(old_item, table, index, projection)) ==
         item_to_json(project_for_index(new_item, table, index, projection));
}

}  // namespace

double index_write_units(const TableDef& table, const IndexDef& index,
                         const IndexProjection& projection, const WrittenItems& written,
                         const WriteFootprint::IndexEntry* known) {
  const Item* old_item = written.old_item;
  const Item* new_item = written.new_item;
  const bool in_old = known ? known->before : old_item && has_index_key(*old_item, index);
  const bool in_new = known ? known->after : new_item && has_index_key(*new_item, index);
  if (!in_old && !in_new) return 0;
  double units = 0;
  // An ALL projection's entry is the item itself (its size known); other
  // entries are sized without building them.
  const bool all = projection.type == IndexProjection::Type::kAll;
  auto entry_size = [&](const Item& item, int64_t item_bytes) {
    return all ? item_bytes : projected_size(item, table, index, projection);
  };
  if (in_old) units += write_units(entry_size(*old_item, written.old_size));
  if (in_new) {
    double put = write_units(entry_size(*new_item, written.new_size));
    // The same index key rewritten in place is one write, not a delete and
    // a put; none at all when no projected attribute changed (Developer
    // Guide, "Provisioned throughput considerations for Global Secondary
    // Indexes").
    const bool same_key =
        in_old && (known ? known->same_key
                         : index_key_of(*old_item, index) == index_key_of(*new_item, index));
    if (same_key) {
      units = same_entry(table, index, projection, *old_item, *new_item) ? 0 : std::max(units, put);
    } else {
      units += put;
    }
  }
  return units;
}

WrittenItems written_items(const Item* old_item, const Item* new_item,
                           const WriteFootprint* footprint) {
  return {.old_item = old_item,
          .new_item = new_item,
          .old_size = old_item ? item_size(*old_item) : 0,
          .new_size = footprint  ? footprint->new_bytes
                      : new_item ? item_size(*new_item)
                                 : 0};
}

Consumption write_consumption(const TableDef& table, const Item* old_item, const Item* new_item,
                              const WriteFootprint* footprint) {
  Consumption c;
  const WrittenItems written = written_items(old_item, new_item, footprint);
  c.table = write_units(std::max(written.old_size, written.new_size));
  for (size_t i = 0; i < table.indexes.size(); ++i) {
    const IndexDef& index = table.indexes[i];
    const WriteFootprint::IndexEntry* known = footprint ? &footprint->indexes[i] : nullptr;
    const double units = index_write_units(table, index, index.projection, written, known);
    if (units == 0) continue;
    (index.global ? c.global_indexes : c.local_indexes)[index.name] += units;
  }
  return c;
}

}  // namespace dynamini
