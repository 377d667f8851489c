// ExecuteTransaction: up to 100 PartiQL statements, all reads (a consistent
// snapshot of full-key SELECTs) or all writes (INSERT, UPDATE, DELETE and
// EXISTS condition checks, all-or-nothing through the TransactWriteItems
// machinery, with its ClientRequestToken rules).

#include <mutex>

#include "api/shapes_wire.h"
#include "dynamini/api_error.h"
#include "ops/consumed_capacity.h"
#include "ops/operations.h"
#include "ops/partiql_execute.h"
#include "ops/partiql_key_terms.h"
#include "ops/request_fingerprint.h"
#include "ops/transaction.h"
#include "partiql/parser.h"

namespace dynamini {
namespace {

// One statement, ready to run: a read's key or a write.
struct Prepared {
  std::string table;
  std::optional<Item> key;                  // reads
  std::vector<expr::Path> projection;       // reads
  std::optional<ItemWrite> write;           // writes
  std::shared_ptr<partiql::ParsedStatement> parsed;  // what the write points into
};

Prepared prepare_read(const partiql::Select& select, const TableDef& table) {
  // DynamoDB Local's SelectStatementTranslator (ValidationExceptionMessages
  // INVALID_INDICES_FOR_TGI, INVALID_KEYS_FOR_TGI; the second recorded
  // against DynamoDB, paritysuite/dynamodb-conformance partiqlFunctions.test.ts).
  if (select.index) throw validation_error("Reads on indices are not supported within transactions.");
  auto key = partiql::select_key(select, table);
  if (!key) {
    throw validation_error(
        "Select statements within ExecuteTransaction must specify the primary key in the where "
        "clause.");
  }
  for (const auto& [name, value] : *key) partiql::check_key_value(name, value, table.keys, false);
  return Prepared{select.table, std::move(key), select.projection, std::nullopt, nullptr};
}

Prepared prepare_member(Context& context, const api::ParameterizedStatement& member) {
  auto parsed = std::make_shared<partiql::ParsedStatement>(
      partiql::prepare(context, *member.statement, member.parameters));
  if (const auto* select = std::get_if<partiql::Select>(&parsed->statement)) {
    return prepare_read(*select, *parsed->table);
  }
  // Recorded (nubo-db/dynamodb-conformance partiql.test.ts), with the
  // statement's prefix added by prepare_all.
  if (partiql::returning_of(parsed->statement) != partiql::Returning::kNone) {
    throw validation_error("RETURNING clause is not supported in ExecuteTransaction.");
  }
  Prepared out;
  out.table = partiql::table_of(parsed->statement);
  if (const auto* exists = std::get_if<partiql::Exists>(&parsed->statement)) {
    out.write = partiql::plan_condition_check(*exists, *parsed->table);
  } else {
    out.write = partiql::plan_write(parsed->statement, *parsed->table);
  }
  out.write->return_old_on_condition_failure =
      is_value(member.return_values_on_condition_check_failure,
               api::ReturnValuesOnConditionCheckFailure::kAllOld);
  out.parsed = std::move(parsed);
  return out;
}

// Statements are read in order; a statement's own refusal names it
// ("Validation failed in TransactStatements[0]: Statement wasn't well formed,
// can't be processed: Unexpected term", recorded against DynamoDB in
// paritysuite/dynamodb-conformance partiqlGrammar.test.ts), and one whose
// kind (read or write) differs from the first is refused at once (DynamoDB
// Local ExecuteTransactionFunction PARTIQL_TRANSACT_REQUEST_MIXED_OPERATION).
std::vector<Prepared> prepare_all(Context& context, const ExecuteTransactionRequest& request,
                                  bool& reads) {
  std::vector<Prepared> prepared;
  const auto& members = *request.transact_statements;
  for (size_t i = 0; i < members.size(); ++i) {
    try {
      prepared.push_back(prepare_member(context, members[i]));
    } catch (ApiError& e) {
      if (e.code == ErrorCode::kValidation) {
        e.message = "Validation failed in TransactStatements[" + std::to_string(i) + "]: " +
                    e.message;
      }
      throw;
    }
    const bool select = !prepared.back().write;
    if (prepared.size() == 1) reads = select;
    if (select != reads) {
      throw validation_error(
          "ExecuteTransaction API does not support both read and write operations in the same "
          "request.");
    }
  }
  return prepared;
}

std::vector<api::ItemResponse> run_reads(Context& context, const std::vector<Prepared>& prepared,
                                         TableConsumption& consumed) {
  std::vector<ItemRead> reads;
  for (const auto& p : prepared) reads.push_back({p.table, *p.key, std::nullopt});
  std::vector<api::ItemResponse> responses;
  auto items = run_read_transaction(context, reads, consumed);
  for (size_t i = 0; i < items.size(); ++i) {
    if (items[i]) items[i] = partiql::project_item(*items[i], prepared[i].projection);
    responses.push_back({std::move(items[i])});
  }
  return responses;
}

}  // namespace

void ExecuteTransactionOperation::check_before_values(const Request& request) {
  // Parameters are read as DynamoDB's PartiQL layer reads them; their
  // refusal names no statement (recorded: "The parameter cannot be converted
  // to a numeric value: 1e99999999999" for ExecuteTransaction).
  for (const auto& member : *request.transact_statements) {
    partiql::check_parameters(member.parameters);
  }
}

ExecuteTransactionResponse ExecuteTransactionOperation::run(Context& context,
                                                            const Request& request,
                                                            const ExecuteOptions& options) {
  bool reads = false;
  auto prepared = prepare_all(context, request, reads);
  const CapacityDetail capacity = capacity_detail(request.return_consumed_capacity, options);
  ExecuteTransactionResponse response;
  TableConsumption consumed;
  if (reads) {
    response.responses = run_reads(context, prepared, consumed);
    if (capacity != CapacityDetail::kNone)
      response.consumed_capacity = transaction_capacity(capacity, consumed);
    return response;
  }
  std::vector<ItemWrite> writes;
  for (auto& p : prepared) writes.push_back(std::move(*p.write));
  // A transaction of writes answers an empty Responses list (recorded against
  // DynamoDB, paritysuite/dynamodb-conformance writeResponses.test.ts).
  response.responses.emplace();
  const auto& token = request.client_request_token;
  std::lock_guard lock(context.storage_mutex());
  const std::string print = token ? request_fingerprint(request) : std::string();
  const std::string key = token ? "ExecuteTransaction:" + *token : std::string();
  if (token) {
    if (auto replayed = context.idempotency_tokens().replay(key, print, context.now_ms())) {
      return std::any_cast<ExecuteTransactionResponse>(*replayed);
    }
  }
  consumed = run_write_transaction(context, writes);
  if (capacity != CapacityDetail::kNone)
    response.consumed_capacity = transaction_capacity(capacity, consumed);
  if (token) context.idempotency_tokens().remember(key, print, response, context.now_ms());
  return response;
}

}  // namespace dynamini
