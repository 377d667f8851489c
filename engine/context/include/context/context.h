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
#include "context/idempotency_tokens.h"
#include "context/storage_mutex.h"
#include "context/table_lifecycle.h"
#include "context/table_reference.h"
#include "dynamini/api_error.h"
#include "dynamini/options.h"
#include "dynamini/shapes.h"
#include "jobs/job_runner.h"
#include "storage/file_lock.h"
#include "storage/store.h"

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

  // Where this database's ARNs point (Options::region and account_id).
  ArnScope arn_scope() const { return {options_.region, options_.account_id}; }
  // The name of the table a request names by `reference`, its name or ARN
  // (table_name_of_reference; `action` is the operation).
  std::string table_name_of(std::string_view reference, std::string_view action) const {
    return table_name_of_reference(reference, arn_scope(), action);
  }

  // REQUIRES: storage_mutex() held, for everything below.
  Store& store() { return store_; }
  // nullptr when no such table. `name` is a table's name (not an ARN).
  std::shared_ptr<const TableDef> find_table(std::string_view name) const;
  // The table a request names by `reference` (a TableName value: its name or
  // its ARN, resolved by table_name_of_reference with `action`, the
  // operation), for the item operations: the table must be ACTIVE or
  // UPDATING. Throws ResourceNotFoundException("Requested resource not
  // found") for a missing table or one still CREATING (or DELETING); the
  // ARN's errors (context/table_reference.h).
  std::shared_ptr<const TableDef> require_table(std::string_view reference,
                                                std::string_view action);
  // The same for the table operations (DescribeTable, the TTL operations),
  // whose message names the table: "Requested resource not found: Table: X
  // not found"; any status (a DELETING table is not found here).
  std::shared_ptr<const TableDef> require_named_table(std::string_view reference,
                                                      std::string_view action) const;
  // The same for UpdateTable and DeleteTable, which change the table: it must
  // be ACTIVE, else ResourceInUseException "Attempt to change a resource
  // which is still in use: Table is being created|updated|deleted: X".
  std::shared_ptr<const TableDef> require_changeable_table(std::string_view reference,
                                                           std::string_view action);
  // Transient statuses (context/table_lifecycle.h) and their delays.
  TableLifecycle& lifecycle() { return lifecycle_; }
  const TransientDelays& transient_delays() const { return delays_; }
  void set_transient_delays(const TransientDelays& delays) { delays_ = delays; }
  // Assigns the storage id, creates the storage and caches the definition,
  // and stores `tags` (CreateTable's Tags) in the same transaction. Throws
  // ResourceInUseException when the name is taken. The table is CREATING
  // for transient_delays().create_table_ms.
  using TagList = std::vector<std::pair<std::string, std::string>>;
  std::shared_ptr<const TableDef> create_table(TableDef def, const TagList& tags = {});
  // Drops the table's storage (items, indexes, tags) and its definition; it
  // is DELETING, described with `stats`, for transient_delays().delete_table_ms.
  void delete_table(const TableDef& def, const TableStats& stats);
  // Persists a changed definition of an existing table (same name and
  // storage) in one transaction and caches it (UpdateTimeToLive, streams).
  std::shared_ptr<const TableDef> save_table_definition(TableDef def);
  // The same, running `storage_changes` (index storage created, backfilled
  // or dropped: UpdateTable) inside the same transaction first.
  std::shared_ptr<const TableDef> save_table_definition(
      TableDef def, const std::function<void(Store&)>& storage_changes);
  // Sorted, with the tables still DELETING.
  std::vector<std::string> table_names();
  // Reloads the table catalog from the store (after a restore).
  void reload_catalog();
  // TransactWriteItems ClientRequestTokens (context/idempotency_tokens.h).
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
  TableLifecycle lifecycle_;
  TransientDelays delays_;
  // Last member: its thread stops before the store goes.
  std::unique_ptr<JobRunner> jobs_ = std::make_unique<JobRunner>();
};

}  // namespace dynamini
