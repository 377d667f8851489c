#include "operation/call_facts_recorder.h"

#include "keys/item_keys.h"
#include "operation/consumed_capacity.h"
#include "values/base64.h"
#include "values/json.h"

namespace dynamini {
namespace {

thread_local CallFacts* recording = nullptr;
thread_local bool recording_read_keys = false;

// The item's primary key as DynamoDB JSON, attributes in name order (as
// item_to_json writes a key Item), written without building one.
std::string key_json(const Item& item, const KeySchema& keys) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  auto write = [&](const std::string& name) {
    write_key(w, name);
    write_attribute_value(w, item.at(name));
  };
  const std::string& hash = keys.hash.name;
  if (!keys.range) {
    write(hash);
  } else {
    const std::string& range = keys.range->name;
    write(hash < range ? hash : range);
    write(hash < range ? range : hash);
  }
  w.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize());
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

// The units each index charged, and what each would charge projecting
// KEYS_ONLY (write_consumption's own rules, operation/consumed_capacity.h).
std::vector<CallFacts::IndexWrite> index_writes(const TableDef& table, const Consumption& actual,
                                                const WrittenItems& written,
                                                const WriteFootprint* footprint) {
  static const IndexProjection kKeysOnly{.type = IndexProjection::Type::kKeysOnly};
  std::vector<CallFacts::IndexWrite> out;
  for (size_t i = 0; i < table.indexes.size(); ++i) {
    const IndexDef& index = table.indexes[i];
    const auto& units = index.global ? actual.global_indexes : actual.local_indexes;
    auto it = units.find(index.name);
    if (it == units.end() || it->second == 0) continue;
    const WriteFootprint::IndexEntry* known = footprint ? &footprint->indexes[i] : nullptr;
    out.push_back(
        {.index = index.name,
         .projection = projection_name(index.projection),
         .units = it->second,
         .keys_only_units = index.projection.type == IndexProjection::Type::kKeysOnly
                                ? it->second
                                : index_write_units(table, index, kKeysOnly, written, known)});
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

bool recording_facts() { return recording != nullptr; }

void note_write(const TableDef& table, const Item* old_item, const Item* new_item,
                const WriteFootprint* footprint, const Consumption& consumed) {
  if (recording == nullptr || (old_item == nullptr && new_item == nullptr)) return;
  const Item& item = new_item ? *new_item : *old_item;
  const WrittenItems written = written_items(old_item, new_item, footprint);
  CallFacts::Write write;
  write.table = table.name;
  write.key = key_json(item, table.keys);
  write.partition_key = value_text(item.at(table.keys.hash.name));
  write.item_bytes = new_item ? written.new_size : written.old_size;
  write.created = old_item == nullptr;
  write.removed = new_item == nullptr;
  write.units = consumed.table;
  write.indexes = index_writes(table, consumed, written, footprint);
  recording->writes.push_back(std::move(write));
}

}  // namespace dynamini
