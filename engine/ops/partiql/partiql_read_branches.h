#pragma once

// Which reads a SELECT's WHERE clause decomposes into, as DynamoDB plans a
// PartiQL SELECT (Developer Guide, "PartiQL select statements for DynamoDB":
// a partition key named by equality or IN reads those partitions; anything
// else scans). The clause is put in disjunctive form over the ORs that name
// a key attribute; each branch must name the partition key by = or IN and at
// most one sort key condition a key condition can express (=, <, <=, >, >=,
// BETWEEN, begins_with, or IN, one read per value). A branch that does not
// (a NOT or <> on a key, two sort key conditions, a contradiction on the
// partition key) makes the whole statement a scan. Recorded against DynamoDB
// (floci's DynamoDbPartiQLEdgeCaseIntegrationTest, eu-west-2 2026-09-17;
// paritysuite/dynamodb-conformance whereOverlap.test.ts and
// partiqlGrammar.test.ts): more than 50 reads are refused ("Too many
// decomposed read operations for a given query."), and so are two reads of
// one partition whose sort key ranges meet ("Overlapping conditions with
// range keys are not supported in where clause").
//
// On a global secondary index with a multi-attribute key (catalog/table_def.h
// KeySchema), a branch is read by key under the rules Query has for such a
// key (queries/key_condition_bounds.h; Developer Guide, "Multi-attribute key
// schema"): every HASH attribute named by = or IN, and conditions on a prefix
// of the RANGE attributes with no gap, all equalities (or IN) but the last;
// otherwise the statement scans the index, the WHERE clause its filter. An IN
// on several key attributes reads every combination of their values. How
// DynamoDB plans PartiQL on such an index is not documented: these rules are
// Query's, not confirmed for PartiQL.

#include <optional>
#include <string>
#include <vector>

#include "catalog/table_def.h"
#include "partiql/ast.h"
#include "storage/store.h"

namespace dynamini::partiql {

// One read: a partition (a value per HASH attribute, in key-schema order),
// the sort key conditions narrowing it (on the first RANGE attributes, in
// key-schema order: equalities, the last any key condition; at most one on a
// one-attribute sort key), and the other terms of its branch (pointers into
// the WHERE clause), in statement order.
struct BranchRead {
  std::vector<AttributeValue> hash;
  std::vector<Condition> sort;
  std::vector<const Condition*> filter;
};

struct Decomposition {
  bool scan = true;  // the statement scans; `reads` is empty
  std::vector<BranchRead> reads;
};

// REQUIRES: `where` outlives the result. Throws ValidationException for too
// many reads and for overlapping ones; key value types are not checked
// (check_read_key_types).
Decomposition decompose(const std::optional<Condition>& where, const KeySchema& keys);

// Every key value the reads compare with has the schema's type ("Key
// attribute's data type should match its data type in table's schema: Key
// k", recorded: "pk = 1 OR pk = 'ranges'").
void check_read_key_types(const Decomposition& d, const KeySchema& keys);

// A read's partition as the store keeps it (keys/key_encoding.h
// encode_key_part of the HASH values).
std::string encode_partition(const std::vector<AttributeValue>& hash);

// The sort key conditions (BranchRead::sort) as a read's bounds, in the
// store's order-preserving key encoding (what Query makes of a key
// condition).
void apply_sort_bounds(const std::vector<Condition>& sort, const KeySchema& keys, RangeRead& read);

}  // namespace dynamini::partiql
