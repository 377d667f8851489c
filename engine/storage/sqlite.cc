#include "storage/sqlite.h"

#include "storage/memory_page_cache.h"

namespace dynamini {
namespace {
[[noreturn]] void fail(sqlite3* db, const std::string& what) {
  throw SqliteError(what + ": " + (db ? sqlite3_errmsg(db) : "out of memory"));
}
}  // namespace

Statement::Statement(sqlite3* db, std::string_view sql) : db_(db) {
  if (sqlite3_prepare_v3(db, sql.data(), static_cast<int>(sql.size()), SQLITE_PREPARE_PERSISTENT,
                         &stmt_, nullptr) != SQLITE_OK) {
    fail(db, "prepare failed for `" + std::string(sql) + "`");
  }
}

Statement::~Statement() { sqlite3_finalize(stmt_); }

Statement& Statement::bind_blob(int index, std::string_view bytes) {
  // A zero-length blob must still be a blob, not NULL: pass a non-null pointer.
  static const char kEmpty = 0;
  const char* data = bytes.empty() ? &kEmpty : bytes.data();
  if (sqlite3_bind_blob(stmt_, index, data, static_cast<int>(bytes.size()), SQLITE_TRANSIENT) !=
      SQLITE_OK) {
    fail(db_, "bind failed");
  }
  return *this;
}

Statement& Statement::bind_text(int index, std::string_view text) {
  if (sqlite3_bind_text(stmt_, index, text.data(), static_cast<int>(text.size()),
                        SQLITE_TRANSIENT) != SQLITE_OK) {
    fail(db_, "bind failed");
  }
  return *this;
}

Statement& Statement::bind_int64(int index, int64_t value) {
  if (sqlite3_bind_int64(stmt_, index, value) != SQLITE_OK) fail(db_, "bind failed");
  return *this;
}

bool Statement::step() {
  int rc = sqlite3_step(stmt_);
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  fail(db_, "step failed");
}

void Statement::run() {
  while (step()) {
  }
}

void Statement::reset() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

std::string_view Statement::column_blob(int index) const {
  const void* data = sqlite3_column_blob(stmt_, index);
  int size = sqlite3_column_bytes(stmt_, index);
  return data ? std::string_view(static_cast<const char*>(data), static_cast<size_t>(size))
              : std::string_view();
}

std::string_view Statement::column_text(int index) const {
  const unsigned char* data = sqlite3_column_text(stmt_, index);
  int size = sqlite3_column_bytes(stmt_, index);
  return data ? std::string_view(reinterpret_cast<const char*>(data), static_cast<size_t>(size))
              : std::string_view();
}

int64_t Statement::column_int64(int index) const { return sqlite3_column_int64(stmt_, index); }

bool Statement::column_is_null(int index) const {
  return sqlite3_column_type(stmt_, index) == SQLITE_NULL;
}

Connection::Connection(const std::string& path) {
  // SQLite's memory statistics take a global mutex around every sqlite3_malloc
  // and sqlite3_free (≈ 350 per PutItem); dynamini never reads them. Turning
  // them off is only allowed before SQLite initializes, so this runs once,
  // before the first connection; if the host already initialized SQLite the
  // call fails with SQLITE_MISUSE and nothing changes.
  static const bool memstatus_off = sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0) == SQLITE_OK;
  (void)memstatus_off;
  // Likewise before initialization: the page cache that keeps in-memory
  // commits fast at any size (memory_page_cache.h).
  install_memory_page_cache();
  const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX;
  const std::string target = path.empty() ? ":memory:" : path;
  if (sqlite3_open_v2(target.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
    std::string message = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    db_ = nullptr;
    throw SqliteError("cannot open database " + target + ": " + message);
  }
  sqlite3_extended_result_codes(db_, 1);
}

Connection::~Connection() {
  by_text_for_.clear();
  cache_.clear();
  sqlite3_close(db_);
}

void Connection::exec(const std::string& sql) {
  char* error = nullptr;
  if (sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &error) != SQLITE_OK) {
    std::string message = error ? error : "unknown error";
    sqlite3_free(error);
    throw SqliteError("`" + sql + "` failed: " + message);
  }
}

Statement& Connection::statement(const std::string& sql) {
  auto it = cache_.find(sql);
  if (it == cache_.end()) {
    it = cache_.emplace(sql, std::make_unique<Statement>(db_, sql)).first;
  }
  return *it->second;
}

StatementScope Connection::cached(const std::string& sql) { return StatementScope(statement(sql)); }

size_t Connection::TextForHash::operator()(const TextFor& key) const {
  return std::hash<std::string>()(key.name) ^ std::hash<SqlFor>()(key.text_for);
}

StatementScope Connection::cached(SqlFor text_for, const std::string& name) {
  TextFor key{text_for, name};
  auto it = by_text_for_.find(key);
  if (it == by_text_for_.end()) {
    Statement& prepared = statement(text_for(name));
    it = by_text_for_.emplace(std::move(key), &prepared).first;
  }
  return StatementScope(*it->second);
}

void Connection::clear_cache() {
  by_text_for_.clear();
  cache_.clear();
}

int64_t Connection::changes() const { return sqlite3_changes64(db_); }

// BEGIN, COMMIT and ROLLBACK run as cached prepared statements: preparing
// them anew on every write cost about a tenth of a PutItem.
WriteTransaction::WriteTransaction(Connection& c) : c_(c) { c_.cached("BEGIN IMMEDIATE")->run(); }

WriteTransaction::~WriteTransaction() {
  if (!done_) {
    ++c_.rollbacks_;
    try {
      c_.cached("ROLLBACK")->run();
    } catch (...) {
    }
  }
}

void WriteTransaction::commit() {
  c_.cached("COMMIT")->run();
  done_ = true;
  ++c_.commits_;
}

}  // namespace dynamini
