#include "storage/sql_text.h"

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
  return "CREATE TABLE IF NOT EXISTS dynamini_streams(table_name TEXT NOT NULL, label TEXT NOT NULL, "
         "view_type TEXT NOT NULL, key_schema TEXT NOT NULL, created_ms INTEGER NOT NULL, "
         "start_seq INTEGER NOT NULL, end_seq INTEGER, closed_ms INTEGER, "
         "trimmed_through INTEGER NOT NULL DEFAULT 0, PRIMARY KEY(table_name, label)) WITHOUT ROWID;"
         "CREATE TABLE IF NOT EXISTS dynamini_stream_records(seq INTEGER PRIMARY KEY AUTOINCREMENT, "
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
         "AND seq >= ? ORDER BY seq LIMIT ?";
}
std::string select_table_records() {
  return "SELECT seq, record FROM dynamini_stream_records WHERE table_name = ? AND seq > ? "
         "ORDER BY seq LIMIT ?";
}
std::string select_trimmed_streams() {
  return "SELECT table_name, label, MAX(seq) FROM dynamini_stream_records WHERE created_ms < ? "
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

std::string select_range(const std::string& table, const RangeShape& s) {
  const char* hash_col = s.index ? "ipk" : "pk";
  const char* sort_col = s.index ? "isk" : "sk";
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
  std::string start_cols, order;
  if (s.has_hash) {
    start_cols = s.index ? "(isk, pk, sk)" : "(sk)";
    order = s.index ? "isk, pk, sk" : "sk";
  } else {
    start_cols = s.index ? "(ipk, isk, pk, sk)" : "(pk, sk)";
    order = s.index ? "ipk, isk, pk, sk" : "pk, sk";
  }
  const char* placeholders = s.index ? (s.has_hash ? "(?, ?, ?)" : "(?, ?, ?, ?)")
                                     : (s.has_hash ? "(?)" : "(?, ?)");
  if (s.has_start) add(start_cols + (s.forward ? " > " : " < ") + placeholders);
  std::string direction = s.forward ? " ASC" : " DESC";
  std::string order_by;
  size_t begin = 0;
  while (begin < order.size()) {
    size_t comma = order.find(", ", begin);
    std::string col = order.substr(begin, comma == std::string::npos ? std::string::npos : comma - begin);
    order_by += (order_by.empty() ? "" : ", ") + col + direction;
    if (comma == std::string::npos) break;
    begin = comma + 2;
  }
  return "SELECT item, size, pk, sk FROM " + table + where + " ORDER BY " + order_by +
         (s.has_limit ? " LIMIT ?" : "");
}

std::string checkpoint_wal() { return "PRAGMA wal_checkpoint(TRUNCATE)"; }

}  // namespace dynamini::sql
