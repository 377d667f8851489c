#include <mutex>

#include "dynamini/api_error.h"
#include "ops/consumed_capacity.h"
#include "ops/operations.h"
#include "partiql/execute.h"
#include "validation/request_members.h"
#include "validation/shape_errors.h"

namespace dynamini {
namespace {

constexpr size_t kMaxBatchStatements = 25;

// The BatchStatementError code for an error (API reference,
// BatchStatementError: ConditionalCheckFailed, DuplicateItem, ValidationError,
// ResourceNotFound, ...).
const char* batch_code(const ApiError& e) {
  switch (e.code) {
    case ErrorCode::kConditionalCheckFailed: return "ConditionalCheckFailed";
    case ErrorCode::kDuplicateItem: return "DuplicateItem";
    case ErrorCode::kResourceNotFound: return "ResourceNotFound";
    case ErrorCode::kTransactionConflict: return "TransactionConflict";
    case ErrorCode::kValidation: return "ValidationError";
    default: return "InternalServerError";
  }
}

}  // namespace

// BatchExecuteStatement: up to 25 statements, each run on its own; a failing
// statement answers an Error in its place and does not stop the others.
// Reads must name a full primary key (a GetItem each).
void batch_execute_statement(Engine& engine, const Json& request, JsonWriter& out) {
  ShapeErrors errors;
  const Json* statements = array_member(request, "Statements");
  errors.require(statements != nullptr, "statements");
  CapacityDetail capacity = read_capacity_detail(request, errors);
  if (statements && statements->Empty()) {
    errors.add("[]", "statements", "Member must have length greater than or equal to 1");
  }
  if (statements && statements->Size() > kMaxBatchStatements) {
    errors.add("[...]", "statements", "Member must have length less than or equal to 25");
  }
  if (statements) partiql::check_statement_list(*statements, "statements", "BatchStatementRequest", errors);
  errors.throw_if_any();
  (void)capacity;
  // A batch is all reads or all writes (API reference BatchExecuteStatement);
  // the message is DynamoDB Local's PARTIQL_BATCH_MIXED_READ_WRITE. Statements
  // that do not parse answer their own Error and do not count.
  {
    std::optional<bool> reads;
    for (const auto& member : statements->GetArray()) {
      std::optional<bool> select;
      try {
        select = partiql::is_select(*string_member(member, "Statement"));
      } catch (const ApiError&) {
        continue;
      }
      if (!reads) reads = select;
      if (*reads != *select) {
        throw validation_error("Read and write requests together in the same batch is not supported.");
      }
    }
  }
  out.StartObject();
  out.Key("Responses");
  out.StartArray();
  for (const auto& member : statements->GetArray()) {
    out.StartObject();
    std::optional<std::string> table_name;
    try {
      auto parsed = partiql::prepare_member(engine, member);
      table_name = partiql::table_of(parsed.statement);
      auto on_failure = string_member(member, "ReturnValuesOnConditionCheckFailure");
      if (const auto* select = std::get_if<partiql::Select>(&parsed.statement)) {
        auto key = partiql::select_key(*select, *parsed.table);
        if (!key) {
          throw validation_error("Where clause does not contain a mandatory equality on all key attributes");
        }
        std::optional<Item> item;
        {
          std::lock_guard lock(engine.storage_mutex());
          auto table = engine.require_table(select->table);
          validate_key(*key, *table);
          if (auto stored = engine.store().get(*table, encode_primary_key(*key, table->keys))) {
            item = item_from_json(*stored);
          }
        }
        write_key(out, "TableName");
        write_string(out, *table_name);
        if (item) {
          out.Key("Item");
          if (select->projection.empty()) {
            write_item(out, *item);
          } else {
            write_item(out, expr::extract_paths(*item, select->projection));
          }
        }
      } else {
        partiql::run_write(engine, parsed, on_failure == "ALL_OLD");
        write_key(out, "TableName");
        write_string(out, *table_name);
      }
    } catch (const ApiError& e) {
      if (e.code == ErrorCode::kInternalServerError) throw;
      if (table_name) {
        out.Key("TableName");
        write_string(out, *table_name);
      }
      out.Key("Error");
      out.StartObject();
      out.Key("Code");
      write_string(out, batch_code(e));
      out.Key("Message");
      write_string(out, e.message);
      const std::string item_prefix = "\"Item\":";
      if (e.extra_members_json.rfind(item_prefix, 0) == 0) {
        // ReturnValuesOnConditionCheckFailure=ALL_OLD: the old item.
        std::string item = e.extra_members_json.substr(item_prefix.size());
        out.Key("Item");
        out.RawValue(item.data(), item.size(), rapidjson::kObjectType);
      }
      out.EndObject();
    }
    out.EndObject();
  }
  out.EndArray();
  out.EndObject();
}

}  // namespace dynamini
