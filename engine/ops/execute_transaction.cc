#include <mutex>

#include "dynamini/api_error.h"
#include "ops/consumed_capacity.h"
#include "ops/operations.h"
#include "ops/transaction.h"
#include "partiql/execute.h"
#include "validation/request_members.h"
#include "validation/shape_errors.h"

namespace dynamini {

// ExecuteTransaction: up to 100 PartiQL statements, all reads (a consistent
// snapshot of full-key SELECTs) or all writes (all-or-nothing through the
// TransactWriteItems machinery).
void execute_transaction(Engine& engine, const Json& request, JsonWriter& out) {
  ShapeErrors errors;
  const Json* statements = array_member(request, "TransactStatements");
  errors.require(statements != nullptr, "transactStatements");
  CapacityDetail capacity = read_capacity_detail(request, errors);
  if (statements && statements->Empty()) {
    errors.add("[]", "transactStatements", "Member must have length greater than or equal to 1");
  }
  if (statements && statements->Size() > kMaxTransactionActions) {
    errors.add("[...]", "transactStatements", "Member must have length less than or equal to 100");
  }
  auto token = string_member(request, "ClientRequestToken");
  if (statements) partiql::check_statement_list(*statements, "transactStatements", "ParameterizedStatement", errors);
  errors.throw_if_any();

  // Statements are read in order; one whose kind (read or write) differs
  // from the first is refused at once (DynamoDB Local ExecuteTransactionFunction
  // PARTIQL_TRANSACT_REQUEST_MIXED_OPERATION).
  std::vector<partiql::ParsedStatement> parsed;
  size_t selects = 0;
  for (const auto& member : statements->GetArray()) {
    parsed.push_back(partiql::prepare_member(engine, member));
    bool select = std::holds_alternative<partiql::Select>(parsed.back().statement);
    if (parsed.size() > 1 && select != (selects != 0)) {
      throw validation_error("ExecuteTransaction API does not support both read and write operations in the same request.");
    }
    if (select) ++selects;
  }

  out.StartObject();
  if (selects) {
    std::vector<ItemRead> reads;
    for (const auto& p : parsed) {
      const auto& select = std::get<partiql::Select>(p.statement);
      auto key = partiql::select_key(select, *p.table);
      // ddb.partiql.shared ValidationExceptionMessages INVALID_KEYS_FOR_TGI.
      if (!key) throw validation_error("Select statements within ExecuteTransaction must specify the primary key in the where clause.");
      ItemRead read;
      read.table_name = select.table;
      read.key = *key;
      if (!select.projection.empty()) {
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
        read.projection = expr::Projection::parse(names, attributes);
      }
      reads.push_back(std::move(read));
    }
    TableConsumption consumed;
    auto items = run_read_transaction(engine, reads, consumed);
    out.Key("Responses");
    out.StartArray();
    for (const auto& item : items) {
      out.StartObject();
      if (item) {
        out.Key("Item");
        write_item(out, *item);
      }
      out.EndObject();
    }
    out.EndArray();
    write_transaction_capacity(out, capacity, consumed);
  } else {
    std::vector<ItemWrite> writes;
    for (const auto& p : parsed) writes.push_back(partiql::plan_write(p.statement, *p.table));
    TableConsumption consumed;
    {
      std::lock_guard lock(engine.storage_mutex());
      // The token is honoured as in TransactWriteItems; the stored response is
      // the empty object a write transaction answers.
      std::string print;
      if (token) {
        rapidjson::StringBuffer b;
        JsonWriter w(b);
        statements->Accept(w);
        print.assign(b.GetString(), b.GetSize());
      }
      bool replayed = token && engine.idempotency_tokens().replay("ExecuteTransaction:" + *token, print, engine.now_ms());
      if (!replayed) {
        consumed = run_write_transaction(engine, writes);
        if (token) engine.idempotency_tokens().remember("ExecuteTransaction:" + *token, print, std::string("{}"), engine.now_ms());
      }
    }
    write_transaction_capacity(out, capacity, consumed);
  }
  out.EndObject();
}

}  // namespace dynamini
