#include "dynamini/api_error.h"
#include "ops/consumed_capacity.h"
#include "ops/operations.h"
#include "partiql/execute.h"
#include "validation/request_members.h"
#include "validation/shape_errors.h"

namespace dynamini {

// ExecuteStatement: one PartiQL statement (SELECT, INSERT, UPDATE, DELETE).
void execute_statement(Engine& engine, const Json& request, JsonWriter& out) {
  ShapeErrors errors;
  auto limit = integer_member(request, "Limit");
  errors.range(limit, "limit", 1);
  auto capacity_text = string_member(request, "ReturnConsumedCapacity");
  read_capacity_detail(request, errors);
  auto on_failure = string_member(request, "ReturnValuesOnConditionCheckFailure");
  errors.one_of(on_failure, "returnValuesOnConditionCheckFailure", {"ALL_OLD", "NONE"});
  auto next_token = string_member(request, "NextToken");
  bool consistent = bool_member(request, "ConsistentRead").value_or(false);
  // Statement shape errors are reported together with the rest.
  auto text = string_member(request, "Statement");
  partiql::add_statement_shape_errors(request, "", errors);
  errors.throw_if_any();
  auto parsed = partiql::prepare(engine, *text, array_member(request, "Parameters"));
  out.StartObject();
  if (std::holds_alternative<partiql::Select>(parsed.statement)) {
    partiql::ReadOptions options;
    options.limit = limit;
    options.consistent = consistent;
    options.return_consumed_capacity = capacity_text.value_or("");
    partiql::run_select(engine, parsed, options, next_token, out);
  } else {
    partiql::run_write(engine, parsed, on_failure == "ALL_OLD");
    out.Key("Items");
    out.StartArray();
    out.EndArray();
  }
  out.EndObject();
}

}  // namespace dynamini
