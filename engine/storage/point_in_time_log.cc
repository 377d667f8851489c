#include "storage/point_in_time_log.h"

#include <algorithm>

#include "storage/sql_text.h"

namespace dynamini {
namespace {

// Trim entries older than the recovery period every this many writes.
constexpr int kTrimEveryWrites = 1000;
constexpr int64_t kDayMs = 24LL * 60 * 60 * 1000;

}  // namespace

void PointInTimeLog::load(const TableNames& tables) {
  enabled_.clear();
  last_logged_ms_ = 0;
  if (!tables_.detect(tables)) return;
  auto stmt = connection_.cached(sql::select_pitr());
  while (stmt->step()) {
    enabled_[std::string(stmt->column_text(0))] = {stmt->column_int64(1), stmt->column_int64(2)};
  }
  auto last = connection_.cached(sql::last_pitr_time());
  last->step();
  last_logged_ms_ = last->column_int64(0);
}

std::optional<PointInTimeSettings> PointInTimeLog::settings(const TableDef& def) const {
  auto it = enabled_.find(def.table_uuid);
  if (it == enabled_.end()) return std::nullopt;
  return it->second;
}

PointInTimeSettings PointInTimeLog::enable(const TableDef& def, int64_t recovery_days) {
  tables_.ensure();
  PointInTimeSettings s{now_ms(), recovery_days};
  if (auto current = settings(def)) s.enabled_ms = current->enabled_ms;
  auto stmt = connection_.cached(sql::upsert_pitr());
  stmt->bind_text(1, def.table_uuid).bind_int64(2, s.enabled_ms).bind_int64(3, s.recovery_days);
  stmt->run();
  enabled_[def.table_uuid] = s;
  return s;
}

void PointInTimeLog::disable(const TableDef& def) {
  tables_.ensure();
  auto settings = connection_.cached(sql::delete_pitr());
  settings->bind_text(1, def.table_uuid).run();
  auto log = connection_.cached(sql::delete_pitr_log());
  log->bind_text(1, def.table_uuid).run();
  enabled_.erase(def.table_uuid);
}

void PointInTimeLog::before_write(const TableDef& def, const EncodedKey& key) {
  if (enabled_.empty() || !enabled_.contains(def.table_uuid)) return;
  tables_.ensure();
  const int64_t now = now_ms();
  last_logged_ms_ = std::max(last_logged_ms_, now);
  auto stmt = connection_.cached(sql::log_row_before_write(def.storage_table()));
  stmt->bind_text(1, def.table_uuid)
      .bind_int64(2, last_logged_ms_)
      .bind_blob(3, key.hash)
      .bind_blob(4, key.range)
      .run();
  if (++writes_since_trim_ >= kTrimEveryWrites) {
    writes_since_trim_ = 0;
    trim(now);
  }
}

void PointInTimeLog::trim(int64_t now) {
  for (const auto& [table_id, s] : enabled_) {
    auto stmt = connection_.cached(sql::trim_pitr_log());
    stmt->bind_text(1, table_id).bind_int64(2, now - s.recovery_days * kDayMs).run();
  }
}

void PointInTimeLog::rewind(const TableDef& def, const std::string& table, int64_t after_ms) {
  tables_.ensure();
  struct Undo {
    std::string pk, sk;
    std::optional<std::string> item;
    int64_t size = 0;
  };
  std::vector<Undo> undo;
  {
    auto stmt = connection_.cached(sql::select_pitr_writes_after());
    stmt->bind_text(1, def.table_uuid).bind_int64(2, after_ms);
    while (stmt->step()) {
      Undo u{std::string(stmt->column_blob(0)), std::string(stmt->column_blob(1)), {}, 0};
      if (!stmt->column_is_null(2)) {
        u.item = std::string(stmt->column_text(2));
        u.size = stmt->column_int64(3);
      }
      undo.push_back(std::move(u));
    }
  }
  for (const Undo& u : undo) {  // newest first
    if (u.item) {
      auto put = connection_.cached(sql::upsert_item(table));
      put->bind_blob(1, u.pk).bind_blob(2, u.sk).bind_text(3, *u.item).bind_int64(4, u.size).run();
    } else {
      auto del = connection_.cached(sql::delete_item(table));
      del->bind_blob(1, u.pk).bind_blob(2, u.sk).run();
    }
  }
}

std::vector<PointInTimeChange> PointInTimeLog::changes(const TableDef& def, int64_t from_ms,
                                                       int64_t to_ms) {
  tables_.ensure();
  std::vector<PointInTimeChange> out;
  auto stmt = connection_.cached(sql::select_pitr_changes());
  stmt->bind_text(1, def.table_uuid).bind_int64(2, from_ms).bind_int64(3, to_ms);
  while (stmt->step()) {
    PointInTimeChange c{std::string(stmt->column_blob(0)),
                        std::string(stmt->column_blob(1)),
                        {},
                        stmt->column_int64(4)};
    if (!stmt->column_is_null(2)) c.before = std::string(stmt->column_text(2));
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace dynamini
