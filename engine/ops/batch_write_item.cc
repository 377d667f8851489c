#include <set>

#include "dynamini/api_error.h"
#include "ops/consumed_capacity.h"
#include "ops/item_collection_metrics.h"
#include "ops/operations.h"
#include "validation/request_members.h"

namespace dynamini {
namespace {

struct WriteRequest {
  bool put = true;
  Item item;  // the item for a put, the key for a delete
};

struct TableWrites {
  std::string table_name;
  std::vector<WriteRequest> writes;
};

constexpr size_t kMaxBatchWrites = 25;

}  // namespace

// BatchWriteItem: up to 25 puts and deletes, all validated before any is
// written, and written in one transaction (a batch with one bad member writes
// nothing).
void batch_write_item(Engine& engine, const Json& request, JsonWriter& out) {
  ShapeErrors errors;
  const Json* request_items = object_member(request, "RequestItems");
  errors.require(request_items != nullptr, "requestItems");
  CapacityDetail capacity = read_capacity_detail(request, errors);
  bool collection_metrics = read_item_collection_metrics(request, errors);
  // dynalite test/batchWriteItem.js: an empty map is a length constraint.
  if (request_items && request_items->MemberCount() == 0) {
    errors.add("{}", "requestItems", "Member must have length greater than or equal to 1");
  }
  if (request_items) {
    // Constraint errors of the tables' entries, reported together with the
    // request's (dynalite test/batchWriteItem.js: "Map keys must satisfy
    // constraint", "Map value must satisfy constraint", then each request's
    // missing deleteRequest.key and putRequest.item).
    std::string rendered;  // the map as DynamoDB quotes it; a list is elided
    bool bad_name = false, bad_length = false;
    for (auto it = request_items->MemberBegin(); it != request_items->MemberEnd(); ++it) {
      if (!it->value.IsArray()) throw_not_list(it->value);
      std::string name(string_of(it->name));
      rendered += (rendered.empty() ? "{" : ", ") + name + (it->value.Empty() ? "=[]" : "=[...]");
      bad_name |= !is_valid_name(name);
      bad_length |= it->value.Empty() || it->value.Size() > kMaxBatchWrites;
    }
    rendered += "}";
    if (bad_name) errors.add(rendered, "requestItems", kMapKeysAreNames);
    if (bad_length) {
      errors.add(rendered, "requestItems",
                 "Map value must satisfy constraint: [Member must have length less than or equal "
                 "to 25, Member must have length greater than or equal to 1]");
    }
    for (auto it = request_items->MemberBegin(); it != request_items->MemberEnd(); ++it) {
      size_t position = 0;
      for (const auto& w : it->value.GetArray()) {
        ++position;
        if (!w.IsObject()) throw_not_structure(w);
        const std::string path = "requestItems." + std::string(string_of(it->name)) + ".member." +
                                 std::to_string(position) + ".member.";
        if (const Json* del = object_member(w, "DeleteRequest")) {
          const bool has_key = object_member(*del, "Key") != nullptr;
          errors.require(has_key, path + "deleteRequest.key");
        }
        if (const Json* put = object_member(w, "PutRequest")) {
          const bool has_item = object_member(*put, "Item") != nullptr;
          errors.require(has_item, path + "putRequest.item");
        }
      }
    }
  }
  errors.throw_if_any();
  std::vector<TableWrites> tables;
  size_t total = 0;
  for (auto it = request_items->MemberBegin(); it != request_items->MemberEnd(); ++it) {
    TableWrites tw;
    tw.table_name.assign(it->name.GetString(), it->name.GetStringLength());
    for (const auto& w : it->value.GetArray()) {
      const Json* put = object_member(w, "PutRequest");
      const Json* del = object_member(w, "DeleteRequest");
      // dynalite test/batchWriteItem.js: a request with neither member.
      if ((put != nullptr) == (del != nullptr)) {
        throw validation_error(
            "Supplied AttributeValue has more than one datatypes set, must contain exactly one of "
            "the supported datatypes");
      }
      WriteRequest wr;
      wr.put = put != nullptr;
      const Json* body = put ? object_member(*put, "Item") : object_member(*del, "Key");
      wr.item = parse_item(*body);
      tw.writes.push_back(std::move(wr));
    }
    total += tw.writes.size();
    tables.push_back(std::move(tw));
  }
  if (total > kMaxBatchWrites) {
    throw validation_error("Too many items requested for the BatchWriteItem call");
  }
  for (const auto& tw : tables) {
    for (const auto& w : tw.writes) {
      if (w.put && item_size(w.item) > kMaxItemSize) {
        throw validation_error("Item size has exceeded the maximum allowed size");
      }
    }
  }

  std::vector<Consumption> consumed(tables.size());
  std::vector<std::pair<std::string, ItemCollectionMetrics>> metrics;
  {
    std::lock_guard lock(engine.storage_mutex());
    std::vector<std::shared_ptr<const TableDef>> defs;
    for (const auto& tw : tables) {
      auto def = engine.require_table(tw.table_name);
      std::set<std::pair<std::string, std::string>> seen;
      for (const auto& w : tw.writes) {
        if (w.put) {
          validate_item_keys(w.item, *def);
        } else {
          validate_key(w.item, *def);
        }
        EncodedKey key = encode_primary_key(w.item, def->keys);
        if (!seen.insert({key.hash, key.range}).second) {
          throw validation_error("Provided list of item keys contains duplicates");
        }
      }
      defs.push_back(std::move(def));
    }
    WriteTransaction txn(engine.store().connection());
    for (size_t t = 0; t < tables.size(); ++t) {
      const TableDef& def = *defs[t];
      for (const auto& w : tables[t].writes) {
        std::optional<Item> old_item;
        if (auto stored = engine.store().get(def, encode_primary_key(w.item, def.keys))) {
          old_item = item_from_json(*stored);
        }
        Consumption c;
        if (w.put) {
          engine.store().put(def, old_item ? &*old_item : nullptr, w.item);
          c = write_consumption(def, old_item ? &*old_item : nullptr, &w.item);
        } else {
          if (old_item) engine.store().remove(def, *old_item);
          c = write_consumption(def, old_item ? &*old_item : nullptr, nullptr);
        }
        consumed[t].table += c.table;
        for (const auto& [n, u] : c.global_indexes) consumed[t].global_indexes[n] += u;
        for (const auto& [n, u] : c.local_indexes) consumed[t].local_indexes[n] += u;
      }
    }
    if (collection_metrics) {
      for (size_t t = 0; t < tables.size(); ++t) {
        for (const auto& w : tables[t].writes) {
          if (auto m = measure_item_collection(engine.store(), *defs[t], w.item)) {
            metrics.emplace_back(tables[t].table_name, std::move(*m));
          }
        }
      }
    }
    txn.commit();
  }
  out.StartObject();
  out.Key("UnprocessedItems");
  out.StartObject();
  out.EndObject();
  if (capacity != CapacityDetail::kNone) {
    out.Key("ConsumedCapacity");
    out.StartArray();
    for (size_t t = 0; t < tables.size(); ++t) {
      write_consumed_capacity_object(out, tables[t].table_name, capacity, consumed[t]);
    }
    out.EndArray();
  }
  write_item_collection_metrics_by_table(out, metrics);
  out.EndObject();
}

}  // namespace dynamini
