// BatchExecuteStatement: up to 25 statements, each run on its own; a failing
// statement answers an Error in its place and does not stop the others.
// Reads must name a full primary key (a GetItem each).

#include <mutex>

#include "dynamini/api_error.h"
#include "ops/operations.h"
#include "ops/partiql_execute.h"

namespace dynamini {
namespace {

using api::BatchStatementErrorCodeEnum;

// The BatchStatementError code for an error (API reference,
// BatchStatementError: ConditionalCheckFailed, DuplicateItem, ValidationError,
// ResourceNotFound, ...).
BatchStatementErrorCodeEnum batch_code(const ApiError& e) {
  switch (e.code) {
    case ErrorCode::kConditionalCheckFailed:
      return BatchStatementErrorCodeEnum::kConditionalCheckFailed;
    case ErrorCode::kDuplicateItem:
      return BatchStatementErrorCodeEnum::kDuplicateItem;
    case ErrorCode::kResourceNotFound:
      return BatchStatementErrorCodeEnum::kResourceNotFound;
    case ErrorCode::kTransactionConflict:
      return BatchStatementErrorCodeEnum::kTransactionConflict;
    case ErrorCode::kValidation:
      return BatchStatementErrorCodeEnum::kValidationError;
    default:
      return BatchStatementErrorCodeEnum::kInternalServerError;
  }
}

// A batch is all reads or all writes (API reference BatchExecuteStatement);
// the message is DynamoDB Local's PARTIQL_BATCH_MIXED_READ_WRITE. Statements
// that do not parse answer their own Error and do not count.
void check_not_mixed(const std::vector<api::BatchStatementRequest>& statements) {
  std::optional<bool> reads;
  for (const auto& member : statements) {
    std::optional<bool> select;
    try {
      select = partiql::is_select(*member.statement);
    } catch (const ApiError&) {
      continue;
    }
    if (!reads) reads = select;
    if (*reads != *select) {
      throw validation_error(
          "Read and write requests together in the same batch is not supported.");
    }
  }
}

std::optional<Item> read_item(Context& context, const partiql::Select& select,
                              const TableDef& table) {
  auto key = partiql::select_key(select, table);
  if (!key) {
    throw validation_error(
        "Where clause does not contain a mandatory equality on all key attributes");
  }
  std::optional<Item> item;
  {
    std::lock_guard lock(context.storage_mutex());
    auto current = context.require_table(select.table, "PartiQLSelect");
    validate_key(*key, *current);
    if (auto stored = context.store().get(*current, encode_primary_key(*key, current->keys))) {
      item = item_from_json(*stored);
    }
  }
  if (item && !select.projection.empty()) item = expr::extract_paths(*item, select.projection);
  return item;
}

api::BatchStatementError batch_error(const ApiError& e) {
  api::BatchStatementError error{batch_code(e), e.message, std::nullopt};
  // ReturnValuesOnConditionCheckFailure=ALL_OLD: the old item.
  const std::string item_prefix = "\"Item\":";
  if (e.extra_members_json.rfind(item_prefix, 0) == 0) {
    error.item = item_from_json(std::string_view(e.extra_members_json).substr(item_prefix.size()));
  }
  return error;
}

api::BatchStatementResponse run_statement(Context& context,
                                          const api::BatchStatementRequest& member) {
  api::BatchStatementResponse out;
  try {
    auto parsed = partiql::prepare(context, *member.statement, member.parameters);
    out.table_name = parsed.table->name;  // shape TableName: the name, even for an ARN
    if (const auto* select = std::get_if<partiql::Select>(&parsed.statement)) {
      out.item = read_item(context, *select, *parsed.table);
    } else {
      partiql::run_write(context, parsed,
                         is_value(member.return_values_on_condition_check_failure,
                                  api::ReturnValuesOnConditionCheckFailure::kAllOld));
    }
  } catch (const ApiError& e) {
    if (e.code == ErrorCode::kInternalServerError) throw;
    out.item.reset();
    out.error = batch_error(e);
  }
  return out;
}

}  // namespace

BatchExecuteStatementResponse BatchExecuteStatementOperation::run(Context& context,
                                                                  const Request& request,
                                                                  const ExecuteOptions&) {
  check_not_mixed(*request.statements);
  BatchExecuteStatementResponse response;
  auto& responses = response.responses.emplace();
  for (const auto& member : *request.statements)
    responses.push_back(run_statement(context, member));
  return response;
}

}  // namespace dynamini
