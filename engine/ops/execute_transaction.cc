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
  errors.throw_if_any();

  std::vector<partiql::ParsedStatement> parsed;
  size_t position = 0;
  size_t selects = 0;
  for (const auto& member : statements->GetArray()) {
    ++position;
    if (!member.IsObject()) throw ApiError{ErrorCode::kSerialization, "Unexpected value type in TransactStatements", {}};
    parsed.push_back(partiql::prepare_member(engine, member, "transactStatements." + std::to_string(position) + ".member"));
    if (std::holds_alternative<partiql::Select>(parsed.back().statement)) ++selects;
  }
  if (selects != 0 && selects != parsed.size()) {
    throw validation_error("Transaction must contain either only read or only write statements");
  }

  out.StartObject();
  if (selects) {
    std::vector<ItemRead> reads;
    for (const auto& p : parsed) {
      const auto& select = std::get<partiql::Select>(p.statement);
      auto key = partiql::select_key(select, *p.table);
      if (!key) throw validation_error("Where clause does not contain a mandatory equality on all key attributes");
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
        if (token) engine.idempotency_tokens().remember("ExecuteTransaction:" + *token, print, "{}", engine.now_ms());
      }
    }
    write_transaction_capacity(out, capacity, consumed);
  }
  out.EndObject();
}

}  // namespace dynamini
