#pragma once

// Running PartiQL statements (shared by ExecuteStatement,
// BatchExecuteStatement and ExecuteTransaction): a statement is parsed and
// bound (partiql/parser.h), its table looked up, then run as the engine's
// own reads (ops/partiql/partiql_select.h) and item writes (items/single_write.h).

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "context/context.h"
#include "dynamini/options.h"
#include "dynamini/shapes.h"
#include "dynamini/stored_items.h"
#include "items/single_write.h"
#include "operation/consumed_capacity.h"
#include "partiql/ast.h"
#include "partiql_select.h"
#include "partiql_translate.h"

namespace dynamini::partiql {

// One statement of a request: text and Parameters, parsed and bound.
struct ParsedStatement {
  Statement statement;
  std::shared_ptr<const TableDef> table;  // at parse time; writes look it up again
};

// Parses `statement` with its Parameters and finds its table
// (ResourceNotFoundException when absent).
ParsedStatement prepare(Context& context, const std::string& statement,
                        const std::optional<std::vector<AttributeValue>>& parameters);

// Whether a statement is a read (SELECT) or a write (INSERT, UPDATE, DELETE,
// the FROM-first UPDATE, EXISTS), from its first word; throws
// ValidationException for anything else.
bool is_select(const std::string& statement);

// The RETURNING clause of an UPDATE or DELETE (kNone for other statements).
Returning returning_of(const Statement& statement);

// RETURNING's item for a write that ran: the item before or after it, or
// only the paths an UPDATE wrote; nothing when that is empty.
std::optional<Item> returned_item(Returning returning, const ItemWrite& write,
                                  const WriteOutcome& outcome);

struct StatementResult {
  ItemArray items;
  std::optional<std::string> next_token;
  std::optional<api::ConsumedCapacity> consumed_capacity;
};

// A SELECT, one page (ExecuteStatement).
StatementResult run_select(Context& context, const ParsedStatement& parsed,
                           const SelectRequest& request, CapacityDetail capacity);

// An INSERT, UPDATE or DELETE on its own, in one transaction: Items holds
// what RETURNING asked for. Throws DuplicateItemException or
// ConditionalCheckFailedException (with the old item when
// `return_old_on_failure`).
StatementResult run_write(Context& context, const ParsedStatement& parsed,
                          bool return_old_on_failure, CapacityDetail capacity);

}  // namespace dynamini::partiql
