// BatchExecuteStatement: up to 25 statements, each run on its own; a failing
// statement answers an Error in its place and does not stop the others.
// Reads must name a full primary key (a GetItem each).

#include <mutex>

#include "dynamini/api_error.h"
#include "items/single_write.h"
#include "keys/item_keys.h"
#include "operation/operations.h"
#include "partiql/parser.h"
#include "partiql_execute.h"
#include "partiql_key_terms.h"
#include "transactions/transaction.h"

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

void add_consumption(TableConsumption& consumed, const std::string& table, const Consumption& c) {
  for (auto& [name, total] : consumed) {
    if (name != table) continue;
    total.table += c.table;
    for (const auto& [index, units] : c.global_indexes) total.global_indexes[index] += units;
    for (const auto& [index, units] : c.local_indexes) total.local_indexes[index] += units;
    return;
  }
  consumed.emplace_back(table, c);
}

// The key a batch SELECT names: its full primary key, or refused.
// Recorded against DynamoDB for a partial key and for an index-qualified read
// (paritysuite/dynamodb-conformance executeStatementIndex.test.ts).
Item batch_read_key(const partiql::Select& select, const TableDef& table) {
  auto key = partiql::select_key(select, table);
  if (!key) {
    // catalogue-exempt: a statement's Error in the response; tests/e2e/test_partiql.py
    throw validation_error(
        "Select statements within BatchExecuteStatement must specify the primary key in the "
        "where clause.");
  }
  for (const auto& [name, value] : *key) partiql::check_key_value(name, value, table.keys, false);
  return std::move(*key);
}

// A SELECT naming one item by its full key, read as GetItem reads it.
std::optional<Item> read_item(Context& context, const partiql::Select& select, const Item& key,
                              bool consistent, TableConsumption& consumed) {
  std::optional<Item> item;
  {
    std::lock_guard lock(context.storage_mutex());
    auto current = context.require_table(select.table, "PartiQLSelect");
    if (auto stored = context.store().get(*current, encode_primary_key(key, current->keys))) {
      item = item_from_json(*stored);
    }
  }
  add_consumption(consumed, select.table,
                  read_consumption(nullptr, item ? item_size(*item) : 0, consistent));
  if (item) item = partiql::project_item(*item, select.projection);
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

// A member's TableName is echoed once the statement reached its table, and
// left out when it was refused before it ran (recorded,
// nubo-db/dynamodb-conformance batchExecuteStatement.test.ts).
void run_member(Context& context, const api::BatchStatementRequest& member,
                api::BatchStatementResponse& out, TableConsumption& consumed) {
  // A refused parameter fails only its statement, so the operation checks
  // them here, as the older value layer does (the generator's
  // values_checked_by_operation; recorded in paritysuite/dynamodb-conformance
  // tests/tier3/error-messages/partiqlParameterNumbers.test.ts).
  std::optional<std::vector<AttributeValue>> parameters = member.parameters;
  if (parameters) {
    for (auto& parameter : *parameters) ValueChecker(ValueLayer::kOlder).value(parameter);
  }
  auto parsed = partiql::prepare(context, *member.statement, parameters);
  if (const auto* select = std::get_if<partiql::Select>(&parsed.statement)) {
    Item key = batch_read_key(*select, *parsed.table);
    out.table_name = parsed.table->name;  // shape TableName: the name, even for an ARN
    out.item = read_item(context, *select, key, member.consistent_read.value_or(false), consumed);
    return;
  }
  if (std::holds_alternative<partiql::Exists>(parsed.statement)) {
    throw validation_error("EXISTS can only be used in ExecuteTransaction write requests.");
  }
  ItemWrite write = partiql::plan_write(parsed.statement, *parsed.table);
  write.return_old_on_condition_failure =
      is_value(member.return_values_on_condition_check_failure,
               api::ReturnValuesOnConditionCheckFailure::kAllOld);
  out.table_name = parsed.table->name;
  WriteOutcome outcome = run_single_write(context, write, {CapacityDetail::kIndexes, false});
  add_consumption(consumed, write.table_name, outcome.consumed);
  // A write's RETURNING answers in its slot's Item, left out when empty
  // (recorded, nubo-db/dynamodb-conformance batchExecuteStatement.test.ts).
  out.item = partiql::returned_item(partiql::returning_of(parsed.statement), write, outcome);
}

}  // namespace

BatchExecuteStatementResponse BatchExecuteStatementOperation::run(Context& context,
                                                                  const Request& request,
                                                                  const ExecuteOptions& options) {
  check_not_mixed(*request.statements);
  BatchExecuteStatementResponse response;
  auto& responses = response.responses.emplace();
  TableConsumption consumed;
  for (const auto& member : *request.statements) {
    api::BatchStatementResponse out;
    try {
      run_member(context, member, out, consumed);
    } catch (const ApiError& e) {
      if (e.code == ErrorCode::kInternalServerError) throw;
      out.item.reset();
      out.error = batch_error(e);
    }
    responses.push_back(std::move(out));
  }
  const CapacityDetail capacity = capacity_detail(request.return_consumed_capacity, options);
  if (capacity != CapacityDetail::kNone) {
    auto& list = response.consumed_capacity.emplace();
    for (const auto& [table, c] : consumed) list.push_back(consumed_capacity(table, capacity, c));
  }
  return response;
}

}  // namespace dynamini
