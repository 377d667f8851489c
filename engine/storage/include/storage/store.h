#pragma once

// Storage of tables, items and index rows in SQLite. Callers hold the
// engine's storage lock and, for writes, a WriteTransaction: a write changes
// the item row and every index row together or not at all.

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/table_def.h"
#include "keys/item_keys.h"
#include "storage/backup_store.h"
#include "storage/job_store.h"
#include "storage/lazy_tables.h"
#include "storage/point_in_time_log.h"
#include "storage/sql_text.h"
#include "storage/sqlite.h"
#include "storage/stream_log.h"
#include "storage/vector_rows.h"

namespace dynamini {

// One range read: a Query (has_hash) or a Scan page, on the table or an index.
struct RangeRead {
  const IndexDef* index = nullptr;  // nullptr: the table itself
  std::optional<std::string> hash;  // encoded partition key (Query)
  std::optional<std::string> lower;
  bool lower_inclusive = true;
  std::optional<std::string> upper;
  bool upper_inclusive = true;
  // Exclusive start, in the order's columns: Query on table {sk}; on index
  // {isk, pk, sk}; Scan on table {pk, sk}; on index {ipk, isk, pk, sk}.
  std::vector<std::string> start;
  bool forward = true;
  std::optional<int64_t> limit;
};

// A row handed to a range reader: stored item JSON, its DynamoDB size and the
// encoded partition key of the base table. Return false to stop reading.
using RowVisitor =
    std::function<bool(std::string_view item_json, int64_t size, std::string_view table_pk)>;

// What one Store::put changed, for capacity accounting
// (operation/consumed_capacity.h), from what the write computed anyway: the new
// item's DynamoDB size and, per index (in TableDef::indexes order), whether
// the old and the new item have an entry there and whether the entry kept its
// key (rewritten in place).
struct WriteFootprint {
  struct IndexEntry {
    bool before = false;
    bool after = false;
    bool same_key = false;
  };
  int64_t new_bytes = 0;
  std::vector<IndexEntry> indexes;
};

// When a file database's commits reach the disk (dynamini::Durability).
enum class CommitSync {
  kAtCheckpoints,  // WAL, synchronous=NORMAL: durable against process crashes
  kEveryCommit,    // WAL, synchronous=FULL: durable against power loss too
};

class Store {
 public:
  // Opens the SQLite database ("" = in memory: `sync` is ignored) and
  // prepares the catalog.
  explicit Store(const std::string& path, CommitSync sync = CommitSync::kAtCheckpoints);

  Connection& connection() { return connection_; }
  StreamLog& stream_log() { return stream_log_; }
  BackupStore& backups() { return backups_; }
  PointInTimeLog& point_in_time() { return point_in_time_; }
  JobStore& jobs() { return jobs_; }
  // The clock, region and account the recovery features stamp: the point-in-
  // time log's times and the ARN of the SYSTEM backup drop_table() takes of a
  // table with point-in-time recovery enabled. Set once by the engine.
  void configure_recovery(std::function<int64_t()> now_ms, std::string region,
                          std::string account_id);

  std::vector<TableDef> load_catalog();
  // Creates the storage of `def` (def.id must be set) and records it.
  void create_table(const TableDef& def);
  // Drops the table's storage, catalog entry and tags. A table with point-in-
  // time recovery enabled leaves a SYSTEM backup "<name>$DeletedTableBackup",
  // kept 35 days (API reference, BackupDetails.BackupType).
  void drop_table(const TableDef& def);
  // Rewrites the catalog record (UpdateTable).
  void save_definition(const TableDef& def);
  TableStats stats(const TableDef& def);
  // UpdateTable: creates the storage of `index` (a member of def.indexes)
  // and fills it from every item of the table (sparse: items lacking an index
  // key, or holding it with another type, get no row); no stream records.
  void add_index(const TableDef& def, const IndexDef& index);
  // UpdateTable: drops the storage of `index`.
  void drop_index(const TableDef& def, const IndexDef& index);
  // UpdateTable: creates the storage of a vector index (a member of
  // def.vector_indexes) and fills it from every item (sparse, see
  // storage/vector_rows.h); drops it.
  void add_vector_index(const TableDef& def, const VectorIndexDef& index);
  void drop_vector_index(const TableDef& def, const VectorIndexDef& index);

