#include <set>

#include "dynamini/api_error.h"
#include "ops/consumed_capacity.h"
#include "ops/expression_inputs.h"
#include "ops/operations.h"
#include "validation/request_members.h"

namespace dynamini {
namespace {

struct TableRequest {
  std::string table_name;
  std::vector<Item> keys;
  std::optional<expr::Projection> projection;
  bool consistent = false;
};

constexpr size_t kMaxBatchGetKeys = 100;

}  // namespace

// BatchGetItem: up to 100 keys over any number of tables, answered together.
void batch_get_item(Engine& engine, const Json& request, JsonWriter& out) {
  ShapeErrors errors;
  const Json* request_items = object_member(request, "RequestItems");
  errors.require(request_items != nullptr, "requestItems");
  CapacityDetail capacity = read_capacity_detail(request, errors);
  errors.throw_if_any();
  std::vector<TableRequest> tables;
  size_t total_keys = 0;
  for (auto it = request_items->MemberBegin(); it != request_items->MemberEnd(); ++it) {
    TableRequest tr;
    tr.table_name.assign(it->name.GetString(), it->name.GetStringLength());
    const Json& spec = it->value;
    const Json* keys = array_member(spec, "Keys");
    if (!keys) throw validation_error("1 validation error detected: Value null at 'requestItems." + tr.table_name + ".member.keys' failed to satisfy constraint: Member must not be null");
    for (const auto& k : keys->GetArray()) tr.keys.push_back(parse_item(k));
    total_keys += tr.keys.size();
    tr.consistent = bool_member(spec, "ConsistentRead").value_or(false);
    bool has_expression = find_member(spec, "ProjectionExpression") != nullptr;
    auto attributes = read_expression_attributes(spec, has_expression);
    tr.projection = read_projection(spec, attributes);
    expr::check_all_used(attributes);
    tables.push_back(std::move(tr));
  }
  if (total_keys > kMaxBatchGetKeys) {
    throw validation_error("Too many items requested for the BatchGetItem call");
  }

  struct Answer {
    std::vector<Item> items;
    int64_t bytes = 0;
  };
  std::vector<Answer> answers(tables.size());
  {
    std::lock_guard lock(engine.storage_mutex());
    for (size_t t = 0; t < tables.size(); ++t) {
      auto def = engine.require_table(tables[t].table_name);
      std::set<std::pair<std::string, std::string>> seen;
      for (const auto& key : tables[t].keys) {
        validate_key(key, *def);
        EncodedKey encoded = encode_primary_key(key, def->keys);
        if (!seen.insert({encoded.hash, encoded.range}).second) {
          throw validation_error("Provided list of item keys contains duplicates");
        }
      }
      for (const auto& key : tables[t].keys) {
        if (auto stored = engine.store().get(*def, encode_primary_key(key, def->keys))) {
          Item item = item_from_json(*stored);
          answers[t].bytes += item_size(item);
          answers[t].items.push_back(tables[t].projection ? tables[t].projection->apply(item)
                                                          : std::move(item));
        }
      }
    }
  }
  out.StartObject();
  out.Key("Responses");
  out.StartObject();
  for (size_t t = 0; t < tables.size(); ++t) {
    write_key(out, tables[t].table_name);
    out.StartArray();
    for (const auto& item : answers[t].items) write_item(out, item);
    out.EndArray();
  }
  out.EndObject();
  out.Key("UnprocessedKeys");
  out.StartObject();
  out.EndObject();
  if (capacity != CapacityDetail::kNone) {
    out.Key("ConsumedCapacity");
    out.StartArray();
    for (size_t t = 0; t < tables.size(); ++t) {
      Consumption c;
      c.table = read_units(answers[t].bytes, tables[t].consistent);
      write_consumed_capacity_object(out, tables[t].table_name, capacity, c);
    }
    out.EndArray();
  }
  out.EndObject();
}

}  // namespace dynamini
