#include "dynamini/api_error.h"
#include "expressions/legacy.h"
#include "ops/condition_failure.h"
#include "ops/consumed_capacity.h"
#include "ops/item_collection_metrics.h"
#include "ops/expression_inputs.h"
#include "ops/operations.h"
#include "ops/return_values.h"
#include "ops/write_options.h"
#include "validation/request_members.h"

namespace dynamini {

// PutItem: creates or replaces an item, optionally conditionally.
void put_item(Engine& engine, const Json& request, JsonWriter& out) {
  // 1. Parse and validate everything before touching storage.
  ShapeErrors errors;
  auto table_name = string_member(request, "TableName");
  errors.name(table_name, "tableName", true);
  const Json* item_json = object_member(request, "Item");
  errors.require(item_json != nullptr, "item");
  const WriteOptions options = read_write_options(request, errors);
  errors.throw_if_any();
  expr::check_expression_mixing(request, {"ConditionExpression"},
                               {"Expected", "ConditionalOperator"});
  require_none_or_all_old(options.return_values);
  Item item = parse_item(*item_json);
  // 2. Resolve expressions.
  auto attributes =
      read_expression_attributes(request, {"ConditionExpression"});
  auto condition = read_condition(request, "ConditionExpression", attributes);
  if (!condition) condition = expr::legacy_expected(request);
  expr::check_all_used(attributes);
  if (item_size(item) > kMaxItemSize) {
    throw validation_error("Item size has exceeded the maximum allowed size");
  }

  // 3. Execute in one transaction.
  std::optional<Item> old_item;
  Consumption consumed;
  std::optional<ItemCollectionMetrics> metrics;
  {
    std::lock_guard lock(engine.storage_mutex());
    auto table = engine.require_table(*table_name);
    validate_item_keys(item, *table);
    WriteTransaction txn(engine.store().connection());
    if (auto stored = engine.store().get(*table, encode_primary_key(item, table->keys))) {
      old_item = item_from_json(*stored);
    }
    if (condition && !condition->evaluate(old_item ? &*old_item : nullptr)) {
      throw conditional_check_failed(options.return_old_on_failure, old_item ? &*old_item : nullptr);
    }
    engine.store().put(*table, old_item ? &*old_item : nullptr, item);
    txn.commit();
    // Only rendered when asked for (ReturnConsumedCapacity).
    if (options.capacity != CapacityDetail::kNone)
      consumed = write_consumption(*table, old_item ? &*old_item : nullptr, &item);
    if (options.collection_metrics) metrics = measure_item_collection(engine.store(), *table, item);
  }

  // 4. Render.
  out.StartObject();
  if (options.return_values == ReturnValues::kAllOld && old_item) write_attributes(out, *old_item);
  write_consumed_capacity(out, *table_name, options.capacity, consumed);
  write_item_collection_metrics(out, metrics);
  out.EndObject();
}

}  // namespace dynamini
