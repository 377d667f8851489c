#include "storage/sql_text.h"

#include <vector>

namespace dynamini::sql {

std::string create_catalog() {
  return "CREATE TABLE IF NOT EXISTS dynamini_catalog("
         "name TEXT PRIMARY KEY, definition TEXT NOT NULL)";
}
std::string select_catalog() { return "SELECT definition FROM dynamini_catalog ORDER BY name"; }
std::string insert_catalog() {
  return "INSERT OR REPLACE INTO dynamini_catalog(name, definition) VALUES(?, ?)";
}
std::string delete_catalog() { return "DELETE FROM dynamini_catalog WHERE name = ?"; }

std::string create_item_table(const std::string& table) {
  return "CREATE TABLE " + table +
         "(pk BLOB NOT NULL, sk BLOB NOT NULL, item TEXT NOT NULL, size INTEGER NOT NULL, "
         "PRIMARY KEY(pk, sk)) WITHOUT ROWID";
}
std::string create_index_table(const std::string& index) {
  return "CREATE TABLE " + index +
         "(ipk BLOB NOT NULL, isk BLOB NOT NULL, pk BLOB NOT NULL, sk BLOB NOT NULL, "
         "item TEXT NOT NULL, size INTEGER NOT NULL, PRIMARY KEY(ipk, isk, pk, sk)) WITHOUT ROWID";
}
std::string drop_table(const std::string& table) { return "DROP TABLE IF EXISTS " + table; }

std::string select_item(const std::string& table) {
  return "SELECT item FROM " + table + " WHERE pk = ? AND sk = ?";
}
std::string select_item_and_size(const std::string& table) {
  return "SELECT item, size FROM " + table + " WHERE pk = ? AND sk = ?";
}
std::string upsert_item(const std::string& table) {
  return "INSERT OR REPLACE INTO " + table + "(pk, sk, item, size) VALUES(?, ?, ?, ?)";
}
std::string delete_item(const std::string& table) {
  return "DELETE FROM " + table + " WHERE pk = ? AND sk = ?";
}
std::string insert_index_row(const std::string& index) {
  return "INSERT OR REPLACE INTO " + index +
         "(ipk, isk, pk, sk, item, size) VALUES(?, ?, ?, ?, ?, ?)";
}
std::string delete_index_row(const std::string& index) {
  return "DELETE FROM " + index + " WHERE ipk = ? AND isk = ? AND pk = ? AND sk = ?";
}
std::string count_and_size(const std::string& table) {
  return "SELECT COUNT(*), COALESCE(SUM(size), 0) FROM " + table;
}

std::string create_vector_table(const std::string& table) {
  return "CREATE TABLE " + table +
         "(pk BLOB NOT NULL, sk BLOB NOT NULL, hash BLOB NOT NULL, filters TEXT NOT NULL, "
         "vector BLOB NOT NULL, size INTEGER NOT NULL, PRIMARY KEY(pk, sk)) WITHOUT ROWID";
}
std::string create_vector_versions() {
  return "CREATE TABLE IF NOT EXISTS dynamini_vector_versions("
         "name TEXT PRIMARY KEY, version INTEGER NOT NULL) WITHOUT ROWID";
}
std::string upsert_vector_row(const std::string& table) {
  return "INSERT OR REPLACE INTO " + table +
         "(pk, sk, hash, filters, vector, size) VALUES(?, ?, ?, ?, ?, ?)";
}
std::string delete_vector_row(const std::string& table) {
  return "DELETE FROM " + table + " WHERE pk = ? AND sk = ?";
}
std::string select_vector_rows(const std::string& table) {
  return "SELECT pk, sk, hash, filters, vector, size FROM " + table + " ORDER BY pk, sk";
}
std::string max_vector_version() {
  return "SELECT COALESCE(MAX(version), 0) FROM dynamini_vector_versions";
}
std::string select_vector_version() {
  return "SELECT version FROM dynamini_vector_versions WHERE name = ?";
}
std::string upsert_vector_version() {
  return "INSERT OR REPLACE INTO dynamini_vector_versions(name, version) VALUES(?, ?)";
}
std::string delete_vector_version() {
  return "DELETE FROM dynamini_vector_versions WHERE name = ?";
}

std::string create_tags() {
  return "CREATE TABLE IF NOT EXISTS dynamini_tags(table_name TEXT NOT NULL, key TEXT NOT NULL, "
         "value TEXT NOT NULL, PRIMARY KEY(table_name, key)) WITHOUT ROWID";
}
std::string select_tags() {
  return "SELECT key, value FROM dynamini_tags WHERE table_name = ? ORDER BY key";
}
std::string upsert_tag() {
  return "INSERT OR REPLACE INTO dynamini_tags(table_name, key, value) VALUES(?, ?, ?)";
}
std::string delete_tag() { return "DELETE FROM dynamini_tags WHERE table_name = ? AND key = ?"; }
std::string delete_all_tags() { return "DELETE FROM dynamini_tags WHERE table_name = ?"; }

std::string create_stream_tables() {
  return "CREATE TABLE IF NOT EXISTS dynamini_streams(table_name TEXT NOT NULL, label TEXT NOT "
         "NULL, "
         "view_type TEXT NOT NULL, key_schema TEXT NOT NULL, created_ms INTEGER NOT NULL, "
         "start_seq INTEGER NOT NULL, end_seq INTEGER, closed_ms INTEGER, "
         "trimmed_through INTEGER NOT NULL DEFAULT 0, PRIMARY KEY(table_name, label)) WITHOUT "
         "ROWID;"
         "CREATE TABLE IF NOT EXISTS dynamini_stream_records(seq INTEGER PRIMARY KEY "
         "AUTOINCREMENT, "
         "table_name TEXT NOT NULL, label TEXT NOT NULL, created_ms INTEGER NOT NULL, "
         "record TEXT NOT NULL);"
         "CREATE INDEX IF NOT EXISTS dynamini_stream_records_by_table "
         "ON dynamini_stream_records(table_name, seq);"
         "CREATE INDEX IF NOT EXISTS dynamini_stream_records_by_time "
         "ON dynamini_stream_records(created_ms)";
}
std::string last_stream_sequence() {
  return "SELECT seq FROM sqlite_sequence WHERE name = 'dynamini_stream_records'";
}
std::string insert_stream_record() {
  return "INSERT INTO dynamini_stream_records(seq, table_name, label, created_ms, record) "
         "VALUES(?, ?, ?, ?, ?)";
}
std::string insert_stream() {
  return "INSERT OR IGNORE INTO dynamini_streams(table_name, label, view_type, key_schema, "
         "created_ms, start_seq) VALUES(?, ?, ?, ?, ?, ?)";
}
std::string close_streams() {
  return "UPDATE dynamini_streams SET end_seq = ?, closed_ms = ? "
         "WHERE table_name = ? AND end_seq IS NULL AND label <> ?";
}
static const char kStreamColumns[] =
    "SELECT table_name, label, view_type, key_schema, created_ms, start_seq, end_seq, "
    "trimmed_through FROM dynamini_streams";
std::string select_streams() { return std::string(kStreamColumns) + " ORDER BY table_name, label"; }
std::string select_stream() {
  return std::string(kStreamColumns) + " WHERE table_name = ? AND label = ?";
}
std::string select_stream_records() {
  return "SELECT seq, record FROM dynamini_stream_records WHERE table_name = ? AND label = ? "
         "AND seq >= ? AND seq <= ? ORDER BY seq LIMIT ?";
}
std::string select_table_records() {
  return "SELECT seq, record FROM dynamini_stream_records WHERE table_name = ? AND seq > ? "
         "ORDER BY seq LIMIT ?";
}
std::string select_trimmed_streams() {
  // Without INDEXED BY, SQLite scans every record through the by_table index
  // for the GROUP BY (EXPLAIN QUERY PLAN), at every trim.
  return "SELECT table_name, label, MAX(seq) FROM dynamini_stream_records "
         "INDEXED BY dynamini_stream_records_by_time WHERE created_ms < ? "
         "GROUP BY table_name, label";
}
std::string update_trimmed_through() {
  return "UPDATE dynamini_streams SET trimmed_through = MAX(trimmed_through, ?) "
         "WHERE table_name = ? AND label = ?";
}
std::string delete_old_stream_records() {
  return "DELETE FROM dynamini_stream_records WHERE created_ms < ?";
}
std::string delete_closed_streams() {
  return "DELETE FROM dynamini_streams WHERE closed_ms IS NOT NULL AND closed_ms < ?";
}

std::string create_stream_shard_table() {
  return "CREATE TABLE IF NOT EXISTS dynamini_stream_shards(table_name TEXT NOT NULL, "
         "label TEXT NOT NULL, shard_id TEXT NOT NULL, parent_shard_id TEXT, "
         "created_ms INTEGER NOT NULL, start_seq INTEGER NOT NULL, end_seq INTEGER, "
         "closed_ms INTEGER, record_count INTEGER NOT NULL DEFAULT 0, "
         "PRIMARY KEY(table_name, label, shard_id)) WITHOUT ROWID;"
         "CREATE INDEX IF NOT EXISTS dynamini_stream_shards_open "
         "ON dynamini_stream_shards(table_name, label) WHERE end_seq IS NULL;"
         "CREATE INDEX IF NOT EXISTS dynamini_stream_shards_closed "
         "ON dynamini_stream_shards(closed_ms) WHERE closed_ms IS NOT NULL";
}
std::string select_streams_without_shards() {
  return "SELECT table_name, label, created_ms FROM dynamini_streams s WHERE NOT EXISTS "
         "(SELECT 1 FROM dynamini_stream_shards h WHERE h.table_name = s.table_name "
         "AND h.label = s.label)";
}
std::string insert_one_shard_of_stream() {
  return "INSERT INTO dynamini_stream_shards(table_name, label, shard_id, parent_shard_id, "
         "created_ms, start_seq, end_seq, closed_ms, record_count) "
         "SELECT table_name, label, ?, NULL, created_ms, start_seq, end_seq, closed_ms, "
         "(SELECT COUNT(*) FROM dynamini_stream_records r WHERE r.table_name = s.table_name "
         "AND r.label = s.label) FROM dynamini_streams s WHERE table_name = ? AND label = ?";
}
std::string insert_open_shard() {
  return "INSERT OR IGNORE INTO dynamini_stream_shards(table_name, label, shard_id, "
         "parent_shard_id, created_ms, start_seq) VALUES(?, ?, ?, NULLIF(?, ''), ?, ?)";
}
static const char kShardColumns[] =
    "SELECT table_name, label, shard_id, parent_shard_id, created_ms, start_seq, end_seq, "
    "closed_ms, record_count FROM dynamini_stream_shards";
std::string select_stream_shards() {
  return std::string(kShardColumns) + " WHERE table_name = ? AND label = ? ORDER BY shard_id";
}
std::string select_stream_shard() {
  return std::string(kShardColumns) + " WHERE table_name = ? AND label = ? AND shard_id = ?";
}
// The open shards are found through the partial index of open shards (a
// stream may have thousands of closed ones within its 24 hours).
std::string select_open_shard() {
  return "SELECT shard_id, created_ms, start_seq, record_count FROM dynamini_stream_shards "
         "INDEXED BY dynamini_stream_shards_open "
         "WHERE table_name = ? AND label = ? AND end_seq IS NULL";
}
std::string select_open_shards_of_table() {
  return std::string(kShardColumns) +
         " INDEXED BY dynamini_stream_shards_open WHERE table_name = ? AND end_seq IS NULL";
}
std::string select_open_shards_created_before() {
  return std::string(kShardColumns) +
         " INDEXED BY dynamini_stream_shards_open WHERE end_seq IS NULL AND created_ms <= ?";
}
std::string close_shard() {
  return "UPDATE dynamini_stream_shards SET end_seq = ?, closed_ms = ? "
         "WHERE table_name = ? AND label = ? AND shard_id = ?";
}
std::string count_shard_record() {
  return "UPDATE dynamini_stream_shards SET record_count = record_count + 1 "
         "WHERE table_name = ? AND label = ? AND shard_id = ?";
}
std::string delete_closed_shards() {
  return "DELETE FROM dynamini_stream_shards INDEXED BY dynamini_stream_shards_closed "
         "WHERE closed_ms IS NOT NULL AND closed_ms < ?";
}
std::string create_backup_tables() {
  return "CREATE TABLE IF NOT EXISTS dynamini_backups(arn TEXT PRIMARY KEY, name TEXT NOT NULL, "
         "table_name TEXT NOT NULL, table_id TEXT NOT NULL, type TEXT NOT NULL, "
         "created_ms INTEGER NOT NULL, expiry_ms INTEGER, item_count INTEGER NOT NULL, "
         "size_bytes INTEGER NOT NULL, storage INTEGER NOT NULL UNIQUE, "
         "definition TEXT NOT NULL)";
}
static const char kBackupColumns[] =
    "SELECT arn, name, table_name, table_id, type, created_ms, expiry_ms, item_count, "
    "size_bytes, storage, definition FROM dynamini_backups";
std::string insert_backup() {
  return "INSERT INTO dynamini_backups(arn, name, table_name, table_id, type, created_ms, "
         "expiry_ms, item_count, size_bytes, storage, definition) "
         "VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
}
std::string select_backups() { return std::string(kBackupColumns) + " ORDER BY created_ms, arn"; }
std::string select_backup() { return std::string(kBackupColumns) + " WHERE arn = ?"; }
std::string delete_backup() { return "DELETE FROM dynamini_backups WHERE arn = ?"; }
std::string next_backup_storage() {
  return "SELECT COALESCE(MAX(storage), 0) + 1 FROM dynamini_backups";
}
std::string copy_item_rows(const std::string& from, const std::string& to) {
  return "INSERT OR REPLACE INTO " + to + "(pk, sk, item, size) SELECT pk, sk, item, size FROM " +
         from;
}
std::string select_item_rows_after(const std::string& table) {
  return "SELECT pk, sk, item, size FROM " + table +
         " WHERE (pk, sk) > (?, ?) ORDER BY pk, sk LIMIT ?";
}
std::string select_item_rows_first(const std::string& table) {
  return "SELECT pk, sk, item, size FROM " + table + " ORDER BY pk, sk LIMIT ?";
}

std::string create_pitr_tables() {
  return "CREATE TABLE IF NOT EXISTS dynamini_pitr(table_id TEXT PRIMARY KEY, "
         "enabled_ms INTEGER NOT NULL, recovery_days INTEGER NOT NULL);"
         "CREATE TABLE IF NOT EXISTS dynamini_pitr_log(seq INTEGER PRIMARY KEY, "
         "table_id TEXT NOT NULL, at_ms INTEGER NOT NULL, pk BLOB NOT NULL, sk BLOB NOT NULL, "
         "item TEXT, size INTEGER);"
         "CREATE INDEX IF NOT EXISTS dynamini_pitr_log_by_time "
         "ON dynamini_pitr_log(table_id, at_ms)";
}
std::string select_pitr() {
  return "SELECT table_id, enabled_ms, recovery_days FROM dynamini_pitr";
}
std::string upsert_pitr() {
  return "INSERT OR REPLACE INTO dynamini_pitr(table_id, enabled_ms, recovery_days) "
         "VALUES(?, ?, ?)";
}
std::string delete_pitr() { return "DELETE FROM dynamini_pitr WHERE table_id = ?"; }
// The newest entry's time, read at open. at_ms never decreases with seq (the
// log stamps max(last logged, now)), so the last row by seq holds the largest:
// one B-tree descent, where MAX(at_ms) read the whole (table_id, at_ms) index
// (at 100,000 logged writes, 730 of the 741 pages read before the first answer).
std::string last_pitr_time() {
  return "SELECT COALESCE((SELECT at_ms FROM dynamini_pitr_log ORDER BY seq DESC LIMIT 1), 0)";
}
std::string log_row_before_write(const std::string& table) {
  return "INSERT INTO dynamini_pitr_log(table_id, at_ms, pk, sk, item, size) "
         "SELECT ?1, ?2, ?3, ?4, o.item, o.size FROM (SELECT 1) LEFT JOIN " +
         table + " AS o ON o.pk = ?3 AND o.sk = ?4";
}
std::string delete_pitr_log() { return "DELETE FROM dynamini_pitr_log WHERE table_id = ?"; }
std::string trim_pitr_log() {
  return "DELETE FROM dynamini_pitr_log WHERE table_id = ? AND at_ms < ?";
}
std::string select_pitr_writes_after() {
  return "SELECT pk, sk, item, size FROM dynamini_pitr_log WHERE table_id = ? AND at_ms > ? "
         "ORDER BY at_ms DESC, seq DESC";
}
std::string select_pitr_changes() {
  // The first write of the period holds the item as it was at from_ms; the
  // latest write's time is the change's time.
  return "SELECT l.pk, l.sk, l.item, l.size, g.last_ms FROM dynamini_pitr_log AS l JOIN "
         "(SELECT pk, sk, MIN(seq) AS first_seq, MAX(at_ms) AS last_ms FROM dynamini_pitr_log "
         "WHERE table_id = ?1 AND at_ms > ?2 AND at_ms <= ?3 GROUP BY pk, sk) AS g "
         "ON l.seq = g.first_seq ORDER BY l.pk, l.sk";
}
std::string select_pitr_first_write_after() {
  return "SELECT l.pk, l.sk, l.item FROM dynamini_pitr_log AS l JOIN "
         "(SELECT MIN(seq) AS first_seq FROM dynamini_pitr_log WHERE table_id = ?1 AND at_ms > ?2 "
         "GROUP BY pk, sk) AS g ON l.seq = g.first_seq";
}

std::string create_jobs() {
  return "CREATE TABLE IF NOT EXISTS dynamini_jobs(arn TEXT PRIMARY KEY, kind TEXT NOT NULL, "
         "table_name TEXT NOT NULL, table_id TEXT NOT NULL, client_token TEXT NOT NULL, "
         "request TEXT NOT NULL, status TEXT NOT NULL, start_ms INTEGER NOT NULL, "
         "end_ms INTEGER, point_ms INTEGER, items INTEGER NOT NULL, bytes INTEGER NOT NULL, "
         "imported INTEGER NOT NULL, errors INTEGER NOT NULL, manifest TEXT NOT NULL, "
         "failure_code TEXT NOT NULL, failure_message TEXT NOT NULL)";
}
static const char kJobColumns[] =
    "SELECT arn, kind, table_name, table_id, client_token, request, status, start_ms, end_ms, "
    "point_ms, items, bytes, imported, errors, manifest, failure_code, failure_message "
    "FROM dynamini_jobs";
std::string upsert_job() {
  return "INSERT OR REPLACE INTO dynamini_jobs(arn, kind, table_name, table_id, client_token, "
         "request, status, start_ms, end_ms, point_ms, items, bytes, imported, errors, manifest, "
         "failure_code, failure_message) VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
}
std::string select_job() { return std::string(kJobColumns) + " WHERE arn = ?"; }
std::string select_jobs() { return std::string(kJobColumns) + " WHERE kind = ? ORDER BY arn DESC"; }
std::string select_job_by_token() {
  return std::string(kJobColumns) +
         " WHERE kind = ? AND client_token = ? ORDER BY start_ms DESC LIMIT 1";
}
std::string fail_unfinished_jobs() {
  return "UPDATE dynamini_jobs SET status = 'FAILED', end_ms = ?, failure_code = ?, "
         "failure_message = ? WHERE status = 'IN_PROGRESS'";
}

std::string select_range(const std::string& table, const RangeShape& s,
                         const std::string& base_table) {
  // The read table is aliased r; an index read of an ALL projection takes
  // the item text from the base table b, joined on the primary key.
  const char* hash_col = s.index ? "r.ipk" : "r.pk";
  const char* sort_col = s.index ? "r.isk" : "r.sk";
  std::string where;
  auto add = [&](const std::string& condition) {
    where += where.empty() ? " WHERE " : " AND ";
    where += condition;
  };
  if (s.has_hash) add(std::string(hash_col) + " = ?");
  if (s.has_lower) add(std::string(sort_col) + (s.lower_inclusive ? " >= ?" : " > ?"));
  if (s.has_upper) add(std::string(sort_col) + (s.upper_inclusive ? " <= ?" : " < ?"));
  // Row-value comparison continues strictly after the start key in the
  // index order, so a page costs the same wherever it starts.
  std::vector<std::string> order;
  if (s.index) {
    if (!s.has_hash) order.push_back("r.ipk");
    order.insert(order.end(), {"r.isk", "r.pk", "r.sk"});
  } else {
    if (!s.has_hash) order.push_back("r.pk");
    order.push_back("r.sk");
  }
  if (s.has_start) {
    std::string columns, placeholders;
    for (size_t i = 0; i < order.size(); ++i) {
      columns += (i ? ", " : "") + order[i];
      placeholders += i ? ", ?" : "?";
    }
    add("(" + columns + ")" + (s.forward ? " > (" : " < (") + placeholders + ")");
  }
  std::string order_by;
  for (const auto& column : order) {
    order_by += (order_by.empty() ? "" : ", ") + column + (s.forward ? " ASC" : " DESC");
  }
  const std::string from = base_table.empty()
                               ? "SELECT r.item, r.size, r.pk, r.sk FROM " + table + " AS r"
                               : "SELECT b.item, b.size, r.pk, r.sk FROM " + table + " AS r JOIN " +
                                     base_table + " AS b ON b.pk = r.pk AND b.sk = r.sk";
  return from + where + " ORDER BY " + order_by + (s.has_limit ? " LIMIT ?" : "");
}

std::string checkpoint_wal() { return "PRAGMA wal_checkpoint(TRUNCATE)"; }

}  // namespace dynamini::sql
