// BatchGetItem: up to 100 keys over any number of tables, answered together.

#include <mutex>
#include <set>

#include "operation/consumed_capacity.h"
#include "operation/expression_inputs.h"
#include "operation/key_paths.h"
#include "operation/operations.h"

namespace dynamini {
namespace {

constexpr size_t kMaxBatchGetKeys = 100;
// BatchGetItem answers at most 16 MB; the keys beyond go to UnprocessedKeys
// in request order (API reference, BatchGetItem).
constexpr int64_t kMaxBatchGetResponseBytes = 16 * 1024 * 1024;

// One table's entry, bound: its projection (one projection style per table,
// as GetItem: dynalite test/getItem.js).
std::optional<expr::Projection> bind_projection(const api::KeysAndAttributes& spec) {
  expr::check_expression_mixing({{"ProjectionExpression", spec.projection_expression.has_value()}},
                                {{"AttributesToGet", spec.attributes_to_get.has_value()}});
  auto attributes = read_projection_attributes(spec.expression_attribute_names,
                                               spec.projection_expression.has_value());
  auto projection = read_projection(spec.projection_expression, spec.attributes_to_get, attributes);
  expr::check_all_used(attributes);
  return projection;
}

// What one table's keys found.
struct Answer {
  std::vector<Item> items;
  double units = 0;  // each key charged as its own GetItem (Developer Guide)
  std::vector<Item> unprocessed;
};

void check_unique_keys(const std::vector<Item>& keys, const TableDef& def) {
  std::set<std::pair<std::string, std::string>> seen;
  for (const auto& key : keys) {
    validate_key(key, def);
    EncodedKey encoded = encode_primary_key(key, def.keys);
    if (!seen.insert({encoded.hash, encoded.range}).second) {
      throw validation_error("Provided list of item keys contains duplicates");
    }
  }
}

// Reads one table's keys while the response has room. REQUIRES: storage lock.
Answer read_table(Context& context, const TableDef& def, const api::KeysAndAttributes& spec,
                  const std::optional<expr::Projection>& projection, int64_t& response_bytes) {
  Answer answer;
  const bool consistent = spec.consistent_read.value_or(false);
  for (const auto& key : *spec.keys) {
    if (response_bytes >= kMaxBatchGetResponseBytes) {
      answer.unprocessed.push_back(key);
      continue;
    }
    int64_t size = 0;
    if (auto stored = context.store().get_stored(def, encode_primary_key(key, def.keys))) {
      size = stored->size;
      if (response_bytes + size > kMaxBatchGetResponseBytes) {
        response_bytes = kMaxBatchGetResponseBytes;
        answer.unprocessed.push_back(key);
        continue;
      }
      response_bytes += size;
      Item item = item_from_json(stored->json);
      answer.items.push_back(projection ? projection->apply(item) : std::move(item));
    }
    answer.units += read_units(size, consistent);
  }
  return answer;
}

}  // namespace

// Before the request's shape, in the validation framework's newer words (the
// member's own spelling, no value): an empty RequestItems and a Keys list
// empty or over 100 (paritysuite/dynamodb-conformance tests/tier3/
// error-messages/batchGetItem.test.ts, eu-west-2 and every region but
// me-central-1 by 2026-09-02).
void BatchGetItemOperation::check_before_shape(const Request& request) {
  if (!request.request_items) return;
  ShapeErrors errors;
  if (request.request_items->empty()) {
    errors.add_unrendered("RequestItems", "Member must have length greater than or equal to 1");
  }
  for (const auto& [table, entry] : *request.request_items) {
    if (!entry.keys) continue;
    const std::string path = "RequestItems." + table + ".member.Keys";
    if (entry.keys->empty()) {
      errors.add_unrendered(path, "Member must have length greater than or equal to 1");
    } else if (entry.keys->size() > kMaxBatchGetKeys) {
      errors.add_unrendered(path, "Member must have length less than or equal to 100");
    }
  }
  errors.throw_if_any();
}

BatchGetItemResponse BatchGetItemOperation::run(Context& context, const Request& request,
                                                const ExecuteOptions& options) {
  const auto& tables = *request.request_items;
  std::vector<std::optional<expr::Projection>> projections;
  size_t total_keys = 0;
  for (const auto& [name, spec] : tables) {
    projections.push_back(bind_projection(spec));
    total_keys += spec.keys->size();
  }
  if (total_keys > kMaxBatchGetKeys) {
    throw validation_error("Too many items requested for the BatchGetItem call");
  }
  const CapacityDetail capacity = capacity_detail(request.return_consumed_capacity, options);
  BatchGetItemResponse response;
  auto& responses = response.responses.emplace();
  auto& unprocessed = response.unprocessed_keys.emplace();
  if (capacity != CapacityDetail::kNone) response.consumed_capacity.emplace();
  int64_t response_bytes = 0;
  std::lock_guard lock(context.storage_mutex());
  size_t t = 0;
  for (const auto& [name, spec] : tables) {
    auto def = context.require_table(name, "BatchGetItem");
    check_unique_keys(*spec.keys, *def);
    if (projections[t]) check_key_paths(projections[t]->paths(), *def);
    Answer answer = read_table(context, *def, spec, projections[t++], response_bytes);
    responses[name] = std::move(answer.items);  // keyed as requested: name or ARN
    if (!answer.unprocessed.empty()) {
      api::KeysAndAttributes rest = spec;  // echoes the table's other members
      rest.keys = std::move(answer.unprocessed);
      unprocessed[name] = std::move(rest);
    }
    if (capacity != CapacityDetail::kNone) {
      Consumption c;
      c.table = answer.units;
      response.consumed_capacity->push_back(consumed_capacity(name, capacity, c));
    }
  }
  return response;
}

}  // namespace dynamini
