// UpdateItem: edits an item in place, creating it (from its key) when absent.

#include "ops/expression_inputs.h"
#include "ops/operations.h"
#include "ops/single_write.h"

namespace dynamini {
namespace {

// The request's meaning, before the table is known.
ItemWrite bind(const UpdateItemRequest& request) {
  ItemWrite write;
  write.kind = WriteKind::kUpdate;
  write.table_name = *request.table_name;
  write.item = &*request.key;
  auto attributes = read_expression_attributes(
      request.expression_attribute_names, request.expression_attribute_values,
      {{"UpdateExpression", request.update_expression.has_value()},
       {"ConditionExpression", request.condition_expression.has_value()}});
  if (request.update_expression) write.update = expr::Update::parse(*request.update_expression, attributes);
  write.condition = read_condition(request.condition_expression, "ConditionExpression", attributes);
  if (!write.update) write.update = expr::legacy_attribute_updates(request.attribute_updates);
  if (!write.condition) write.condition = expr::legacy_expected(request.expected, request.conditional_operator);
  expr::check_all_used(attributes);
  write.return_old_on_condition_failure = is_value(
      request.return_values_on_condition_check_failure, api::ReturnValuesOnConditionCheckFailure::kAllOld);
  return write;
}

// ReturnValues: the whole item before or after, or only what the update
// wrote (nested fragments included); nothing when that is empty.
std::optional<Item> returned_attributes(const UpdateItemRequest& request, const ItemWrite& write,
                                        WriteOutcome& outcome) {
  if (!request.return_values) return std::nullopt;
  std::optional<Item> out;
  switch (request.return_values->value()) {
    case api::ReturnValue::kNone: break;
    case api::ReturnValue::kAllOld: out = std::move(outcome.old_item); break;
    case api::ReturnValue::kAllNew: out = std::move(outcome.new_item); break;
    case api::ReturnValue::kUpdatedOld:
      if (outcome.old_item && write.update) {
        out = expr::extract_paths(*outcome.old_item, write.update->target_paths());
      }
      break;
    case api::ReturnValue::kUpdatedNew:
      if (write.update) out = expr::extract_paths(*outcome.new_item, write.update->target_paths());
      break;
  }
  if (out && out->empty()) out.reset();
  return out;
}

}  // namespace

void UpdateItemOperation::check_before_values(const Request& request) {
  expr::check_expression_mixing(
      {{"UpdateExpression", request.update_expression.has_value()},
       {"ConditionExpression", request.condition_expression.has_value()}},
      {{"AttributeUpdates", request.attribute_updates.has_value()},
       {"Expected", request.expected.has_value()},
       {"ConditionalOperator", request.conditional_operator.has_value()}});
}

UpdateItemResponse UpdateItemOperation::run(Engine& engine, const Request& request,
                                            const ExecuteOptions& options) {
  const ItemWrite write = bind(request);
  const WriteMeasures measures{
      capacity_detail(request.return_consumed_capacity, options),
      is_value(request.return_item_collection_metrics, api::ReturnItemCollectionMetrics::kSize)};
  WriteOutcome outcome = run_single_write(engine, write, measures);
  UpdateItemResponse response;
  if (measures.capacity != CapacityDetail::kNone) {
    response.consumed_capacity = consumed_capacity(write.table_name, measures.capacity, outcome.consumed);
  }
  response.item_collection_metrics = std::move(outcome.metrics);
  response.attributes = returned_attributes(request, write, outcome);
  return response;
}

}  // namespace dynamini
