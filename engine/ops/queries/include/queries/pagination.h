#pragma once

// Paged reads shared by Query and Scan (DynamoDB Developer Guide, "Paginating
// table query results"): Limit counts items evaluated before the filter; a
// page stops at 1 MB of data read; LastEvaluatedKey is the exact key of the
// last evaluated item (table keys, plus index keys on an index); a page starts
// after ExclusiveStartKey with a key range seek, so page 50 costs what page 1
// costs.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "context/context.h"
#include "dynamini/shapes.h"
#include "expressions/expressions.h"
#include "storage/store.h"

namespace dynamini {

using Select = api::Select;

constexpr int64_t kMaxPageBytes = 1024 * 1024;

struct PageRequest {
  const TableDef* table = nullptr;
  const IndexDef* index = nullptr;
  RangeRead read;  // partition and sort bounds, direction; start and limit set by read_page
  std::optional<Item> exclusive_start_key;
  std::optional<int64_t> limit;
  const expr::Condition* filter = nullptr;
  const expr::Projection* projection = nullptr;
  Select select = Select::kAllAttributes;
  bool consistent = false;
  // An LSI read whose projection names attributes the index does not hold:
  // each item is fetched from the table (queries/index_projection.h).
  bool fetch_from_table = false;
  // Parallel scan: only items whose partition hashes to `segment`.
  std::optional<int64_t> segment;
  int64_t total_segments = 1;
};

struct Page {
  // The returned items as one JSON array of rendered objects (the stored
  // text itself when there is no filter or projection to apply), built in
  // one buffer so a page costs no allocation per item; none for Select COUNT.
  ItemArray items;
  int64_t count = 0;    // items that passed the filter
  int64_t scanned = 0;  // items evaluated
  int64_t bytes_read = 0;
  // An LSI read that fetched items from the table: the read units of those
  // fetches, each item rounded up to 4 KB on its own (Developer Guide, "Local
  // secondary indexes", read capacity units).
  double table_fetch_units = 0;
  std::optional<Item> last_evaluated_key;
};

// The index a Query or Scan names (nullptr for none), with DynamoDB's errors
// for an unknown index, for a consistent read of a GSI and for a GSI still
// CREATING ("Cannot read from backfilling global secondary index: X",
// ValidationException: context/table_lifecycle.h).
const IndexDef* find_read_index(Context& context, const TableDef& table,
                                const std::optional<std::string>& index_name, bool consistent);

// Refuses a read of `index` while it is CREATING (a GSI backfilling after
// UpdateTable): the check find_read_index makes, for PartiQL's planner too.
// REQUIRES: the storage lock held.
void check_index_readable(Context& context, const TableDef& table, const IndexDef& index);

// ExclusiveStartKey against the key schema, in DynamoDB's order and words
// (dynalite actions/query.js and actions/scan.js, recorded against DynamoDB):
// a key with the wrong number of attributes, or missing an index key, is
// "The provided starting key is invalid"; an index (or queried) key of the
// wrong type is "The provided key element does not match the schema"; a
// table key of the wrong type is "The provided starting key is invalid: The
// provided key element does not match the schema" (also Scan's answer to a
// wrong-sized key on the table itself).
void check_start_key_size(const Item& key, const TableDef& table, const IndexDef* index,
                          bool query);
void check_start_key_element(const Item& key, const KeyElement& element);
void check_start_key_table(const Item& key, const TableDef& table);
// A parallel Scan's start key must lie in the scanned segment (dynalite
// actions/scan.js: "... Please use ExclusiveStartKey with correct Segment").
// REQUIRES: the key passed validate_start_key.
void check_start_key_segment(const Item& key, const TableDef& table, int64_t segment,
                             int64_t total_segments);
// Scan's whole check: size, the index's key elements, the table's.
void validate_start_key(const Item& key, const TableDef& table, const IndexDef* index);

// Reads one page. REQUIRES: the engine's storage lock held.
Page read_page(Context& context, PageRequest request);

// DynamoDB's rules for Select against the projection members and IndexName,
// checked before the table is read (AWS-verified select tests, moto): no
// SPECIFIC_ATTRIBUTES without a projection, no projection with another
// Select, ALL_PROJECTED_ATTRIBUTES only with an IndexName. Both report them
// as a constraint error ("1 validation error detected: ..."): Query in moto's
// AWS-verified tests and nubo-db/dynamodb-conformance
// tests/tier3/error-messages/query.test.ts, Scan in that suite's scan.test.ts
// (DynamoDB's newer regions add the prefix the older ones left off).
struct SelectMembers {
  std::optional<Select> select;
  bool has_projection_expression = false;
  bool has_attributes_to_get = false;
  bool has_index_name = false;
};
void check_select(const SelectMembers& members);
// The Select in effect: ALL_ATTRIBUTES on a table, ALL_PROJECTED_ATTRIBUTES
// on an index, SPECIFIC_ATTRIBUTES when a projection is given; rejects
// ALL_ATTRIBUTES on a GSI that does not project ALL.
Select resolve_select(std::optional<Select> select, bool has_projection, const IndexDef* index);

// Moves the page into a Query or Scan response: Items (not for COUNT),
// Count, ScannedCount, LastEvaluatedKey.
template <class Response>
void fill_page(Response& response, Page& page, Select select) {
  if (select != Select::kCount) response.items = std::move(page.items);
  response.count = page.count;
  response.scanned_count = page.scanned;
  response.last_evaluated_key = std::move(page.last_evaluated_key);
}

}  // namespace dynamini
