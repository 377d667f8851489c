#include "dynamini/api_error.h"
#include "expressions/legacy.h"
#include "ops/condition_failure.h"
#include "ops/consumed_capacity.h"
#include "ops/expression_inputs.h"
#include "ops/item_collection_metrics.h"
#include "ops/item_write.h"
#include "ops/operations.h"
#include "ops/return_values.h"
#include "ops/write_options.h"
#include "validation/request_members.h"

namespace dynamini {

// UpdateItem: edits an item in place, creating it (from its key) when absent.
void update_item(Engine& engine, const Json& request, JsonWriter& out) {
  ShapeErrors errors;
  auto table_name = string_member(request, "TableName");
  errors.name(table_name, "tableName", true);
  const Json* key_json = object_member(request, "Key");
  errors.require(key_json != nullptr, "key");
  const WriteOptions options = read_write_options(request, errors);
  errors.throw_if_any();
  expr::check_expression_mixing(request, {"UpdateExpression", "ConditionExpression"},
                               {"AttributeUpdates", "Expected", "ConditionalOperator"});
  Item key = parse_item(*key_json);
  auto update_text = string_member(request, "UpdateExpression");
  auto attributes =
      read_expression_attributes(request, {"UpdateExpression", "ConditionExpression"});
  std::optional<expr::Update> update;
  if (update_text) update = expr::Update::parse(*update_text, attributes);
  auto condition = read_condition(request, "ConditionExpression", attributes);
  if (!update) update = expr::legacy_attribute_updates(request);
  if (!condition) condition = expr::legacy_expected(request);
  expr::check_all_used(attributes);

  std::optional<Item> old_item;
  Item new_item;
  Consumption consumed;
  std::optional<ItemCollectionMetrics> metrics;
  {
    std::lock_guard lock(engine.storage_mutex());
    auto table = engine.require_table(*table_name);
    validate_key(key, *table);
    if (update) check_update_against_keys(*update, *table);
    WriteTransaction txn(engine.store().connection());
    if (auto stored = engine.store().get(*table, encode_primary_key(key, table->keys))) {
      old_item = item_from_json(*stored);
    }
    if (condition && !condition->evaluate(old_item ? &*old_item : nullptr)) {
      throw conditional_check_failed(options.return_old_on_failure, old_item ? &*old_item : nullptr);
    }
    new_item = old_item ? *old_item : key;
    if (update) {
      update->apply(new_item);
      check_index_key_assignments(*update, new_item, *table);
    }
    validate_item_keys(new_item, *table);
    if (item_size(new_item) > kMaxItemSize) {
      throw validation_error("Item size to update has exceeded the maximum allowed size");
    }
    engine.store().put(*table, old_item ? &*old_item : nullptr, new_item);
    txn.commit();
    // Only rendered when asked for (ReturnConsumedCapacity).
    if (options.capacity != CapacityDetail::kNone)
      consumed = write_consumption(*table, old_item ? &*old_item : nullptr, &new_item);
    if (options.collection_metrics) metrics = measure_item_collection(engine.store(), *table, new_item);
  }

  out.StartObject();
  switch (options.return_values) {
    case ReturnValues::kNone: break;
    case ReturnValues::kAllOld:
      if (old_item) write_attributes(out, *old_item);
      break;
    case ReturnValues::kAllNew: write_attributes(out, new_item); break;
    case ReturnValues::kUpdatedOld:
      if (old_item && update) write_attributes(out, expr::extract_paths(*old_item, update->target_paths()));
      break;
    case ReturnValues::kUpdatedNew:
      if (update) write_attributes(out, expr::extract_paths(new_item, update->target_paths()));
      break;
  }
  write_consumed_capacity(out, *table_name, options.capacity, consumed);
  write_item_collection_metrics(out, metrics);
  out.EndObject();
}

}  // namespace dynamini
