#pragma once

// On-demand backups kept in the database itself: a catalog row per backup
// (dynamini_backups) and a copy of the table's item rows (b<n>, shaped as the
// table's own t<id>), so backups survive a restart of a file database and
// travel with snapshots. Index rows are not copied: a restore rebuilds them
// from the items for the indexes the restored table has (sql_text.h has the
// persisted format).
//
// REQUIRES: the engine's storage lock held, and a WriteTransaction open for
// every method that writes.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "catalog/table_def.h"
#include "storage/lazy_tables.h"
#include "storage/sql_text.h"
#include "storage/sqlite.h"

namespace dynamini {

// How long DynamoDB keeps the SYSTEM backup of a table deleted with point-in-
// time recovery enabled: 35 days (API reference, BackupDetails).
constexpr int64_t kSystemBackupRetentionMs = 35LL * 24 * 60 * 60 * 1000;

// arn:aws:dynamodb:REGION:ACCOUNT:table/NAME/backup/<14-digit ms>-<suffix>
// (the prefix is the creation time in epoch milliseconds; the suffix eight
// hex digits, 00000000 for SYSTEM backups: ack-api-quirks DDB-BACKUP-006, 015).
std::string backup_arn(const std::string& region, const std::string& account_id,
                       const std::string& table_name, int64_t created_ms,
                       const std::string& suffix);

struct StoredBackup {
  std::string arn;
  std::string name;
  std::string table_name;
  std::string table_id;
  std::string type;  // "USER" or "SYSTEM"
  int64_t created_ms = 0;
  std::optional<int64_t> expiry_ms;  // SYSTEM backups only
  int64_t item_count = 0;
  int64_t size_bytes = 0;
  int64_t storage = 0;     // rows in b<storage>
  std::string definition;  // the source table's catalog entry (catalog_format.h)

  std::string storage_table() const { return "b" + std::to_string(storage); }
};

class BackupStore {
 public:
  explicit BackupStore(Connection& connection)
      : connection_(connection),
        tables_(connection, sql::create_backup_tables, "dynamini_backups") {}

  // After open or a restore: whether the database has the backup catalog
  // (made at the first backup otherwise).
  bool detect(const TableNames& tables) { return tables_.detect(tables); }

  // Copies every item of `def` into a new backup and records it. `backup`
  // gives arn, name, type, created_ms and expiry_ms; the rest is filled here.
  StoredBackup create(const TableDef& def, StoredBackup backup);
  std::optional<StoredBackup> find(const std::string& arn);
  // Every backup, oldest first (created_ms, then arn).
  std::vector<StoredBackup> all();
  // Drops the backup's rows and its catalog row.
  void remove(const StoredBackup& backup);
  // Copies the backup's item rows into the item table `target_table` (t<id>
  // of a table with the same key schema).
  void copy_items_into(const StoredBackup& backup, const std::string& target_table);

 private:
  Connection& connection_;
  LazyTables tables_;
};

}  // namespace dynamini
