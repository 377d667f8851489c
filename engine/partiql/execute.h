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
#include "validation/shape_errors.h"
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

// Adds the shape errors of one statement's "Statement" (1..8192 characters)
// and "Parameters" (at least one) under `path` ("statement", or
// "statements.1.member.statement" style prefixes: pass "" or "statements.1.member").
void add_statement_shape_errors(const Json& member, const std::string& path, ShapeErrors& errors);

// A list of statement objects (BatchExecuteStatement's Statements,
// ExecuteTransaction's TransactStatements): every member's shape, checked
// before any runs, as DynamoDB validates the whole request first. A member
// that is not an object is a SerializationException (dynalite
// test/helpers.js ValueStruct); `shape` names its type for a list.
void check_statement_list(const Json& statements, const char* path, const char* shape, ShapeErrors& errors);

// Whether a statement is a read (SELECT) or a write (INSERT, UPDATE,
// DELETE), from its first word; throws ValidationException for anything else.
bool is_select(const std::string& statement);

// Reads a statement's "Statement" and "Parameters" members into a
// ParsedStatement (their shape already checked).
ParsedStatement prepare_member(Engine& engine, const Json& member);

// A SELECT: writes "Items" (and "NextToken", "ConsumedCapacity") into the
// open response object. `next_token` continues a previous page.
void run_select(Engine& engine, const ParsedStatement& parsed, ReadOptions options,
                const std::optional<std::string>& next_token, JsonWriter& out);

// An INSERT, UPDATE or DELETE on its own, in one transaction. Throws
// DuplicateItemException or ConditionalCheckFailedException (with the old
// item when `return_old_on_failure`).
void run_write(Engine& engine, const ParsedStatement& parsed, bool return_old_on_failure);

}  // namespace dynamini::partiql
