#pragma once

// Running PartiQL statements against the engine (shared by ExecuteStatement,
// BatchExecuteStatement and ExecuteTransaction).

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine.h"
#include "partiql/ast.h"
#include "partiql/translate.h"
#include "values/json.h"

namespace dynamini::partiql {

// One statement of a request: text and Parameters, parsed.
struct ParsedStatement {
  Statement statement;
  std::shared_ptr<const TableDef> table;  // at parse time; writes look it up again
};

// Parses `statement` with the Parameters array `parameters` (may be null)
// and finds its table (ResourceNotFoundException when absent).
ParsedStatement prepare(Engine& engine, const std::string& statement, const Json* parameters);

// Reads a statement's "Statement" and "Parameters" members into a ParsedStatement.
ParsedStatement prepare_member(Engine& engine, const Json& member, const std::string& path);

// A SELECT: writes "Items" (and "NextToken", "ConsumedCapacity") into the
// open response object. `next_token` continues a previous page.
void run_select(Engine& engine, const ParsedStatement& parsed, ReadOptions options,
                const std::optional<std::string>& next_token, JsonWriter& out);

// An INSERT, UPDATE or DELETE on its own, in one transaction. Throws
// DuplicateItemException or ConditionalCheckFailedException (with the old
// item when `return_old_on_failure`).
void run_write(Engine& engine, const ParsedStatement& parsed, bool return_old_on_failure);

}  // namespace dynamini::partiql
