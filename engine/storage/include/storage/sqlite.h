#pragma once

// A minimal RAII layer over SQLite: a Connection with a cache of prepared
// statements (prepared once, reset after every use), and a Statement with
// typed binds and column reads. SQLite failures throw SqliteError; the engine
// turns that into InternalServerError in exactly one place (database.cc).

#include <sqlite3.h>

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>

namespace dynamini {

class SqliteError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Statement {
 public:
  Statement(sqlite3* db, std::string_view sql);
  ~Statement();
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  // Binds are 1-based, as in SQLite. Blob/text data is copied (SQLITE_TRANSIENT).
  Statement& bind_blob(int index, std::string_view bytes);
  Statement& bind_text(int index, std::string_view text);
  Statement& bind_int64(int index, int64_t value);

  // Advances; true while a row is available.
  bool step();
  // Runs a statement that returns no rows.
  void run();
  // Clears bindings and rewinds, ready for reuse.
  void reset();

  std::string_view column_blob(int index) const;
  std::string_view column_text(int index) const;
  int64_t column_int64(int index) const;
  bool column_is_null(int index) const;

 private:
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
};

// Resets a cached statement when the scope ends, whatever happens.
class StatementScope {
 public:
  explicit StatementScope(Statement& s) : s_(s) {}
  ~StatementScope() { s_.reset(); }
  Statement* operator->() { return &s_; }
  Statement& operator*() { return s_; }

 private:
  Statement& s_;
};

class Connection {
 public:
  // Opens `path` ("" = private in-memory database). Throws SqliteError.
  explicit Connection(const std::string& path);
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  void exec(const std::string& sql);
  // The cached prepared statement for `sql`, reset and ready to bind.
  StatementScope cached(const std::string& sql);
  // Builds a statement's text from one table's or index's storage name
  // (storage/sql_text.h).
  using SqlFor = std::string (*)(const std::string& name);
  // The cached prepared statement for `text_for(name)`, found by the pair:
  // the text is built, hashed and prepared on first use only, not on every
  // GetItem and every write's item and index rows. REQUIRES: `text_for` is a
  // pure function of `name`.
  StatementScope cached(SqlFor text_for, const std::string& name);
  // Drops every cached statement (before DROP TABLE, SQLite wants unused ones).
  void clear_cache();
  int64_t changes() const;
  sqlite3* handle() const { return db_; }
  // Transactions ended by WriteTransaction, by outcome (LazyTables tells
  // from them whether a table it created inside a transaction was kept).
  int64_t commits() const { return commits_; }
  int64_t rollbacks() const { return rollbacks_; }

 private:
  friend class WriteTransaction;
  sqlite3* db_ = nullptr;
  int64_t commits_ = 0;
  int64_t rollbacks_ = 0;
  struct TextFor {
    SqlFor text_for;
    std::string name;
    bool operator==(const TextFor&) const = default;
  };
  struct TextForHash {
    size_t operator()(const TextFor& key) const;
  };
  Statement& statement(const std::string& sql);
  std::unordered_map<std::string, std::unique_ptr<Statement>> cache_;
  std::unordered_map<TextFor, Statement*, TextForHash> by_text_for_;  // into cache_
};

// BEGIN IMMEDIATE ... COMMIT, rolled back when destroyed uncommitted (an
// exception or an ApiError thrown mid-write leaves the data as it was).
class WriteTransaction {
 public:
  explicit WriteTransaction(Connection& c);
  ~WriteTransaction();
  void commit();

 private:
  Connection& c_;
  bool done_ = false;
};

}  // namespace dynamini
