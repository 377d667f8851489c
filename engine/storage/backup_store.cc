#include "storage/backup_store.h"

#include "catalog/catalog_format.h"
#include "storage/sql_text.h"

namespace dynamini {
namespace {

StoredBackup read_backup_row(Statement& s) {
  StoredBackup out;
  out.arn = std::string(s.column_text(0));
  out.name = std::string(s.column_text(1));
  out.table_name = std::string(s.column_text(2));
  out.table_id = std::string(s.column_text(3));
  out.type = std::string(s.column_text(4));
  out.created_ms = s.column_int64(5);
  if (!s.column_is_null(6)) out.expiry_ms = s.column_int64(6);
  out.item_count = s.column_int64(7);
  out.size_bytes = s.column_int64(8);
  out.storage = s.column_int64(9);
  out.definition = std::string(s.column_text(10));
  return out;
}

}  // namespace

std::string backup_arn(const std::string& region, const std::string& account_id,
                       const std::string& table_name, int64_t created_ms,
                       const std::string& suffix) {
  std::string ms = std::to_string(created_ms);
  if (ms.size() < 14) ms.insert(0, 14 - ms.size(), '0');
  return "arn:aws:dynamodb:" + region + ":" + account_id + ":table/" + table_name + "/backup/" +
         ms + "-" + suffix;
}

StoredBackup BackupStore::create(const TableDef& def, StoredBackup backup) {
  tables_.ensure();
  {
    auto next = connection_.cached(sql::next_backup_storage());
    next->step();
    backup.storage = next->column_int64(0);
  }
  backup.table_name = def.name;
  backup.table_id = def.table_uuid;
  backup.definition = table_def_to_json(def);
  const std::string rows = backup.storage_table();
  connection_.exec(sql::create_item_table(rows));
  connection_.exec(sql::copy_item_rows(def.storage_table(), rows));
  {
    auto count = connection_.cached(sql::count_and_size(rows));
    count->step();
    backup.item_count = count->column_int64(0);
    backup.size_bytes = count->column_int64(1);
  }
  auto stmt = connection_.cached(sql::insert_backup());
  stmt->bind_text(1, backup.arn)
      .bind_text(2, backup.name)
      .bind_text(3, backup.table_name)
      .bind_text(4, backup.table_id)
      .bind_text(5, backup.type)
      .bind_int64(6, backup.created_ms);
  if (backup.expiry_ms) stmt->bind_int64(7, *backup.expiry_ms);  // unbound: NULL
  stmt->bind_int64(8, backup.item_count)
      .bind_int64(9, backup.size_bytes)
      .bind_int64(10, backup.storage)
      .bind_text(11, backup.definition)
      .run();
  return backup;
}

std::optional<StoredBackup> BackupStore::find(const std::string& arn) {
  tables_.ensure();
  auto stmt = connection_.cached(sql::select_backup());
  stmt->bind_text(1, arn);
  if (!stmt->step()) return std::nullopt;
  return read_backup_row(*stmt);
}

std::vector<StoredBackup> BackupStore::all() {
  tables_.ensure();
  std::vector<StoredBackup> out;
  auto stmt = connection_.cached(sql::select_backups());
  while (stmt->step()) out.push_back(read_backup_row(*stmt));
  return out;
}

void BackupStore::remove(const StoredBackup& backup) {
  tables_.ensure();
  connection_.clear_cache();  // cached statements on the dropped table must go
  connection_.exec(sql::drop_table(backup.storage_table()));
  auto stmt = connection_.cached(sql::delete_backup());
  stmt->bind_text(1, backup.arn).run();
}

void BackupStore::copy_items_into(const StoredBackup& backup, const std::string& target_table) {
  tables_.ensure();
  connection_.exec(sql::copy_item_rows(backup.storage_table(), target_table));
}

}  // namespace dynamini
