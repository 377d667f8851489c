#pragma once

// The operations' context (what a Database runs its operations in): options,
// the SQLite store, the table catalog cache, the storage lock and the
// transaction tokens. Every operation (ops/) receives it.

#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/table_def.h"
#include "dynamini/database.h"
#include "idempotency_tokens.h"
#include "jobs/job_runner.h"
#include "storage/file_lock.h"
#include "storage/store.h"
#include "storage_mutex.h"

namespace dynamini {

class Context {
 public:
  // Opens the store and loads the catalog. Throws SqliteError.
  explicit Context(Options options);

  const Options& options() const { return options_; }
  int64_t now_ms() const;

  // Serialises every access to the store and the catalog. Operations parse
  // and render outside it.
  StorageMutex& storage_mutex() { return mutex_; }

  // REQUIRES: storage_mutex() held, for everything below.
  Store& store() { return store_; }
  // nullptr when no such table.
  std::shared_ptr<const TableDef> find_table(std::string_view name) const;
  // Throws ResourceNotFoundException("Requested resource not found").
  std::shared_ptr<const TableDef> require_table(std::string_view name) const;
  // The same for the table operations (DescribeTable, DeleteTable,
  // UpdateTable, the TTL operations), whose message names the table:
  // "Requested resource not found: Table: X not found".
  std::shared_ptr<const TableDef> require_named_table(std::string_view name) const;
  // Assigns the storage id (and a TableId, unless `def` has one), creates the
  // storage and caches the definition.
  // Throws ResourceInUseException when the name is taken.
  std::shared_ptr<const TableDef> create_table(TableDef def);
  void delete_table(const TableDef& def);
  // Persists a changed definition of an existing table (same name and
  // storage) in one transaction and caches it (UpdateTimeToLive, streams).
  std::shared_ptr<const TableDef> save_table_definition(TableDef def);
  // The same, running `storage_changes` (index storage created, backfilled
  // or dropped: UpdateTable) inside the same transaction first.
  std::shared_ptr<const TableDef> save_table_definition(
      TableDef def, const std::function<void(Store&)>& storage_changes);
  std::vector<std::string> table_names() const;  // sorted
  // Reloads the table catalog from the store (after a restore).
  void reload_catalog();
  // TransactWriteItems ClientRequestTokens (ops/idempotency_tokens.h).
  IdempotencyTokens& idempotency_tokens() { return idempotency_tokens_; }
  // Replaces the whole store with a copy of `from` (a snapshot) and reloads
  // the catalog.
  void restore_from(sqlite3* from);
  // Export and import jobs (jobs/job_runner.h). Needs no lock.
  JobRunner& jobs() { return *jobs_; }

 private:
  Options options_;
  StorageMutex mutex_;
  FileLock file_lock_;  // before store_: taken before SQLite opens the file
  Store store_;
  std::map<std::string, std::shared_ptr<const TableDef>, std::less<>> tables_;
  int64_t next_id_ = 1;
  IdempotencyTokens idempotency_tokens_;
  // Last member: its thread stops before the store goes.
  std::unique_ptr<JobRunner> jobs_ = std::make_unique<JobRunner>();
};

}  // namespace dynamini
