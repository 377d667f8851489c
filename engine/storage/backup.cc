#include "storage/backup.h"

namespace dynamini {

void copy_database(sqlite3* from, sqlite3* to) {
  sqlite3_backup* backup = sqlite3_backup_init(to, "main", from, "main");
  if (!backup) throw SqliteError(std::string("backup failed: ") + sqlite3_errmsg(to));
  int rc = sqlite3_backup_step(backup, -1);
  sqlite3_backup_finish(backup);
  if (rc != SQLITE_DONE) throw SqliteError(std::string("backup failed: ") + sqlite3_errstr(rc));
}

std::unique_ptr<Connection> empty_memory_database_like(sqlite3* like) {
  // SQLite cannot back up into an in-memory database of another page size,
  // so the copy takes the source's (new databases use 8 KB, older files 4 KB).
  sqlite3_stmt* stmt = nullptr;
  int page_size = 4096;
  if (sqlite3_prepare_v2(like, "PRAGMA page_size", -1, &stmt, nullptr) == SQLITE_OK &&
      sqlite3_step(stmt) == SQLITE_ROW) {
    page_size = sqlite3_column_int(stmt, 0);
  }
  sqlite3_finalize(stmt);
  auto copy = std::make_unique<Connection>("");
  copy->exec("PRAGMA page_size=" + std::to_string(page_size));
  return copy;
}

std::unique_ptr<Connection> copy_to_memory(sqlite3* from) {
  auto copy = empty_memory_database_like(from);
  copy_database(from, copy->handle());
  return copy;
}

}  // namespace dynamini
