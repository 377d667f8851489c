#pragma once

// Point-in-time recovery: which tables have it enabled, and, for those, an
// undo log of every write. Store calls before_write() from its write path
// (PutItem, UpdateItem, DeleteItem, batches, transactions, PartiQL, TTL
// deletions all end there), so each write logs the item as it was before, in
// the write's own transaction: both commit or neither does.
//
// The state of a table at time T is its current state with the writes made
// after T undone, newest first (rewind()). Nothing is copied when recovery is
// enabled; a write costs one more row; entries older than the recovery period
// are trimmed. Disabling recovery forgets the table's log (a later enable
// starts a new window, as in DynamoDB).
//
// Times are the injected clock's milliseconds; a write is logged at
// max(now, the last logged time), so the log's times never go backwards.
//
// REQUIRES: the engine's storage lock held for every method; a
// WriteTransaction open for the ones that write.

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "catalog/table_def.h"
#include "keys/item_keys.h"
#include "storage/lazy_tables.h"
#include "storage/sql_text.h"
#include "storage/sqlite.h"

namespace dynamini {

struct PointInTimeSettings {
  int64_t enabled_ms = 0;      // when recovery was enabled (the window's start)
  int64_t recovery_days = 35;  // RecoveryPeriodInDays
};

// One key written in a period (incremental exports).
struct PointInTimeChange {
  std::string pk, sk;                 // the encoded primary key
  std::optional<std::string> before;  // the item at the period's start
  int64_t last_write_ms = 0;          // the key's last write in the period
};

class PointInTimeLog {
 public:
  explicit PointInTimeLog(Connection& connection)
      : connection_(connection), tables_(connection, sql::create_pitr_tables, "dynamini_pitr") {}

  // The clock (milliseconds since the epoch). Set once before use.
  void configure(std::function<int64_t()> now_ms) { now_ms_ = std::move(now_ms); }
  // Loads which tables have recovery enabled (after open or a restore;
  // `tables`: those in the database). The log's tables are made when
  // recovery is first enabled.
  void load(const TableNames& tables);

  std::optional<PointInTimeSettings> settings(const TableDef& def) const;
  // Enables recovery with `recovery_days`; an enabled table keeps its window
  // start. Returns the settings now in force.
  PointInTimeSettings enable(const TableDef& def, int64_t recovery_days);
  // Disables recovery and forgets the table's log.
  void disable(const TableDef& def);

  // Store hook: logs `key`'s row of `def` as it is, before it is written.
  // Does nothing for a table without recovery enabled.
  void before_write(const TableDef& def, const EncodedKey& key);

  // Undoes, newest first, every write to `def` logged after `after_ms`, on
  // the item rows of `table` (a copy of def's items: a new table's t<id> or a
  // staging table). Index rows are not touched.
  void rewind(const TableDef& def, const std::string& table, int64_t after_ms);
  // The keys written in (from_ms, to_ms], in key order, with the item each
  // had at from_ms.
  std::vector<PointInTimeChange> changes(const TableDef& def, int64_t from_ms, int64_t to_ms);

 private:
  int64_t now_ms() const { return now_ms_ ? now_ms_() : 0; }
  void trim(int64_t now);

  Connection& connection_;
  LazyTables tables_;
  std::function<int64_t()> now_ms_;
  std::map<std::string, PointInTimeSettings, std::less<>> enabled_;  // by TableId
  int64_t last_logged_ms_ = 0;
  int writes_since_trim_ = 0;
};

}  // namespace dynamini
