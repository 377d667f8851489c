// PutItem: creates or replaces an item, optionally conditionally.

#include "items/single_write.h"
#include "items/write_binding.h"
#include "operation/expression_inputs.h"
#include "operation/operations.h"
#include "operation/return_values.h"

namespace dynamini {
void PutItemOperation::check_before_values(const Request& request) {
  expr::check_expression_mixing(
      {{"ConditionExpression", request.condition_expression.has_value()}},
      {{"Expected", request.expected.has_value()},
       {"ConditionalOperator", request.conditional_operator.has_value()}});
  require_none_or_all_old(request.return_values);
}

PutItemResponse PutItemOperation::run(Context& context, const Request& request,
                                      const ExecuteOptions& options) {
  const ItemWrite write = bind_write(request, WriteKind::kPut);
  const WriteMeasures measures = write_measures(request, options);
  WriteOutcome outcome = run_single_write(context, write, measures);
  auto response = measured_response<PutItemResponse>(write.table_name, measures, outcome);
  if (is_value(request.return_values, api::ReturnValue::kAllOld))
    response.attributes = old_attributes(outcome);
  return response;
}

}  // namespace dynamini
