#pragma once

// A bound PartiQL statement (partiql/ast.h) against its table: what to read
// or write. A SELECT becomes a ReadPlan (the partitions to read, or a scan,
// with the filter and projection: ops/partiql/partiql_select.h runs it page by
// page); INSERT, UPDATE and DELETE become an ItemWrite (items/item_write.h),
// EXISTS a condition check. Key extraction follows DynamoDB's PartiQL layer
// (ddb.partiql.shared KeyAndConditionExpressionExtractorBase, in DynamoDB
// Local): equalities on key attributes at the top of the WHERE clause's ANDs
// name the item; the rest is the write's condition or the read's filter.

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "catalog/table_def.h"
#include "items/item_write.h"
#include "partiql/ast.h"

namespace dynamini::partiql {

// One partition a SELECT reads, and the sort key conditions narrowing it
// (as ops/partiql/partiql_read_branches.h BranchRead has them).
struct PartitionRead {
  std::vector<AttributeValue> hash;  // a value per HASH attribute, in key-schema order
  std::vector<Condition> sort;  // compare, BETWEEN or begins_with on the first RANGE attributes
};

struct ReadPlan {
  const IndexDef* index = nullptr;        // into the TableDef planned against
  std::vector<PartitionRead> partitions;  // empty: the statement scans
  bool forward = true;                    // ORDER BY <sort key> DESC reads backwards
  std::optional<expr::Condition> filter;
  std::vector<expr::Path> projection;  // empty: every attribute (on an index, every projected one)
  bool fetch_from_table = false;       // an LSI asked for what it does not project
};

// REQUIRES: `table` is the definition of select.table. Throws
// ValidationException for an unknown index, a strongly consistent read of a
// GSI, attributes a GSI does not project, ORDER BY it cannot serve.
ReadPlan plan_select(const Select& select, const TableDef& table, bool consistent);

// A SELECT naming one item by its whole primary key and nothing more (what
// BatchExecuteStatement and ExecuteTransaction read): the key, or nullopt.
std::optional<Item> select_key(const Select& select, const TableDef& table);

// INSERT, UPDATE or DELETE as one item write. The write points into
// `statement` (an INSERT's item), which must outlive it. Throws
// ValidationException ("Where clause does not contain a mandatory equality
// on all key attributes", ...).
ItemWrite plan_write(const Statement& statement, const TableDef& table);

// The checks plan_write makes of a write's key before anything else: an
// INSERT's item has the schema's key attributes (PutItem's messages), an
// UPDATE's or DELETE's WHERE clause names one item of the right types.
// ExecuteTransaction answers these as a cancellation reason rather than a
// refusal. Throws ValidationException.
void check_write_key(const Statement& statement, const TableDef& table);

// EXISTS(SELECT ... WHERE <key> AND <condition>) as a condition check
// ("EXISTS() must contain a single item read with additional condition").
ItemWrite plan_condition_check(const Exists& exists, const TableDef& table);

// The table a statement names.
const std::string& table_of(const Statement& statement);
// The IAM action a statement needs on its table (PartiQLSelect, PartiQLInsert,
// PartiQLUpdate, PartiQLDelete), as AccessDeniedException names it.
const char* action_of(const Statement& statement);

}  // namespace dynamini::partiql
