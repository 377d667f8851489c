// ExecuteStatement: one PartiQL statement (SELECT, INSERT, UPDATE, DELETE).

#include "operation/consumed_capacity.h"
#include "operation/operations.h"
#include "partiql/parser.h"
#include "partiql_execute.h"
#include "partiql_next_token.h"

namespace dynamini {

ExecuteStatementResponse ExecuteStatementOperation::run(Context& context, const Request& request,
                                                        const ExecuteOptions& options) {
  auto parsed = partiql::prepare(context, *request.statement, request.parameters);
  const CapacityDetail capacity = capacity_detail(request.return_consumed_capacity, options);
  ExecuteStatementResponse response;
  partiql::StatementResult result;
  if (std::holds_alternative<partiql::Exists>(parsed.statement)) {
    // DynamoDB Local's message (ValidationExceptionMessages
    // UNSUPPORTED_CONDITION_CHECK_CLAUSE_FOR_NON_TX_REQUEST).
    throw validation_error("EXISTS can only be used in ExecuteTransaction write requests.");
  }
  if (std::holds_alternative<partiql::Select>(parsed.statement)) {
    partiql::SelectRequest read;
    read.limit = request.limit;
    read.consistent = request.consistent_read.value_or(false);
    read.next_token = request.next_token;
    read.fingerprint = partiql::statement_fingerprint(*request.statement, request.parameters);
    result = partiql::run_select(context, parsed, read, capacity);
  } else {
    const bool return_old = is_value(request.return_values_on_condition_check_failure,
                                     api::ReturnValuesOnConditionCheckFailure::kAllOld);
    result = partiql::run_write(context, parsed, return_old, capacity);
  }
  // Items is always present: empty for a write without RETURNING (recorded
  // against DynamoDB, paritysuite/dynamodb-conformance writeResponses.test.ts).
  response.items = std::move(result.items);
  response.next_token = std::move(result.next_token);
  response.consumed_capacity = std::move(result.consumed_capacity);
  return response;
}

}  // namespace dynamini
