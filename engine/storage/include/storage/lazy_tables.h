#pragma once

// A feature's SQLite tables (streams, stream shards, backups, jobs,
// point-in-time recovery, tags, vector versions), created on first use
// instead of at every open: creating them all at Database::open was a quarter
// of the instructions from spawn to the first answered request (issue 20).
//
// Contract: the owner calls ensure() before every statement on its tables,
// and detect() whenever the database is opened or replaced (a restore).
// ensure() creates the tables inside the caller's transaction when one is
// open: SQLite's DDL is transactional, so a write that rolls back takes the
// creation back with it (never half a feature), and the next ensure() after
// that rollback creates them again.

#include <cstdint>
#include <functional>
#include <set>
#include <string>

#include "storage/sqlite.h"

namespace dynamini {

// The names of the tables in the database (sqlite_master), read once at open.
using TableNames = std::set<std::string, std::less<>>;
TableNames existing_tables(Connection& connection);

class LazyTables {
 public:
  // `create_sql`: the feature's CREATE ... IF NOT EXISTS statements
  // (sql_text.h); `probe`: the table whose presence means the feature's
  // tables are there.
  LazyTables(Connection& connection, std::string (*create_sql)(), const char* probe)
      : connection_(connection), create_sql_(create_sql), probe_(probe) {}

  // After open or restore: whether the probe table is among `tables`. When it
  // is, the CREATE ... IF NOT EXISTS statements run, so a file written by an
  // older version gains the tables and indexes added since (as when every
  // open created everything).
  bool detect(const TableNames& tables);

  // False when the tables are certainly absent (none made since detect()):
  // a statement that would only delete or close rows there can be skipped.
  bool maybe_present() const { return state_ != State::kAbsent; }

  // The tables exist (created now if they did not).
  void ensure() {
    if (state_ != State::kCommitted) settle_or_create();
  }

 private:
  enum class State { kAbsent, kPending, kCommitted };
  void settle_or_create();

  Connection& connection_;
  std::string (*create_sql_)();
  const char* probe_;
  State state_ = State::kAbsent;
  // kPending: created inside a transaction; the connection's counts then.
  int64_t commits_at_ = 0;
  int64_t rollbacks_at_ = 0;
};

}  // namespace dynamini
