#include "ops/call_facts_recorder.h"

#include "keys/item_keys.h"
#include "ops/consumed_capacity.h"
#include "values/base64.h"

namespace dynamini {
namespace {

thread_local CallFacts* recording = nullptr;
thread_local bool recording_read_keys = false;

std::string key_json(const Item& item, const KeySchema& keys) {
  Item key;
  key.emplace(keys.hash.name, item.at(keys.hash.name));
  if (keys.range) key.emplace(keys.range->name, item.at(keys.range->name));
  return item_to_json(key);
}

std::string value_text(const AttributeValue& value) {
  return value.type == ValueType::B ? base64_encode(value.scalar) : value.scalar;
}

const char* projection_name(const IndexProjection& projection) {
  switch (projection.type) {
    case IndexProjection::Type::kAll:
      return "ALL";
    case IndexProjection::Type::kKeysOnly:
      return "KEYS_ONLY";
    case IndexProjection::Type::kInclude:
      return "INCLUDE";
  }
  return "";
}

// What `index` would charge projecting KEYS_ONLY: write_consumption's own
// rules (ops/consumed_capacity.h) over a table holding only that index, so
// its entry size and its in-place rewrite rule are the ones charged. Copies
// the table's keys and one index, not the whole definition.
double keys_only_units(const TableDef& table, const IndexDef& index, const Item* old_item,
                       const Item* new_item) {
  TableDef one_index;
  one_index.keys = table.keys;
  one_index.indexes.push_back(index);
  one_index.indexes.back().projection = IndexProjection{.type = IndexProjection::Type::kKeysOnly};
  const Consumption c = write_consumption(one_index, old_item, new_item);
  const auto& units = index.global ? c.global_indexes : c.local_indexes;
  auto it = units.find(index.name);
  return it == units.end() ? 0 : it->second;
}

// The units each index charged, and what each would charge projecting
// KEYS_ONLY.
std::vector<CallFacts::IndexWrite> index_writes(const TableDef& table, const Consumption& actual,
                                                const Item* old_item, const Item* new_item) {
  std::vector<CallFacts::IndexWrite> out;
  for (const IndexDef& index : table.indexes) {
    const auto& units = index.global ? actual.global_indexes : actual.local_indexes;
    auto it = units.find(index.name);
    if (it == units.end() || it->second == 0) continue;
    out.push_back({.index = index.name,
                   .projection = projection_name(index.projection),
                   .units = it->second,
                   .keys_only_units = index.projection.type == IndexProjection::Type::kKeysOnly
                                          ? it->second
                                          : keys_only_units(table, index, old_item, new_item)});
  }
  return out;
}

}  // namespace

FactsRecording::FactsRecording(CallFacts* facts, bool read_keys)
    : previous_(recording), previous_read_keys_(recording_read_keys) {
  recording = facts;
  recording_read_keys = read_keys;
}

FactsRecording::~FactsRecording() {
  recording = previous_;
  recording_read_keys = previous_read_keys_;
}

CallFacts::Page* note_page(const TableDef& table, const IndexDef* index, bool query, bool filtered,
                           bool single_item) {
  if (recording == nullptr) return nullptr;
  CallFacts::Page& page = recording->pages.emplace_back();
  page.table = table.name;
  page.index = index ? index->name : "";
  page.query = query;
  page.filtered = filtered;
  page.single_item = single_item;
  return &page;
}

void note_page_item(CallFacts::Page& page, const TableDef& table, std::string_view row_json,
                    bool returned) {
  if (!recording_read_keys || page.keys.size() >= CallFacts::kMaxKeys) return;
  std::vector<std::string_view> names{table.keys.hash.name};
  if (table.keys.range) names.push_back(table.keys.range->name);
  page.keys.push_back(
      {.key = item_to_json(attributes_from_json(row_json, names)), .returned = returned});
}

void note_write(const TableDef& table, const Item* old_item, const Item* new_item) {
  if (recording == nullptr || (old_item == nullptr && new_item == nullptr)) return;
  const Item& item = new_item ? *new_item : *old_item;
  CallFacts::Write write;
  write.table = table.name;
  write.key = key_json(item, table.keys);
  write.partition_key = value_text(item.at(table.keys.hash.name));
  write.item_bytes = item_size(item);
  write.created = old_item == nullptr;
  write.removed = new_item == nullptr;
  const Consumption consumed = write_consumption(table, old_item, new_item);
  write.units = consumed.table;
  write.indexes = index_writes(table, consumed, old_item, new_item);
  recording->writes.push_back(std::move(write));
}

}  // namespace dynamini
