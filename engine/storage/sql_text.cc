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

}  // namespace dynamini::sql
