#include "storage/lazy_tables.h"

namespace dynamini {

TableNames existing_tables(Connection& connection) {
  TableNames names;
  auto stmt = connection.cached("SELECT name FROM sqlite_master WHERE type = 'table'");
  while (stmt->step()) names.emplace(stmt->column_text(0));
  return names;
}

bool LazyTables::detect(const TableNames& tables) {
  state_ = State::kAbsent;
  if (!tables.contains(probe_)) return false;
  settle_or_create();
  return true;
}

void LazyTables::settle_or_create() {
  if (state_ == State::kPending && connection_.rollbacks() == rollbacks_at_) {
    // No rollback since the creation: still inside the creating transaction,
    // or it committed (transactions do not nest on a connection).
    if (connection_.commits() != commits_at_) state_ = State::kCommitted;
    return;
  }
  connection_.exec(create_sql_());
  if (sqlite3_get_autocommit(connection_.handle())) {
    state_ = State::kCommitted;
  } else {
    state_ = State::kPending;
    commits_at_ = connection_.commits();
    rollbacks_at_ = connection_.rollbacks();
  }
}

}  // namespace dynamini
