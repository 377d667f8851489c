#pragma once

// Binding CreateTable's VectorIndexes and UpdateTable's VectorIndexUpdates to
// the catalog's VectorIndexDef, with DynamoDB's errors (recorded against
// DynamoDB in eu-west-2, 2026-08-11..13: paritysuite/dynamodb-conformance
// tests/tier3/error-messages/createTableVectorIndexes and nubo-db/dynoxide's
// pinned texts; the Developer Guide's "Troubleshooting vector indexes").

#include <optional>
#include <set>
#include <string>
#include <vector>

#include "catalog/table_def.h"
#include "dynamini/shapes.h"

namespace dynamini {

// DynamoDB's per-table limit and the largest Dimensions it accepts.
constexpr size_t kMaxVectorIndexes = 5;
constexpr int64_t kMaxVectorDimensions = 4096;

// CreateTable: the table's vector indexes (def's attribute definitions and
// billing already bound). Adds the SearchSchema attributes to `used` (they
// are declared in AttributeDefinitions like index keys) and each name to
// `names` ("Duplicate index name: X" when taken).
std::vector<VectorIndexDef> bind_vector_indexes(const std::vector<api::VectorIndex>& list,
                                                const TableDef& def, std::set<std::string>& used,
                                                std::set<std::string>& names);

// UpdateTable: what VectorIndexUpdates asks.
struct VectorIndexChange {
  std::optional<VectorIndexDef> created;
  std::optional<VectorIndexDef> deleted;
  int online = 0;  // creates and deletes (DynamoDB allows one online index change)
};
// Binds the request's VectorIndexUpdates against `table` (request_definitions:
// the request's own AttributeDefinitions, which must declare the SearchSchema
// attributes even when the table has them already).
VectorIndexChange bind_vector_index_updates(const std::vector<api::VectorIndexUpdate>& updates,
                                            const std::vector<KeyElement>* request_definitions,
                                            const TableDef& table, bool pay_per_request);

}  // namespace dynamini
