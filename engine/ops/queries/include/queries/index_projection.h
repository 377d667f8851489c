#pragma once

// A ProjectionExpression (or AttributesToGet) on a Query or Scan of an index,
// checked against what the index projects (API reference, Query, Select):
// a global secondary index cannot fetch from the table, so naming an
// attribute it does not project is a ValidationException ("Global secondary
// index X does not project [a]", as DynamoDB answers: localstack issue 478);
// a local secondary index fetches such attributes from the table.

#include "catalog/table_def.h"
#include "expressions/expressions.h"

namespace dynamini {

// True when entries of `index` carry the top-level attribute `name`: a key
// of the table or of the index, or a projected attribute.
bool index_projects(const TableDef& table, const IndexDef& index, const std::string& name);

// True when the read must fetch each item from the table (an LSI asked for
// attributes it does not project). Throws ValidationException for a GSI.
bool index_read_needs_table(const TableDef& table, const IndexDef* index,
                            const expr::Projection* projection);

}  // namespace dynamini
