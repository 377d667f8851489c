// ExecuteTransaction: up to 100 PartiQL statements, all reads (a consistent
// snapshot of full-key SELECTs) or all writes (all-or-nothing through the
// TransactWriteItems machinery, with its ClientRequestToken rules).

#include <mutex>

#include "api/shapes_wire.h"
#include "dynamini/api_error.h"
#include "ops/consumed_capacity.h"
#include "ops/operations.h"
#include "ops/partiql_execute.h"
#include "ops/request_fingerprint.h"
#include "ops/transaction.h"

namespace dynamini {
namespace {

// Statements are read in order; one whose kind (read or write) differs
// from the first is refused at once (DynamoDB Local ExecuteTransactionFunction
// PARTIQL_TRANSACT_REQUEST_MIXED_OPERATION).
std::vector<partiql::ParsedStatement> prepare_all(Context& context,
                                                  const ExecuteTransactionRequest& request,
                                                  bool& reads) {
  std::vector<partiql::ParsedStatement> parsed;
  for (const auto& member : *request.transact_statements) {
    parsed.push_back(partiql::prepare(context, *member.statement, member.parameters));
    const bool select = std::holds_alternative<partiql::Select>(parsed.back().statement);
    if (parsed.size() == 1) reads = select;
    if (select != reads) {
      throw validation_error(
          "ExecuteTransaction API does not support both read and write operations in the same "
          "request.");
    }
  }
  return parsed;
}

// A SELECT's projection paths as a ProjectionExpression with #p names.
expr::Projection projection_of(const partiql::Select& select) {
  std::string names;
  expr::ExpressionAttributes attributes;
  for (size_t i = 0; i < select.projection.size(); ++i) {
    if (i) names += ", ";
    for (size_t j = 0; j < select.projection[i].size(); ++j) {
      const auto& e = select.projection[i][j];
      if (e.index >= 0) {
        names += "[" + std::to_string(e.index) + "]";
        continue;
      }
      std::string id = "#p" + std::to_string(attributes.names.size());
      attributes.names[id] = e.name;
      names += (j ? "." : "") + id;
    }
  }
  return expr::Projection::parse(names, attributes);
}

std::vector<api::ItemResponse> run_reads(Context& context,
                                         const std::vector<partiql::ParsedStatement>& parsed,
                                         TableConsumption& consumed) {
  std::vector<ItemRead> reads;
  for (const auto& p : parsed) {
    const auto& select = std::get<partiql::Select>(p.statement);
    auto key = partiql::select_key(select, *p.table);
    // ddb.partiql.shared ValidationExceptionMessages INVALID_KEYS_FOR_TGI.
    if (!key) {
      throw validation_error(
          "Select statements within ExecuteTransaction must specify the primary key in the where "
          "clause.");
    }
    ItemRead read;
    read.table_name = select.table;
    read.key = *key;
    if (!select.projection.empty()) read.projection = projection_of(select);
    reads.push_back(std::move(read));
  }
  std::vector<api::ItemResponse> responses;
  for (auto& item : run_read_transaction(context, reads, consumed))
    responses.push_back({std::move(item)});
  return responses;
}

}  // namespace

ExecuteTransactionResponse ExecuteTransactionOperation::run(Context& context,
                                                            const Request& request,
                                                            const ExecuteOptions& options) {
  bool reads = false;
  auto parsed = prepare_all(context, request, reads);
  const CapacityDetail capacity = capacity_detail(request.return_consumed_capacity, options);
  ExecuteTransactionResponse response;
  TableConsumption consumed;
  if (reads) {
    response.responses = run_reads(context, parsed, consumed);
  } else {
    std::vector<ItemWrite> writes;
    for (const auto& p : parsed) writes.push_back(partiql::plan_write(p.statement, *p.table));
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
  if (capacity != CapacityDetail::kNone)
    response.consumed_capacity = transaction_capacity(capacity, consumed);
  return response;
}

}  // namespace dynamini
