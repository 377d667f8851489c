// ExecuteStatement: one PartiQL statement (SELECT, INSERT, UPDATE, DELETE).

#include "ops/consumed_capacity.h"
#include "ops/operations.h"
#include "ops/partiql_execute.h"

namespace dynamini {

ExecuteStatementResponse ExecuteStatementOperation::run(Context& context, const Request& request,
                                                        const ExecuteOptions& options) {
  auto parsed = partiql::prepare(context, *request.statement, request.parameters);
  ExecuteStatementResponse response;
  if (std::holds_alternative<partiql::Select>(parsed.statement)) {
    partiql::ReadOptions read;
    read.limit = request.limit;
    read.consistent = request.consistent_read.value_or(false);
    read.return_consumed_capacity = request.return_consumed_capacity;
    auto page = partiql::run_select(context, parsed, read, request.next_token, options);
    response.items = std::move(page.items);
    response.next_token = std::move(page.next_token);
    response.consumed_capacity = std::move(page.consumed_capacity);
    return response;
  }
  const bool return_old = is_value(request.return_values_on_condition_check_failure,
                                   api::ReturnValuesOnConditionCheckFailure::kAllOld);
  partiql::run_write(context, parsed, return_old);
  response.items.emplace();  // a write answers "Items": []
  return response;
}

}  // namespace dynamini
