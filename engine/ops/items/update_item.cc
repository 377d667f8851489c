// UpdateItem: edits an item in place, creating it (from its key) when absent.

#include "items/single_write.h"
#include "items/write_binding.h"
#include "operation/expression_inputs.h"
#include "operation/operations.h"

namespace dynamini {
namespace {

// ReturnValues: the whole item before or after, or only what the update
// wrote (nested fragments included); nothing when that is empty.
std::optional<Item> returned_attributes(const UpdateItemRequest& request, const ItemWrite& write,
                                        WriteOutcome& outcome) {
  if (!request.return_values) return std::nullopt;
  auto unless_empty = [](std::optional<Item> item) {
    return item && !item->empty() ? std::move(item) : std::nullopt;
  };
  switch (request.return_values->value()) {
    case api::ReturnValue::kNone:
      return std::nullopt;
    case api::ReturnValue::kAllOld:
      return old_attributes(outcome);
    case api::ReturnValue::kAllNew:
      return unless_empty(std::move(outcome.new_item));
    case api::ReturnValue::kUpdatedOld:
      if (!outcome.old_item || !write.update) return std::nullopt;
      return unless_empty(expr::extract_paths(*outcome.old_item, write.update->target_paths()));
    case api::ReturnValue::kUpdatedNew:
      if (!outcome.new_item || !write.update) return std::nullopt;
      return unless_empty(expr::extract_paths(*outcome.new_item, write.update->target_paths()));
  }
  return std::nullopt;
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

UpdateItemResponse UpdateItemOperation::run(Context& context, const Request& request,
                                            const ExecuteOptions& options) {
  const ItemWrite write = bind_write(request, WriteKind::kUpdate);
  const WriteMeasures measures = write_measures(request, options);
  WriteOutcome outcome = run_single_write(context, write, measures);
  auto response = measured_response<UpdateItemResponse>(write.table_name, measures, outcome);
  response.attributes = returned_attributes(request, write, outcome);
  return response;
}

}  // namespace dynamini
