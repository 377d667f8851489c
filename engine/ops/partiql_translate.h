#pragma once

// Translation of a parsed PartiQL statement into the engine's own typed
// requests: a SELECT becomes a QueryRequest (when its WHERE fixes the
// partition key by equality: a key range read) or a ScanRequest; INSERT,
// UPDATE and DELETE become an ItemWrite (ops/item_write.h). Conditions and
// updates are rendered as DynamoDB expressions with #n/:v placeholders and
// parsed by the expression module, so PartiQL evaluates exactly as the
// expression API does.

#include <optional>
#include <string>
#include <variant>

#include "catalog/table_def.h"
#include "dynamini/shapes.h"
#include "ops/item_write.h"
#include "partiql/ast.h"

namespace dynamini::partiql {

using ReadRequest = std::variant<QueryRequest, ScanRequest>;

// What the statement's request adds to the read.
struct ReadOptions {
  std::optional<int64_t> limit;
  std::optional<Item> exclusive_start_key;
  bool consistent = false;
  std::optional<Enum<api::ReturnConsumedCapacity>> return_consumed_capacity;
};

// REQUIRES: `table` is the definition of select.table.
ReadRequest plan_select(const Select& select, const TableDef& table, const ReadOptions& options);

// A SELECT whose WHERE is exactly an equality on every key attribute of the
// table (what transactions and batches allow): the key, or nullopt.
std::optional<Item> select_key(const Select& select, const TableDef& table);

// INSERT, UPDATE or DELETE as one item write. Throws ValidationException
// ("Where clause does not contain a mandatory equality on all key
// attributes", ...).
ItemWrite plan_write(const Statement& statement, const TableDef& table);

// The table a statement names.
const std::string& table_of(const Statement& statement);
// The IAM action a statement needs on its table (PartiQLSelect, PartiQLInsert,
// PartiQLUpdate, PartiQLDelete), as AccessDeniedException names it.
const char* action_of(const Statement& statement);

}  // namespace dynamini::partiql
