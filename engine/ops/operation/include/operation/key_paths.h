#pragma once

// Key attributes are scalars: an expression may name one, but not look into
// it. A document path that starts at a key attribute of the table or of one
// of its indexes and goes on ("a.b", "a[0]") is refused, in projections and
// filters alike: "Key attributes must be scalars; list random access '[]' and
// map lookup '.' are not allowed: Key: a" for the table's key, "...: IndexKey:
// d" for an index's (architect/dynalite test/getItem.js and test/scan.js,
// "non-scalar key access", recorded against DynamoDB).

#include <vector>

#include "catalog/table_def.h"
#include "expressions/expressions.h"

namespace dynamini {

// Throws for the first path, in the order given, that looks into a key
// attribute: the table's keys are checked before the indexes'.
void check_key_paths(const std::vector<expr::Path>& paths, const TableDef& table);

}  // namespace dynamini
