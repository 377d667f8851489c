#pragma once

// Translation of a parsed PartiQL statement into the engine's own reads and
// writes: a SELECT becomes a Query request (when its WHERE fixes the
// partition key by equality: a key range read) or a Scan request; INSERT,
// UPDATE and DELETE become an ItemWrite (ops/item_write.h). Conditions and
// updates are rendered as DynamoDB expressions with #n/:v placeholders and
// parsed by the expression module, so PartiQL evaluates exactly as the
// expression API does.

#include <optional>
#include <string>

#include "catalog/table_def.h"
#include "ops/item_write.h"
#include "partiql/ast.h"

namespace dynamini::partiql {

struct ReadRequest {
  std::string operation;  // "Query" or "Scan"
  std::string json;       // the request body for that operation
};

struct ReadOptions {
  std::optional<int64_t> limit;
  std::optional<Item> exclusive_start_key;
  bool consistent = false;
  std::string return_consumed_capacity;  // "" or the request's value
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

}  // namespace dynamini::partiql
