#include <set>

#include "dynamini/api_error.h"
#include "expressions/legacy.h"
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
  const Json* spec = nullptr;  // the request's entry, echoed in UnprocessedKeys
};

constexpr size_t kMaxBatchGetKeys = 100;
// BatchGetItem answers at most 16 MB; the keys beyond go to UnprocessedKeys
// in request order (API reference, BatchGetItem).
constexpr int64_t kMaxBatchGetResponseBytes = 16 * 1024 * 1024;

}  // namespace

// BatchGetItem: up to 100 keys over any number of tables, answered together.
void batch_get_item(Engine& engine, const Json& request, JsonWriter& out) {
  ShapeErrors errors;
  const Json* request_items = object_member(request, "RequestItems");
  errors.require(request_items != nullptr, "requestItems");
  CapacityDetail capacity = read_capacity_detail(request, errors);
  // dynalite test/batchGetItem.js: an empty map is a length constraint.
  if (request_items && request_items->MemberCount() == 0) {
    errors.add("{}", "requestItems", "Member must have length greater than or equal to 1");
  }
  if (request_items) {
    // Constraint errors of the tables' entries, reported together with the
    // request's (dynalite test/batchGetItem.js: "2 validation errors
    // detected: ... Map keys must satisfy constraint ...; Value '[]' at
    // 'requestItems.a.member.keys' ...").
    std::string rendered;  // the map as DynamoDB quotes it; entries elided
    bool bad_name = false;
    for (auto it = request_items->MemberBegin(); it != request_items->MemberEnd(); ++it) {
      std::string name(string_of(it->name));
      rendered += (rendered.empty() ? "{" : ", ") + name + "={...}";
      bad_name |= !is_valid_name(name);
    }
    if (bad_name) errors.add(rendered + "}", "requestItems", kMapKeysAreNames);
    for (auto it = request_items->MemberBegin(); it != request_items->MemberEnd(); ++it) {
      if (!it->value.IsObject()) throw_not_structure(it->value);
      const std::string path = "requestItems." + std::string(string_of(it->name)) + ".member.keys";
      const Json* keys = array_member(it->value, "Keys");
      errors.require(keys != nullptr, path);
      if (keys && keys->Empty()) {
        errors.add("[]", path, "Member must have length greater than or equal to 1");
      }
    }
  }
  errors.throw_if_any();
  std::vector<TableRequest> tables;
  size_t total_keys = 0;
  for (auto it = request_items->MemberBegin(); it != request_items->MemberEnd(); ++it) {
    TableRequest tr;
    tr.table_name.assign(it->name.GetString(), it->name.GetStringLength());
    const Json& spec = it->value;
    tr.spec = &spec;
    const Json* keys = array_member(spec, "Keys");
    // Per-table key counts are shape constraints (moto's tests, captured
    // from DynamoDB: "Value at 'requestItems.users.member.keys' ...").
    if (keys->Size() > kMaxBatchGetKeys) {
      throw validation_error("1 validation error detected: Value at 'requestItems." +
                             tr.table_name +
                             ".member.keys' failed to satisfy constraint: Member must have length "
                             "less than or equal to 100");
    }
    for (const auto& k : keys->GetArray()) tr.keys.push_back(parse_item(k));
    total_keys += tr.keys.size();
    tr.consistent = bool_member(spec, "ConsistentRead").value_or(false);
    // As GetItem (dynalite test/getItem.js): one projection style per table.
    expr::check_expression_mixing(spec, {"ProjectionExpression"}, {"AttributesToGet"});
    auto attributes = read_projection_attributes(spec);
    tr.projection = read_projection(spec, attributes);
    expr::check_all_used(attributes);
    tables.push_back(std::move(tr));
  }
  if (total_keys > kMaxBatchGetKeys) {
    throw validation_error("Too many items requested for the BatchGetItem call");
  }

  struct Answer {
    std::vector<Item> items;
    double units = 0;  // each key charged as its own GetItem (Developer Guide)
    std::vector<const Item*> unprocessed;
  };
  int64_t response_bytes = 0;
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
        if (response_bytes >= kMaxBatchGetResponseBytes) {
          answers[t].unprocessed.push_back(&key);
          continue;
        }
        int64_t size = 0;
        if (auto stored = engine.store().get(*def, encode_primary_key(key, def->keys))) {
          Item item = item_from_json(*stored);
          size = item_size(item);
          if (response_bytes + size > kMaxBatchGetResponseBytes) {
            response_bytes = kMaxBatchGetResponseBytes;
            answers[t].unprocessed.push_back(&key);
            continue;
          }
          response_bytes += size;
          answers[t].items.push_back(tables[t].projection ? tables[t].projection->apply(item)
                                                          : std::move(item));
        }
        answers[t].units += read_units(size, tables[t].consistent);
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
  for (size_t t = 0; t < tables.size(); ++t) {
    if (answers[t].unprocessed.empty()) continue;
    write_key(out, tables[t].table_name);
    out.StartObject();
    out.Key("Keys");
    out.StartArray();
    for (const Item* key : answers[t].unprocessed) write_item(out, *key);
    out.EndArray();
    for (const char* member : {"AttributesToGet", "ConsistentRead", "ExpressionAttributeNames",
                               "ProjectionExpression"}) {
      if (const Json* value = find_member(*tables[t].spec, member)) {
        out.Key(member);
        value->Accept(out);
      }
    }
    out.EndObject();
  }
  out.EndObject();
  if (capacity != CapacityDetail::kNone) {
    out.Key("ConsumedCapacity");
    out.StartArray();
    for (size_t t = 0; t < tables.size(); ++t) {
      Consumption c;
      c.table = answers[t].units;
      write_consumed_capacity_object(out, tables[t].table_name, capacity, c);
    }
    out.EndArray();
  }
  out.EndObject();
}

}  // namespace dynamini
