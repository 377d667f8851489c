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

void delete_item(Engine& engine, const Json& request, JsonWriter& out) {
  ShapeErrors errors;
  auto table_name = string_member(request, "TableName");
  errors.name(table_name, "tableName", true);
  const Json* key_json = object_member(request, "Key");
  errors.require(key_json != nullptr, "key");
  const WriteOptions options = read_write_options(request, errors);
  errors.throw_if_any();
  expr::check_expression_mixing(request, {"ConditionExpression"},
                               {"Expected", "ConditionalOperator"});
  require_none_or_all_old(options.return_values);
  Item key = parse_item(*key_json);
  auto attributes =
      read_expression_attributes(request, {"ConditionExpression"});
  auto condition = read_condition(request, "ConditionExpression", attributes);
  if (!condition) condition = expr::legacy_expected(request);
  expr::check_all_used(attributes);

  std::optional<Item> old_item;
  Consumption consumed;
  std::optional<ItemCollectionMetrics> metrics;
  {
    std::lock_guard lock(engine.storage_mutex());
    auto table = engine.require_table(*table_name);
    validate_key(key, *table);
    WriteTransaction txn(engine.store().connection());
    if (auto stored = engine.store().get(*table, encode_primary_key(key, table->keys))) {
      old_item = item_from_json(*stored);
    }
    if (condition && !condition->evaluate(old_item ? &*old_item : nullptr)) {
      throw conditional_check_failed(options.return_old_on_failure, old_item ? &*old_item : nullptr);
    }
    if (old_item) engine.store().remove(*table, *old_item);
    txn.commit();
    // Only rendered when asked for (ReturnConsumedCapacity).
    if (options.capacity != CapacityDetail::kNone)
      consumed = write_consumption(*table, old_item ? &*old_item : nullptr, nullptr);
    if (options.collection_metrics) metrics = measure_item_collection(engine.store(), *table, key);
  }
  out.StartObject();
  if (options.return_values == ReturnValues::kAllOld && old_item) write_attributes(out, *old_item);
  write_consumed_capacity(out, *table_name, options.capacity, consumed);
  write_item_collection_metrics(out, metrics);
  out.EndObject();
}

}  // namespace dynamini
