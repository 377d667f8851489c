// PutItem: creates or replaces an item, optionally conditionally.

#include "ops/operations.h"

#include "ops/expression_inputs.h"
#include "ops/return_values.h"
#include "ops/single_write.h"

namespace dynamini {
namespace {

// The request's meaning, before the table is known.
ItemWrite bind(const PutItemRequest& request) {
  ItemWrite write;
  write.kind = WriteKind::kPut;
  write.table_name = *request.table_name;
  write.item = &*request.item;
  auto attributes =
      read_expression_attributes(request.expression_attribute_names, request.expression_attribute_values,
                                 {{"ConditionExpression", request.condition_expression.has_value()}});
  write.condition = read_condition(request.condition_expression, "ConditionExpression", attributes);
  if (!write.condition) write.condition = expr::legacy_expected(request.expected, request.conditional_operator);
  expr::check_all_used(attributes);
  if (item_size(*write.item) > kMaxItemSize) {
    throw validation_error("Item size has exceeded the maximum allowed size");
  }
  write.return_old_on_condition_failure = is_value(
      request.return_values_on_condition_check_failure, api::ReturnValuesOnConditionCheckFailure::kAllOld);
  return write;
}

}  // namespace

void PutItemOperation::check_before_values(const Request& request) {
  expr::check_expression_mixing(
      {{"ConditionExpression", request.condition_expression.has_value()}},
      {{"Expected", request.expected.has_value()},
       {"ConditionalOperator", request.conditional_operator.has_value()}});
  require_none_or_all_old(request.return_values);
}

PutItemResponse PutItemOperation::run(Engine& engine, const Request& request,
                                      const ExecuteOptions& options) {
  const ItemWrite write = bind(request);
  const WriteMeasures measures{
      capacity_detail(request.return_consumed_capacity, options),
      is_value(request.return_item_collection_metrics, api::ReturnItemCollectionMetrics::kSize)};
  WriteOutcome outcome = run_single_write(engine, write, measures);
  PutItemResponse response;
  if (is_value(request.return_values, api::ReturnValue::kAllOld) && outcome.old_item &&
      !outcome.old_item->empty()) {
    response.attributes = std::move(outcome.old_item);
  }
  if (measures.capacity != CapacityDetail::kNone) {
    response.consumed_capacity = consumed_capacity(write.table_name, measures.capacity, outcome.consumed);
  }
  response.item_collection_metrics = std::move(outcome.metrics);
  return response;
}

}  // namespace dynamini
