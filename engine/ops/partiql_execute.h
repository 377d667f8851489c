#pragma once

// Running PartiQL statements against the engine (shared by ExecuteStatement,
// BatchExecuteStatement and ExecuteTransaction). Statements run through the
// typed operations: a SELECT as the QueryRequest or ScanRequest it translates
// to, a write as the ItemWrite the item operations bind.

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "context.h"
#include "dynamini/database.h"
#include "dynamini/stored_items.h"
#include "ops/partiql_translate.h"
#include "partiql/ast.h"

namespace dynamini::partiql {

// One statement of a request: text and Parameters, parsed.
struct ParsedStatement {
  Statement statement;
  std::shared_ptr<const TableDef> table;  // at parse time; writes look it up again
};

// Parses `statement` with its Parameters and finds its table
// (ResourceNotFoundException when absent).
ParsedStatement prepare(Context& context, const std::string& statement,
                        const std::optional<std::vector<AttributeValue>>& parameters);

// Whether a statement is a read (SELECT) or a write (INSERT, UPDATE,
// DELETE), from its first word; throws ValidationException for anything else.
bool is_select(const std::string& statement);

// One page of a SELECT.
struct SelectPage {
  ItemArray items;
  std::optional<std::string> next_token;  // the page's LastEvaluatedKey, encoded
  std::optional<api::ConsumedCapacity> consumed_capacity;
};

// A SELECT. `next_token` continues a previous page ("Invalid NextToken" when
// it is not one); `options` as the caller's ExecuteOptions.
SelectPage run_select(Context& context, const ParsedStatement& parsed, ReadOptions read,
                      const std::optional<std::string>& next_token, const ExecuteOptions& options);

// An INSERT, UPDATE or DELETE on its own, in one transaction. Throws
// DuplicateItemException or ConditionalCheckFailedException (with the old
// item when `return_old_on_failure`).
void run_write(Context& context, const ParsedStatement& parsed, bool return_old_on_failure);

}  // namespace dynamini::partiql
