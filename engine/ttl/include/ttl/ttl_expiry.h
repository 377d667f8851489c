#pragma once

// Time to Live on the store: which items have expired and deleting them, as
// DynamoDB's background process does, maintaining index rows and writing
// REMOVE stream records with the service identity (userIdentity
// dynamodb.amazonaws.com). ttl/ttl_sweeper.h runs it over the engine's tables.
//
// An item expires when its TTL attribute is a Number (epoch seconds) less than
// the current time (Options::clock_ms) and not more than five years in the
// past: DynamoDB leaves such items alone ("Items with TTL values more than
// five years in the past are not deleted", Developer Guide, Time to Live).
// Any other type (a string, a set, a missing attribute) never expires.

#include <cstdint>
#include <string>
#include <vector>

#include "catalog/table_def.h"
#include "storage/store.h"
#include "values/attribute_value.h"

namespace dynamini {

// The five-year window, in milliseconds (365-day years).
constexpr int64_t kTtlMaximumAgeMs = 5LL * 365 * 24 * 60 * 60 * 1000;

// True when `item` has expired under `attribute` at `now_ms`.
bool item_expired(const Item& item, const std::string& attribute, int64_t now_ms);

// Deletes `table`'s items expired at `now_ms` (none unless its TTL is
// enabled) in one transaction; returns how many.
// REQUIRES: the caller holds the store's storage lock.
int64_t delete_expired_items(Store& store, const TableDef& table, int64_t now_ms);

// One bounded step of a sweep over `table`: reads at most `budget` items
// after `cursor` (the table's {pk, sk} order; empty: from the start), deletes
// the expired ones among them in one transaction, and leaves `cursor` at the
// last item read, or empty once the table's end is reached. Returns how many
// it deleted. The background sweep goes through a table this way so that its
// cost per interval, and the time it holds the storage lock, do not grow with
// the table (a whole-table pass held the lock 0.2 s a second at 100,000 items:
// docs/performance.md, "Scale"). REQUIRES: the storage lock.
int64_t delete_expired_items_step(Store& store, const TableDef& table, int64_t now_ms,
                                  std::vector<std::string>& cursor, int64_t budget);

}  // namespace dynamini