  // The rows of a vector index in memory, for SearchVectors. Served from a
  // per-index cache that is never stale: every change to an index's rows
  // (put, remove, backfill) stores a new version in the same SQLite
  // transaction, taken from a counter that only grows for the life of this
  // Store; the cache is used only when its version equals the stored one. A
  // rollback restores the old version (the cache built before it is right
  // again, one built after it was never built: writes hold the storage lock
  // until they commit or roll back), and a restore or reset brings back
  // versions older than any the counter hands out later, so a row change
  // after a restore can never meet a cache built from other rows.
  std::shared_ptr<const VectorSnapshot> vector_snapshot(const TableDef& def,
                                                        const VectorIndexDef& index);
  // Writes every index row of every item of `def` (its item rows filled by
  // copying: a restore or a rewind). The index tables must be empty.
  void fill_index_rows(const TableDef& def);

  // A staging copy of def's item rows in a new item table `name` (exports
  // read it while writes go on), and its removal.
  void create_staging_copy(const std::string& name, const TableDef& def);
  void drop_item_table(const std::string& name);

  // Copies every item row of item table `from` into item table `to` (t<id>
  // of tables with the same key schema; staging copies).
  void copy_item_rows(const std::string& from, const std::string& to);

  // A page of raw item rows of the item table `table` in key order, after
  // (pk, sk) when `after` is set: exports read their staging copy this way.
  struct ItemRow {
    std::string pk, sk, item;
    int64_t size = 0;
  };
  std::vector<ItemRow> item_rows(const std::string& table,
                                 const std::optional<std::pair<std::string, std::string>>& after,
                                 int64_t limit);

  // A stored item as it is kept: its JSON text and DynamoDB size.
  struct StoredItem {
    std::string json;
    int64_t size = 0;
  };
  std::optional<StoredItem> get_stored(const TableDef& def, const EncodedKey& key);
  // The stored item JSON for a primary key, if any.
  std::optional<std::string> get(const TableDef& def, const EncodedKey& key);
  // Writes `item` (keys validated), replacing `old_item` and its index rows.
  // Both add the table's stream record (storage/stream_log.h) in the same
  // transaction. `footprint`, when given, receives what the put changed.
  void put(const TableDef& def, const Item* old_item, const Item& item,
           WriteFootprint* footprint = nullptr);
  void remove(const TableDef& def, const Item& old_item, WriteOrigin origin = WriteOrigin::kClient);

  void read_range(const TableDef& def, const RangeRead& read, const RowVisitor& visit);

  // Tags of a table (TagResource), ordered by key. drop_table removes them.
  std::vector<std::pair<std::string, std::string>> tags(const TableDef& def);
  void set_tag(const TableDef& def, const std::string& key, const std::string& value);
  void remove_tag(const TableDef& def, const std::string& key);

 private:
  // Replaces `old_item`'s index rows (if any) by `item`'s; rows whose index
  // key did not change are rewritten in place.
  void write_index_rows(const TableDef& def, const Item* old_item, const Item& item,
                        const EncodedKey& primary, int64_t item_bytes, WriteFootprint* footprint);
  // One index row: keys and size; the projected text for KEYS_ONLY/INCLUDE,
  // nothing for ALL (see sql_text.h).
  void insert_index_row(const TableDef& def, const IndexDef& index, const EncodedKey& key,
                        const EncodedKey& primary, const Item& item, int64_t item_bytes);
  void delete_index_rows(const TableDef& def, const Item& item, const EncodedKey& primary);
  // Replaces `old_item`'s vector rows by `item`'s (nullptr: removed); stores
  // a new version for each vector index whose row changed.
  void write_vector_rows(const TableDef& def, const Item* old_item, const Item* item,
                         const EncodedKey& primary);
  void bump_vector_version(const std::string& storage_name);
  std::shared_ptr<const VectorSnapshot> load_vector_snapshot(const TableDef& def,
                                                             const VectorIndexDef& index,
                                                             int64_t version);

  Connection connection_;
  LazyTables tags_{connection_, sql::create_tags, "dynamini_tags"};
  LazyTables vector_versions_{connection_, sql::create_vector_versions, "dynamini_vector_versions"};
  StreamLog stream_log_{connection_};
  int64_t vector_version_ = 0;  // the last version handed out (only grows)
  std::map<std::string, std::shared_ptr<const VectorSnapshot>> vector_cache_;
  BackupStore backups_{connection_};
  PointInTimeLog point_in_time_{connection_};
  JobStore jobs_{connection_};
  std::function<int64_t()> now_ms_;
  std::string region_, account_id_;
};

}  // namespace dynamini
