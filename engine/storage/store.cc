#include "storage/store.h"

#include <algorithm>

#include "catalog/catalog_format.h"
#include "keys/key_encoding.h"
#include "storage/vector_kernel.h"

namespace dynamini {

Store::Store(const std::string& path, CommitSync sync) : connection_(path) {
  // In memory: no journal file to sync. File databases: WAL with
  // synchronous=NORMAL (a committed write survives a process crash; the last
  // transactions may be lost on power loss: docs/storage.md, "Durability modes") or
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
  // The catalog only: each feature's tables are made at its first use
  // (lazy_tables.h).
  connection_.exec(sql::create_catalog());
}

void Store::configure_recovery(std::function<int64_t()> now_ms, std::string region,
                               std::string account_id) {
  now_ms_ = now_ms;
  point_in_time_.configure(std::move(now_ms));
  region_ = std::move(region);
  account_id_ = std::move(account_id);
}

std::vector<TableDef> Store::load_catalog() {
  std::vector<TableDef> out;
  // Also after a restore from a copy with fewer of the features' tables.
  const TableNames tables = existing_tables(connection_);
  tags_.detect(tables);
  stream_log_.load(tables);
  if (vector_versions_.detect(tables)) {
    auto max = connection_.cached(sql::max_vector_version());
    if (max->step()) vector_version_ = std::max(vector_version_, max->column_int64(0));
  }
  vector_cache_.clear();  // memory only: a cache is checked against its version anyway
  backups_.detect(tables);
  point_in_time_.load(tables);
  if (jobs_.detect(tables)) {
    // A job left IN_PROGRESS was cut short (a crash, or a snapshot taken
    // mid-job): nothing resumes it.
    jobs_.fail_unfinished(now_ms_ ? now_ms_() : 0, "UNKNOWN",
                          "dynamini stopped before this job finished");
  }
  auto stmt = connection_.cached(sql::select_catalog());
  while (stmt->step()) out.push_back(table_def_from_json(stmt->column_text(0)));
  return out;
}

void Store::create_table(const TableDef& def) {
  connection_.exec(sql::create_item_table(def.storage_table()));
  for (const auto& index : def.indexes) {
    connection_.exec(sql::create_index_table(def.storage_index(index)));
  }
  for (const auto& index : def.vector_indexes) {
    connection_.exec(sql::create_vector_table(def.storage_vector_index(index)));
    bump_vector_version(def.storage_vector_index(index));
  }
  save_definition(def);
}

void Store::save_definition(const TableDef& def) {
  auto stmt = connection_.cached(sql::insert_catalog());
  stmt->bind_text(1, def.name).bind_text(2, table_def_to_json(def)).run();
  stream_log_.on_definition_saved(def);
}

void Store::drop_table(const TableDef& def) {
  if (point_in_time_.settings(def)) {
    const int64_t now = now_ms_ ? now_ms_() : 0;
    StoredBackup system;
    // ack-api-quirks DDB-BACKUP-015 (observed on DynamoDB): the name, an ARN
    // ending in -00000000, 35-day expiry, type SYSTEM.
    system.arn = backup_arn(region_, account_id_, def.name, now, "00000000");
    system.name = def.name + "$DeletedTableBackup";
    system.type = "SYSTEM";
    system.created_ms = now;
    system.expiry_ms = now + kSystemBackupRetentionMs;
    backups_.create(def, std::move(system));
    point_in_time_.disable(def);
  }
  connection_.clear_cache();  // cached statements on the dropped tables must go
  connection_.exec(sql::drop_table(def.storage_table()));
  for (const auto& index : def.indexes) connection_.exec(sql::drop_table(def.storage_index(index)));
  for (const auto& index : def.vector_indexes) drop_vector_index(def, index);
  auto stmt = connection_.cached(sql::delete_catalog());
  stmt->bind_text(1, def.name).run();
  stream_log_.on_table_dropped(def);
  if (tags_.maybe_present()) {  // no tag table yet: no tags to remove
    tags_.ensure();
    auto tags = connection_.cached(sql::delete_all_tags());
    tags->bind_text(1, def.name).run();
  }
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
  for (const auto& index : def.vector_indexes)
    stats.vector_index_stats.push_back(count(def.storage_vector_index(index)));
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

void Store::add_vector_index(const TableDef& def, const VectorIndexDef& index) {
  const std::string table = def.storage_vector_index(index);
  connection_.exec(sql::create_vector_table(table));
  read_range(def, RangeRead{}, [&](std::string_view item_json, int64_t, std::string_view) {
    Item item = item_from_json(item_json);
    auto row = vector_row_of(item, def, index);
    if (!row) return true;  // sparse (an item written before the index with another shape too)
    EncodedKey primary = encode_primary_key(item, def.keys);
    auto stmt = connection_.cached(sql::upsert_vector_row(table));
    stmt->bind_blob(1, primary.hash)
        .bind_blob(2, primary.range)
        .bind_blob(3, row->hash)
        .bind_text(4, row->filters)
        .bind_blob(5, vector_to_blob(row->vector))
        .bind_int64(6, row->size)
        .run();
    return true;
  });
  bump_vector_version(table);
}

void Store::drop_vector_index(const TableDef& def, const VectorIndexDef& index) {
  const std::string table = def.storage_vector_index(index);
  connection_.clear_cache();  // cached statements on the dropped table must go
  connection_.exec(sql::drop_table(table));
  vector_versions_.ensure();
  auto stmt = connection_.cached(sql::delete_vector_version());
  stmt->bind_text(1, table).run();
  vector_cache_.erase(table);
}

void Store::bump_vector_version(const std::string& storage_name) {
  vector_versions_.ensure();
  auto stmt = connection_.cached(sql::upsert_vector_version());
  stmt->bind_text(1, storage_name).bind_int64(2, ++vector_version_).run();
}

void Store::write_vector_rows(const TableDef& def, const Item* old_item, const Item* item,
                              const EncodedKey& primary) {
  for (const auto& index : def.vector_indexes) {
    auto old_row = old_item ? vector_row_of(*old_item, def, index) : std::nullopt;
    auto row = item ? vector_row_of(*item, def, index) : std::nullopt;
    if (old_row == row) continue;  // unchanged (or absent both times): nothing to write
    const std::string table = def.storage_vector_index(index);
    if (row) {
      auto stmt = connection_.cached(sql::upsert_vector_row(table));
      stmt->bind_blob(1, primary.hash)
          .bind_blob(2, primary.range)
          .bind_blob(3, row->hash)
          .bind_text(4, row->filters)
          .bind_blob(5, vector_to_blob(row->vector))
          .bind_int64(6, row->size)
          .run();
    } else {
      auto stmt = connection_.cached(sql::delete_vector_row(table));
      stmt->bind_blob(1, primary.hash).bind_blob(2, primary.range).run();
    }
    bump_vector_version(table);
  }
}

std::shared_ptr<const VectorSnapshot> Store::vector_snapshot(const TableDef& def,
                                                             const VectorIndexDef& index) {
  const std::string table = def.storage_vector_index(index);
  int64_t version = 0;
  {
    vector_versions_.ensure();
    auto stmt = connection_.cached(sql::select_vector_version());
    stmt->bind_text(1, table);
    if (stmt->step()) version = stmt->column_int64(0);
  }
  auto it = vector_cache_.find(table);
  if (it != vector_cache_.end() && it->second->version == version &&
      it->second->dimensions == static_cast<size_t>(index.dimensions)) {
    return it->second;
  }
  auto snapshot = load_vector_snapshot(def, index, version);
  vector_cache_[table] = snapshot;
  return snapshot;
}

std::shared_ptr<const VectorSnapshot> Store::load_vector_snapshot(const TableDef& def,
                                                                  const VectorIndexDef& index,
                                                                  int64_t version) {
  auto snapshot = std::make_shared<VectorSnapshot>();
  snapshot->version = version;
  snapshot->dimensions = static_cast<size_t>(index.dimensions);
  const bool has_filters = std::any_of(index.search_schema.begin(), index.search_schema.end(),
                                       [](const auto& e) { return !e.hash; });
  auto stmt = connection_.cached(sql::select_vector_rows(def.storage_vector_index(index)));
  while (stmt->step()) {
    EncodedKey key;
    key.hash = std::string(stmt->column_blob(0));
    key.range = std::string(stmt->column_blob(1));
    snapshot->keys.push_back(std::move(key));
    snapshot->hash.emplace_back(stmt->column_blob(2));
    if (has_filters) {
      std::string_view filters = stmt->column_text(3);
      snapshot->filters.push_back(filters.empty() ? Item{} : item_from_json(filters));
    }
    const size_t at = snapshot->data.size();
    snapshot->data.resize(at + snapshot->dimensions);
    vector_from_blob(stmt->column_blob(4), snapshot->data.data() + at, snapshot->dimensions);
    snapshot->sizes.push_back(stmt->column_int64(5));
  }
  snapshot->count = snapshot->keys.size();
  snapshot->squared_norms.resize(snapshot->count);
  vector_squared_norms(snapshot->data.data(), snapshot->count, snapshot->dimensions,
                       snapshot->squared_norms.data());
  return snapshot;
}

void Store::fill_index_rows(const TableDef& def) {
  if (def.indexes.empty()) return;
  read_range(def, RangeRead{}, [&](std::string_view item_json, int64_t size, std::string_view) {
    Item item = item_from_json(item_json);
    const EncodedKey primary = encode_primary_key(item, def.keys);
    for (const auto& index : def.indexes) {
      auto key = index_key_of(item, index);
      if (key) insert_index_row(def, index, *key, primary, item, size);  // else sparse
    }
    return true;
  });
}

void Store::create_staging_copy(const std::string& name, const TableDef& def) {
  connection_.exec(sql::create_item_table(name));
  connection_.exec(sql::copy_item_rows(def.storage_table(), name));
}

void Store::drop_item_table(const std::string& name) {
  connection_.clear_cache();  // cached statements on the dropped table must go
  connection_.exec(sql::drop_table(name));
}

void Store::copy_item_rows(const std::string& from, const std::string& to) {
  connection_.exec(sql::copy_item_rows(from, to));
}

std::vector<Store::ItemRow> Store::item_rows(
    const std::string& table, const std::optional<std::pair<std::string, std::string>>& after,
    int64_t limit) {
  std::vector<ItemRow> out;
  auto stmt = connection_.cached(after ? sql::select_item_rows_after(table)
                                       : sql::select_item_rows_first(table));
  if (after) stmt->bind_blob(1, after->first).bind_blob(2, after->second);
  stmt->bind_int64(after ? 3 : 1, limit);
  while (stmt->step()) {
    out.push_back({std::string(stmt->column_blob(0)), std::string(stmt->column_blob(1)),
                   std::string(stmt->column_text(2)), stmt->column_int64(3)});
  }
  return out;
}

std::optional<std::string> Store::get(const TableDef& def, const EncodedKey& key) {
  auto stmt = connection_.cached(sql::select_item, def.storage_table());
  stmt->bind_blob(1, key.hash).bind_blob(2, key.range);
  if (!stmt->step()) return std::nullopt;
  return std::string(stmt->column_text(0));
}

std::optional<Store::StoredItem> Store::get_stored(const TableDef& def, const EncodedKey& key) {
  auto stmt = connection_.cached(sql::select_item_and_size, def.storage_table());
  stmt->bind_blob(1, key.hash).bind_blob(2, key.range);
  if (!stmt->step()) return std::nullopt;
  return StoredItem{std::string(stmt->column_text(0)), stmt->column_int64(1)};
}

void Store::put(const TableDef& def, const Item* old_item, const Item& item,
                WriteFootprint* footprint) {
  EncodedKey primary = encode_primary_key(item, def.keys);
  point_in_time_.before_write(def, primary);
  const std::string json = item_to_json(item);
  const int64_t size = item_size(item);
  auto stmt = connection_.cached(sql::upsert_item, def.storage_table());
  stmt->bind_blob(1, primary.hash)
      .bind_blob(2, primary.range)
      .bind_text(3, json)
      .bind_int64(4, size)
      .run();
  if (footprint) {
    footprint->new_bytes = size;
    footprint->indexes.clear();
    footprint->indexes.reserve(def.indexes.size());
  }
  write_index_rows(def, old_item, item, primary, size, footprint);
  if (!def.vector_indexes.empty()) write_vector_rows(def, old_item, &item, primary);
  stream_log_.on_write(def, old_item, &item, WriteOrigin::kClient);
}

void Store::remove(const TableDef& def, const Item& old_item, WriteOrigin origin) {
  EncodedKey primary = encode_primary_key(old_item, def.keys);
  point_in_time_.before_write(def, primary);
  delete_index_rows(def, old_item, primary);
  if (!def.vector_indexes.empty()) write_vector_rows(def, &old_item, nullptr, primary);
  auto stmt = connection_.cached(sql::delete_item, def.storage_table());
  stmt->bind_blob(1, primary.hash).bind_blob(2, primary.range).run();
  stream_log_.on_write(def, &old_item, nullptr, origin);
}

void Store::write_index_rows(const TableDef& def, const Item* old_item, const Item& item,
                             const EncodedKey& primary, int64_t item_bytes,
                             WriteFootprint* footprint) {
  for (const auto& index : def.indexes) {
    auto old_key = old_item ? index_key_of(*old_item, index) : std::nullopt;
    auto key = index_key_of(item, index);  // nullopt: sparse, the item lacks an index key
    const bool same_row =
        old_key && key && old_key->hash == key->hash && old_key->range == key->range;
    if (footprint) footprint->indexes.push_back({old_key.has_value(), key.has_value(), same_row});
    if (old_key && !same_row) {
      auto del = connection_.cached(sql::delete_index_row, def.storage_index(index));
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
  auto stmt = connection_.cached(sql::insert_index_row, def.storage_index(index));
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
    auto stmt = connection_.cached(sql::delete_index_row, def.storage_index(index));
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
  tags_.ensure();
  auto stmt = connection_.cached(sql::select_tags());
  stmt->bind_text(1, def.name);
  while (stmt->step()) out.emplace_back(stmt->column_text(0), stmt->column_text(1));
  return out;
}

void Store::set_tag(const TableDef& def, const std::string& key, const std::string& value) {
  tags_.ensure();
  auto stmt = connection_.cached(sql::upsert_tag());
  stmt->bind_text(1, def.name).bind_text(2, key).bind_text(3, value).run();
}

void Store::remove_tag(const TableDef& def, const std::string& key) {
  tags_.ensure();
  auto stmt = connection_.cached(sql::delete_tag());
  stmt->bind_text(1, def.name).bind_text(2, key).run();
}

}  // namespace dynamini
