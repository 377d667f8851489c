#include "storage/store.h"

#include "catalog/catalog_format.h"

namespace dynamini {

Store::Store(const std::string& path, CommitSync sync) : connection_(path) {
  // In memory: no journal file to sync. File databases: WAL with
  // synchronous=NORMAL (a committed write survives a process crash; the last
  // transactions may be lost on power loss, as documented in the README) or
  // FULL (the WAL is synced at every commit: power loss too). The switch to
  // WAL, a rollback-journal transaction on a new file, runs at SQLite's
  // default level (FULL in Debian's build).
  // 8 KB pages (new databases; a file keeps the size it was created with).
  // The slowdown at a million items once blamed on 4 KB pages was SQLite's
  // page cache walking itself at every commit (memory_page_cache.h); with
  // that fixed, 4 KB and 8 KB measure alike (PutItem at 1M items 90-95% of
  // its rate at 10k, dynamini-bench-embedded --scale), and 8 KB stays.
  connection_.exec("PRAGMA page_size=8192");
  if (path.empty()) {
    connection_.exec("PRAGMA journal_mode=MEMORY");
    connection_.exec("PRAGMA synchronous=OFF");
  } else {
    connection_.exec("PRAGMA journal_mode=WAL");
    connection_.exec(sync == CommitSync::kEveryCommit ? "PRAGMA synchronous=FULL"
                                                      : "PRAGMA synchronous=NORMAL");
  }
  connection_.exec("PRAGMA temp_store=MEMORY");
  connection_.exec(sql::create_catalog());
  connection_.exec(sql::create_tags());
}

std::vector<TableDef> Store::load_catalog() {
  std::vector<TableDef> out;
  stream_log_.ensure_schema();  // also after a restore from a copy without it
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
  stream_log_.on_definition_saved(def);
}

void Store::drop_table(const TableDef& def) {
  connection_.clear_cache();  // cached statements on the dropped tables must go
  connection_.exec(sql::drop_table(def.storage_table()));
  for (const auto& index : def.indexes) connection_.exec(sql::drop_table(def.storage_index(index)));
  auto stmt = connection_.cached(sql::delete_catalog());
  stmt->bind_text(1, def.name).run();
  stream_log_.on_table_dropped(def);
  auto tags = connection_.cached(sql::delete_all_tags());
  tags->bind_text(1, def.name).run();
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
  for (const auto& index : def.indexes)
    stats.index_stats.push_back(count(def.storage_index(index)));
  return stats;
}

void Store::add_index(const TableDef& def, const IndexDef& index) {
  connection_.exec(sql::create_index_table(def.storage_index(index)));
  read_range(def, RangeRead{}, [&](std::string_view item_json, int64_t size, std::string_view) {
    Item item = item_from_json(item_json);
    auto key = index_key_of(item, index);
    if (!key) return true;  // sparse
    insert_index_row(def, index, *key, encode_primary_key(item, def.keys), item, size);
    return true;
  });
}

void Store::drop_index(const TableDef& def, const IndexDef& index) {
  connection_.clear_cache();  // cached statements on the dropped table must go
  connection_.exec(sql::drop_table(def.storage_index(index)));
}

std::optional<std::string> Store::get(const TableDef& def, const EncodedKey& key) {
  auto stmt = connection_.cached(sql::select_item(def.storage_table()));
  stmt->bind_blob(1, key.hash).bind_blob(2, key.range);
  if (!stmt->step()) return std::nullopt;
  return std::string(stmt->column_text(0));
}

std::optional<Store::StoredItem> Store::get_stored(const TableDef& def, const EncodedKey& key) {
  auto stmt = connection_.cached(sql::select_item_and_size(def.storage_table()));
  stmt->bind_blob(1, key.hash).bind_blob(2, key.range);
  if (!stmt->step()) return std::nullopt;
  return StoredItem{std::string(stmt->column_text(0)), stmt->column_int64(1)};
}

void Store::put(const TableDef& def, const Item* old_item, const Item& item) {
  EncodedKey primary = encode_primary_key(item, def.keys);
  const std::string json = item_to_json(item);
  const int64_t size = item_size(item);
  auto stmt = connection_.cached(sql::upsert_item(def.storage_table()));
  stmt->bind_blob(1, primary.hash)
      .bind_blob(2, primary.range)
      .bind_text(3, json)
      .bind_int64(4, size)
      .run();
  write_index_rows(def, old_item, item, primary, size);
  stream_log_.on_write(def, old_item, &item, WriteOrigin::kClient);
}

void Store::remove(const TableDef& def, const Item& old_item, WriteOrigin origin) {
  EncodedKey primary = encode_primary_key(old_item, def.keys);
  delete_index_rows(def, old_item, primary);
  auto stmt = connection_.cached(sql::delete_item(def.storage_table()));
  stmt->bind_blob(1, primary.hash).bind_blob(2, primary.range).run();
  stream_log_.on_write(def, &old_item, nullptr, origin);
}

void Store::write_index_rows(const TableDef& def, const Item* old_item, const Item& item,
                             const EncodedKey& primary, int64_t item_bytes) {
  for (const auto& index : def.indexes) {
    auto old_key = old_item ? index_key_of(*old_item, index) : std::nullopt;
    auto key = index_key_of(item, index);  // nullopt: sparse, the item lacks an index key
    const bool same_row =
        old_key && key && old_key->hash == key->hash && old_key->range == key->range;
    if (old_key && !same_row) {
      auto del = connection_.cached(sql::delete_index_row(def.storage_index(index)));
      del->bind_blob(1, old_key->hash)
          .bind_blob(2, old_key->range)
          .bind_blob(3, primary.hash)
          .bind_blob(4, primary.range)
          .run();
    }
    // INSERT OR REPLACE: an unchanged index key is rewritten in place.
    if (key) insert_index_row(def, index, *key, primary, item, item_bytes);
  }
}

void Store::insert_index_row(const TableDef& def, const IndexDef& index, const EncodedKey& key,
                             const EncodedKey& primary, const Item& item, int64_t item_bytes) {
  auto stmt = connection_.cached(sql::insert_index_row(def.storage_index(index)));
  stmt->bind_blob(1, key.hash)
      .bind_blob(2, key.range)
      .bind_blob(3, primary.hash)
      .bind_blob(4, primary.range);
  if (index.projection.type == IndexProjection::Type::kAll) {
    // The item text stays in the base table only; reads join it.
    stmt->bind_text(5, "").bind_int64(6, item_bytes);
  } else {
    Item projected = project_for_index(item, def, index);
    stmt->bind_text(5, item_to_json(projected)).bind_int64(6, item_size(projected));
  }
  stmt->run();
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
  const bool join_base = read.index && read.index->projection.type == IndexProjection::Type::kAll;
  auto stmt =
      connection_.cached(sql::select_range(table, shape, join_base ? def.storage_table() : ""));
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

std::vector<std::pair<std::string, std::string>> Store::tags(const TableDef& def) {
  std::vector<std::pair<std::string, std::string>> out;
  auto stmt = connection_.cached(sql::select_tags());
  stmt->bind_text(1, def.name);
  while (stmt->step()) out.emplace_back(stmt->column_text(0), stmt->column_text(1));
  return out;
}

void Store::set_tag(const TableDef& def, const std::string& key, const std::string& value) {
  auto stmt = connection_.cached(sql::upsert_tag());
  stmt->bind_text(1, def.name).bind_text(2, key).bind_text(3, value).run();
}

void Store::remove_tag(const TableDef& def, const std::string& key) {
  auto stmt = connection_.cached(sql::delete_tag());
  stmt->bind_text(1, def.name).bind_text(2, key).run();
}

}  // namespace dynamini
