#include "storage/backup.h"

namespace dynamini {

void copy_database(sqlite3* from, sqlite3* to) {
  sqlite3_backup* backup = sqlite3_backup_init(to, "main", from, "main");
  if (!backup) throw SqliteError(std::string("backup failed: ") + sqlite3_errmsg(to));
  int rc = sqlite3_backup_step(backup, -1);
  sqlite3_backup_finish(backup);
  if (rc != SQLITE_DONE) throw SqliteError(std::string("backup failed: ") + sqlite3_errstr(rc));
}

std::unique_ptr<Connection> copy_to_memory(sqlite3* from) {
  auto copy = std::make_unique<Connection>("");
  copy_database(from, copy->handle());
  return copy;
}

}  // namespace dynamini
