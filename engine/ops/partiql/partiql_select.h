#pragma once

// Running a PartiQL SELECT's ReadPlan (ops/partiql/partiql_translate.h) one page at a
// time, on the paged reads Query and Scan share (queries/pagination.h): Limit
// counts the items evaluated across the plan's partitions, a page stops at
// 1 MB read, NextToken (ops/partiql/partiql_next_token.h) resumes in the partition
// and after the key where the page stopped.

#include <optional>
#include <string>

#include "context/context.h"
#include "dynamini/stored_items.h"
#include "operation/consumed_capacity.h"
#include "partiql_translate.h"

namespace dynamini::partiql {

struct SelectRequest {
  std::optional<int64_t> limit;
  bool consistent = false;
  std::optional<std::string> next_token;
  uint64_t fingerprint = 0;  // statement_fingerprint of the statement and its parameters
};

struct SelectResult {
  ItemArray items;
  std::optional<std::string> next_token;
  // Read units charged to what was read (the table, or the index), plus an
  // LSI's fetches from the table on the table.
  Consumption consumed;
};

// `item` reduced to a SELECT's projection (empty: all of it): each projected
// path flat, under its last member name with the list indexes after it
// (`SELECT a.b[1]` answers {"b[1]": ...}), as DynamoDB Local's
// SelectProjectionUnnester builds them and dynoxide records from DynamoDB.
Item project_item(const Item& item, const std::vector<expr::Path>& projection);

// Projected paths come back flat, each under its last member name with the
// list indexes after it (`SELECT a.b[1]` answers {"b[1]": ...}), as DynamoDB
// Local's SelectProjectionUnnester builds them and dynoxide records from
// DynamoDB. REQUIRES: `table` is the definition `plan` was made against.
SelectResult run_select_plan(Context& context, const TableDef& table, const ReadPlan& plan,
                             const SelectRequest& request);

}  // namespace dynamini::partiql
