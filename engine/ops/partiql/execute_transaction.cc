// ExecuteTransaction: up to 100 PartiQL statements, all reads (a consistent
// snapshot of full-key SELECTs) or all writes (INSERT, UPDATE, DELETE and
// EXISTS condition checks, all-or-nothing through the TransactWriteItems
// machinery, with its ClientRequestToken rules).

#include <algorithm>
#include <mutex>

#include "api/shapes_wire.h"
#include "dynamini/api_error.h"
#include "operation/consumed_capacity.h"
#include "operation/operations.h"
#include "partiql/parser.h"
#include "partiql_execute.h"
#include "partiql_key_terms.h"
#include "transactions/request_fingerprint.h"
#include "transactions/transaction.h"
#include "transactions/transaction_replay.h"

namespace dynamini {
namespace {

// One statement, ready to run: a read's key or a write, or the reason the
// transaction is cancelled for it.
struct Prepared {
  bool read = false;
  std::string table;
  std::optional<Item> key;                           // reads
  std::vector<expr::Path> projection;                // reads
  std::optional<ItemWrite> write;                    // writes
  std::shared_ptr<partiql::ParsedStatement> parsed;  // what the write points into
  std::optional<CancellationReason> refused;
};

// Recorded against DynamoDB (floci's DynamoDbPartiQLEdgeCaseIntegrationTest,
// eu-west-2 2026-09-17): a key that does not name one item of the schema's
// types cancels the transaction with this reason rather than refusing it.
CancellationReason key_mismatch() {
  return {"ValidationError", "The provided key element does not match the schema", std::nullopt};
}

void prepare_read(const partiql::Select& select, const TableDef& table, Prepared& out) {
  // DynamoDB Local's SelectStatementTranslator (ValidationExceptionMessages
  // INVALID_INDICES_FOR_TGI, INVALID_KEYS_FOR_TGI); both recorded against
  // DynamoDB (floci's DynamoDbPartiQLEdgeCaseIntegrationTest;
  // paritysuite/dynamodb-conformance partiqlFunctions.test.ts).
  if (select.index)
    throw validation_error("Reads on indices are not supported within transactions.");
  auto key = partiql::select_key(select, table);
  if (!key) {
    throw validation_error(
        "Select statements within ExecuteTransaction must specify the primary key in the where "
        "clause.");
  }
  try {
    for (const auto& [name, value] : *key) partiql::check_key_value(name, value, table.keys, false);
  } catch (const ApiError&) {
    out.refused = key_mismatch();
    return;
  }
  out.key = std::move(key);
  out.projection = select.projection;
}

void prepare_write(const partiql::ParsedStatement& parsed, Prepared& out) {
  const partiql::Statement& statement = parsed.statement;
  if (const auto* exists = std::get_if<partiql::Exists>(&statement)) {
    out.write = partiql::plan_condition_check(*exists, *parsed.table);
    return;
  }
  // Recorded (nubo-db/dynamodb-conformance partiql.test.ts; floci's
  // DynamoDbPartiQLEdgeCaseIntegrationTest: only once the table is found),
  // with the statement's prefix added by prepare_all.
  if (partiql::returning_of(statement) != partiql::Returning::kNone) {
    throw validation_error("RETURNING clause is not supported in ExecuteTransaction.");
  }
  try {
    partiql::check_write_key(statement, *parsed.table);
  } catch (const ApiError& e) {
    // An INSERT's item answers PutItem's words ("One or more parameter values
    // were invalid: Missing the key sk in the item", recorded).
    out.refused = std::holds_alternative<partiql::Insert>(statement)
                      ? CancellationReason{"ValidationError", e.message, std::nullopt}
                      : key_mismatch();
    return;
  }
  out.write = partiql::plan_write(statement, *parsed.table);
}

// A statement naming a table that does not exist is not refused: the
// transaction is cancelled for it once every statement was read (recorded,
// floci's DynamoDbPartiQLEdgeCaseIntegrationTest: "[ResourceNotFound,
// ResourceNotFound]", and a later statement's own refusal still wins).
Prepared prepare_member(Context& context, const api::ParameterizedStatement& member) {
  static const std::vector<AttributeValue> kNone;
  Prepared out;
  out.parsed = std::make_shared<partiql::ParsedStatement>(partiql::ParsedStatement{
      partiql::parse(*member.statement, member.parameters ? *member.parameters : kNone), nullptr});
  const partiql::Statement& statement = out.parsed->statement;
  out.read = std::holds_alternative<partiql::Select>(statement);
  out.table = partiql::table_of(statement);
  {
    std::lock_guard lock(context.storage_mutex());
    // By name or ARN (context/table_reference.h); a malformed ARN refuses the request.
    out.parsed->table =
        context.find_table(context.table_name_of(out.table, partiql::action_of(statement)));
  }
  if (!out.parsed->table) {
    out.refused =
        CancellationReason{"ResourceNotFound", "Requested resource not found", std::nullopt};
    return out;
  }
  if (const auto* select = std::get_if<partiql::Select>(&statement)) {
    prepare_read(*select, *out.parsed->table, out);
    return out;
  }
  prepare_write(*out.parsed, out);
  if (out.write) {
    out.write->return_old_on_condition_failure =
        is_value(member.return_values_on_condition_check_failure,
                 api::ReturnValuesOnConditionCheckFailure::kAllOld);
  }
  return out;
}

// Statements are read in order; a statement's own refusal names it
// ("Validation failed in TransactStatements[0]: Statement wasn't well formed,
// can't be processed: Unexpected term", recorded against DynamoDB in
// paritysuite/dynamodb-conformance partiqlGrammar.test.ts), and one whose
// kind (read or write) differs from the first is refused at once (DynamoDB
// Local ExecuteTransactionFunction PARTIQL_TRANSACT_REQUEST_MIXED_OPERATION).
// Then the statements' cancellation reasons, if any, cancel it.
std::vector<Prepared> prepare_all(Context& context, const ExecuteTransactionRequest& request,
                                  bool& reads) {
  std::vector<Prepared> prepared;
  const auto& members = *request.transact_statements;
  for (size_t i = 0; i < members.size(); ++i) {
    try {
      prepared.push_back(prepare_member(context, members[i]));
    } catch (ApiError& e) {
      if (e.code == ErrorCode::kValidation) {
        e.message =
            "Validation failed in TransactStatements[" + std::to_string(i) + "]: " + e.message;
      }
      throw;
    }
    if (prepared.size() == 1) reads = prepared.back().read;
    if (prepared.back().read != reads) {
      throw validation_error(
          "ExecuteTransaction API does not support both read and write operations in the same "
          "request.");
    }
  }
  if (std::any_of(prepared.begin(), prepared.end(), [](const Prepared& p) { return p.refused; })) {
    std::vector<CancellationReason> reasons;
    for (const auto& p : prepared) reasons.push_back(p.refused.value_or(CancellationReason{}));
    cancel_transaction(reasons);
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
  using Remembered = RememberedTransaction<ExecuteTransactionResponse>;
  if (token) {
    if (auto replayed = context.idempotency_tokens().replay(key, print, context.now_ms())) {
      return replayed_response(std::any_cast<const Remembered&>(*replayed), capacity);
    }
  }
  Remembered remembered;
  consumed = run_write_transaction(context, writes, token ? &remembered.replay_reads : nullptr);
  if (capacity != CapacityDetail::kNone)
    response.consumed_capacity = transaction_capacity(capacity, consumed);
  if (token) {
    remembered.response = response;
    context.idempotency_tokens().remember(key, print, std::move(remembered), context.now_ms());
  }
  return response;
}

}  // namespace dynamini
