#include "storage/store.h"

namespace dynamini {

Store::Store(const std::string& path) : connection_(path) {
  // In memory: no journal file to sync. File databases: WAL with
  // synchronous=NORMAL (a committed write survives a process crash; the last
  // transactions may be lost on power loss, as documented in the README).
  if (path.empty()) {
    connection_.exec("PRAGMA journal_mode=MEMORY");
    connection_.exec("PRAGMA synchronous=OFF");
  } else {
    connection_.exec("PRAGMA journal_mode=WAL");
    connection_.exec("PRAGMA synchronous=NORMAL");
  }
  connection_.exec("PRAGMA temp_store=MEMORY");
  connection_.exec(sql::create_catalog());
}

std::vector<TableDef> Store::load_catalog() {
  std::vector<TableDef> out;
  auto stmt = connection_.cached(sql::select_catalog());
  while (stmt->step()) out.push_back(table_def_from_json(stmt->column_text(0)));
  return out;
}

void Store::create_table(const TableDef& def) {
  connection_.exec(sql::create_item_table(def.storage_table()));
  for (const auto& index : def.indexes) {
    connection_.exec(sql::create_index_table(def.storage_index(index)));
  }
  save_definition(def);
}

void Store::save_definition(const TableDef& def) {
  auto stmt = connection_.cached(sql::insert_catalog());
  stmt->bind_text(1, def.name).bind_text(2, table_def_to_json(def)).run();
}

void Store::drop_table(const TableDef& def) {
  connection_.clear_cache();  // cached statements on the dropped tables must go
  connection_.exec(sql::drop_table(def.storage_table()));
  for (const auto& index : def.indexes) connection_.exec(sql::drop_table(def.storage_index(index)));
  auto stmt = connection_.cached(sql::delete_catalog());
  stmt->bind_text(1, def.name).run();
}

TableStats Store::stats(const TableDef& def) {
  TableStats stats;
  auto count = [&](const std::string& table) {
    auto stmt = connection_.cached(sql::count_and_size(table));
    stmt->step();
    return std::make_pair(stmt->column_int64(0), stmt->column_int64(1));
  };
  auto [items, bytes] = count(def.storage_table());
  stats.item_count = items;
  stats.size_bytes = bytes;
  for (const auto& index : def.indexes) stats.index_stats.push_back(count(def.storage_index(index)));
  return stats;
}

std::optional<std::string> Store::get(const TableDef& def, const EncodedKey& key) {
  auto stmt = connection_.cached(sql::select_item(def.storage_table()));
  stmt->bind_blob(1, key.hash).bind_blob(2, key.range);
  if (!stmt->step()) return std::nullopt;
  return std::string(stmt->column_text(0));
}

void Store::put(const TableDef& def, const Item* old_item, const Item& item) {
  EncodedKey primary = encode_primary_key(item, def.keys);
  if (old_item) delete_index_rows(def, *old_item, primary);
  auto stmt = connection_.cached(sql::upsert_item(def.storage_table()));
  stmt->bind_blob(1, primary.hash)
      .bind_blob(2, primary.range)
      .bind_text(3, item_to_json(item))
      .bind_int64(4, item_size(item))
      .run();
  write_index_rows(def, item, primary);
}

void Store::remove(const TableDef& def, const Item& old_item) {
  EncodedKey primary = encode_primary_key(old_item, def.keys);
  delete_index_rows(def, old_item, primary);
  auto stmt = connection_.cached(sql::delete_item(def.storage_table()));
  stmt->bind_blob(1, primary.hash).bind_blob(2, primary.range).run();
}

void Store::write_index_rows(const TableDef& def, const Item& item, const EncodedKey& primary) {
  for (const auto& index : def.indexes) {
    auto key = index_key_of(item, index);
    if (!key) continue;  // sparse: the item lacks an index key attribute
    Item projected = project_for_index(item, def, index);
    auto stmt = connection_.cached(sql::insert_index_row(def.storage_index(index)));
    stmt->bind_blob(1, key->hash)
        .bind_blob(2, key->range)
        .bind_blob(3, primary.hash)
        .bind_blob(4, primary.range)
        .bind_text(5, item_to_json(projected))
        .bind_int64(6, item_size(projected))
        .run();
  }
}

void Store::delete_index_rows(const TableDef& def, const Item& item, const EncodedKey& primary) {
  for (const auto& index : def.indexes) {
    auto key = index_key_of(item, index);
    if (!key) continue;
    auto stmt = connection_.cached(sql::delete_index_row(def.storage_index(index)));
    stmt->bind_blob(1, key->hash)
        .bind_blob(2, key->range)
        .bind_blob(3, primary.hash)
        .bind_blob(4, primary.range)
        .run();
  }
}

void Store::read_range(const TableDef& def, const RangeRead& read, const RowVisitor& visit) {
  sql::RangeShape shape;
  shape.index = read.index != nullptr;
  shape.has_hash = read.hash.has_value();
  shape.has_lower = read.lower.has_value();
  shape.lower_inclusive = read.lower_inclusive;
  shape.has_upper = read.upper.has_value();
  shape.upper_inclusive = read.upper_inclusive;
  shape.has_start = !read.start.empty();
  shape.forward = read.forward;
  shape.has_limit = read.limit.has_value();
  const std::string table = read.index ? def.storage_index(*read.index) : def.storage_table();
  auto stmt = connection_.cached(sql::select_range(table, shape));
  int n = 1;
  if (read.hash) stmt->bind_blob(n++, *read.hash);
  if (read.lower) stmt->bind_blob(n++, *read.lower);
  if (read.upper) stmt->bind_blob(n++, *read.upper);
  for (const auto& column : read.start) stmt->bind_blob(n++, column);
  if (read.limit) stmt->bind_int64(n++, *read.limit);
  while (stmt->step()) {
    if (!visit(stmt->column_text(0), stmt->column_int64(1), stmt->column_blob(2))) break;
  }
}

}  // namespace dynamini
