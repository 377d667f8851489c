#include "storage/stream_shards.h"

#include <algorithm>
#include <cstdio>

#include "storage/fnv1a.h"
#include "storage/sql_text.h"

namespace dynamini {
namespace {

StoredShard read_shard_row(Statement& s) {
  StoredShard out;
  out.table_name = std::string(s.column_text(0));
  out.label = std::string(s.column_text(1));
  out.shard_id = std::string(s.column_text(2));
  if (!s.column_is_null(3)) out.parent_shard_id = std::string(s.column_text(3));
  out.created_ms = s.column_int64(4);
  out.start_seq = s.column_int64(5);
  if (!s.column_is_null(6)) out.end_seq = s.column_int64(6);
  if (!s.column_is_null(7)) out.closed_ms = s.column_int64(7);
  out.record_count = s.column_int64(8);
  return out;
}

std::vector<StoredShard> read_shards(StatementScope& stmt) {
  std::vector<StoredShard> out;
  while (stmt->step()) out.push_back(read_shard_row(*stmt));
  return out;
}

}  // namespace

std::string make_shard_id(std::string_view table_name, std::string_view label, int64_t created_ms,
                          std::optional<int64_t> start_seq_of_child) {
  char digits[32];
  std::snprintf(digits, sizeof digits, "%020lld", static_cast<long long>(created_ms));
  std::string hashed = std::string(table_name) + "/" + std::string(label);
  if (start_seq_of_child) hashed += "/" + std::to_string(*start_seq_of_child);
  return std::string("shardId-") + digits + "-" + fnv1a_hex(hashed);
}

StreamShards::StreamShards(Connection& connection)
    : connection_(connection),
      tables_(connection, sql::create_stream_shard_table, "dynamini_stream_shards") {
  sqlite3_rollback_hook(
      connection_.handle(), [](void* self) { static_cast<StreamShards*>(self)->open_.clear(); },
      this);
}

StreamShards::~StreamShards() { sqlite3_rollback_hook(connection_.handle(), nullptr, nullptr); }

std::string StreamShards::open_key(std::string_view table_name, std::string_view label) {
  std::string key(table_name);
  key += '\n';  // in neither table names nor labels
  key += label;
  return key;
}

void StreamShards::load(const TableNames& tables, bool streams_present) {
  open_.clear();
  tables_.detect(tables);
  if (!streams_present) return;
  tables_.ensure();
  migrate_one_shard_streams();
}

void StreamShards::migrate_one_shard_streams() {
  struct Pending {
    std::string table_name, label;
    int64_t created_ms;
  };
  std::vector<Pending> pending;
  {
    auto stmt = connection_.cached(sql::select_streams_without_shards());
    while (stmt->step()) {
      pending.push_back({std::string(stmt->column_text(0)), std::string(stmt->column_text(1)),
                         stmt->column_int64(2)});
    }
  }
  if (pending.empty()) return;
  WriteTransaction txn(connection_);
  for (const auto& p : pending) {
    auto stmt = connection_.cached(sql::insert_one_shard_of_stream());
    stmt->bind_text(1, make_shard_id(p.table_name, p.label, p.created_ms, std::nullopt))
        .bind_text(2, p.table_name)
        .bind_text(3, p.label)
        .run();
  }
  txn.commit();
}

void StreamShards::insert(const StoredShard& shard) {
  open_.erase(open_key(shard.table_name, shard.label));  // read back at the next write
  auto stmt = connection_.cached(sql::insert_open_shard());
  stmt->bind_text(1, shard.table_name)
      .bind_text(2, shard.label)
      .bind_text(3, shard.shard_id)
      .bind_text(4, shard.parent_shard_id.value_or(""))
      .bind_int64(5, shard.created_ms)
      .bind_int64(6, shard.start_seq)
      .run();
}

void StreamShards::open_first(std::string_view table_name, std::string_view label,
                              int64_t created_ms, int64_t start_seq) {
  tables_.ensure();
  auto existing = connection_.cached(sql::select_stream_shards());
  existing->bind_text(1, table_name).bind_text(2, label);
  if (existing->step()) return;
  StoredShard shard;
  shard.table_name = std::string(table_name);
  shard.label = std::string(label);
  shard.shard_id = make_shard_id(table_name, label, created_ms, std::nullopt);
  shard.created_ms = created_ms;
  shard.start_seq = start_seq;
  insert(shard);
}

std::optional<StoredShard> StreamShards::open_shard(std::string_view table_name,
                                                    std::string_view label) {
  std::string key = open_key(table_name, label);
  if (auto it = open_.find(key); it != open_.end()) return it->second;
  auto stmt = connection_.cached(sql::select_open_shard());
  stmt->bind_text(1, table_name).bind_text(2, label);
  if (!stmt->step()) return std::nullopt;
  StoredShard shard;
  shard.table_name = std::string(table_name);
  shard.label = std::string(label);
  shard.shard_id = std::string(stmt->column_text(0));
  shard.created_ms = stmt->column_int64(1);
  shard.start_seq = stmt->column_int64(2);
  shard.record_count = stmt->column_int64(3);
  open_.emplace(std::move(key), shard);
  return shard;
}

void StreamShards::close(const StoredShard& shard, int64_t end_seq, int64_t now_ms) {
  open_.erase(open_key(shard.table_name, shard.label));
  auto stmt = connection_.cached(sql::close_shard());
  stmt->bind_int64(1, end_seq)
      .bind_int64(2, now_ms)
      .bind_text(3, shard.table_name)
      .bind_text(4, shard.label)
      .bind_text(5, shard.shard_id)
      .run();
}

StoredShard StreamShards::hand_over(const StoredShard& shard, int64_t last_seq, int64_t now_ms) {
  // A shard closed before any record reached it keeps its start_seq, so the
  // child's range starts after it either way.
  const int64_t end_seq = std::max(last_seq, shard.start_seq);
  close(shard, end_seq, now_ms);
  StoredShard child;
  child.table_name = shard.table_name;
  child.label = shard.label;
  child.parent_shard_id = shard.shard_id;
  child.created_ms = std::max(now_ms, shard.created_ms + 1);
  child.start_seq = end_seq + 1;
  child.shard_id = make_shard_id(child.table_name, child.label, child.created_ms, child.start_seq);
  insert(child);
  return child;
}

std::optional<int64_t> StreamShards::place_record(std::string_view table_name,
                                                  std::string_view label, int64_t next_free_seq,
                                                  int64_t now_ms) {
  tables_.ensure();
  auto shard = open_shard(table_name, label);
  if (!shard) return std::nullopt;
  const bool full = rollover_.max_records > 0 && shard->record_count >= rollover_.max_records;
  const bool aged =
      rollover_.lifetime_ms > 0 && now_ms - shard->created_ms >= rollover_.lifetime_ms;
  if (full || aged) shard = hand_over(*shard, next_free_seq - 1, now_ms);
  if (rollover_.max_records > 0) {
    if (auto it = open_.find(open_key(table_name, label)); it != open_.end()) {
      ++it->second.record_count;
    }
    auto stmt = connection_.cached(sql::count_shard_record());
    stmt->bind_text(1, shard->table_name)
        .bind_text(2, shard->label)
        .bind_text(3, shard->shard_id)
        .run();
  }
  return std::max(next_free_seq, shard->start_seq);
}

void StreamShards::close_streams(std::string_view table_name, std::string_view keep_label,
                                 int64_t last_seq, int64_t now_ms) {
  tables_.ensure();
  std::vector<StoredShard> open;
  {
    auto stmt = connection_.cached(sql::select_open_shards_of_table());
    stmt->bind_text(1, table_name);
    open = read_shards(stmt);
  }
  for (const auto& shard : open) {
    if (shard.label != keep_label) close(shard, std::max(last_seq, shard.start_seq), now_ms);
  }
}

void StreamShards::roll_over_and_trim(int64_t now_ms, int64_t last_seq, int64_t cutoff_ms) {
  tables_.ensure();
  if (rollover_.lifetime_ms > 0) {
    std::vector<StoredShard> aged;
    {
      auto stmt = connection_.cached(sql::select_open_shards_created_before());
      stmt->bind_int64(1, now_ms - rollover_.lifetime_ms);
      aged = read_shards(stmt);
    }
    for (const auto& shard : aged) hand_over(shard, last_seq, now_ms);
  }
  auto stmt = connection_.cached(sql::delete_closed_shards());
  stmt->bind_int64(1, cutoff_ms).run();
}

std::vector<StoredShard> StreamShards::list(std::string_view table_name, std::string_view label) {
  tables_.ensure();
  auto stmt = connection_.cached(sql::select_stream_shards());
  stmt->bind_text(1, table_name).bind_text(2, label);
  return read_shards(stmt);
}

std::optional<StoredShard> StreamShards::find(std::string_view table_name, std::string_view label,
                                              std::string_view shard_id) {
  tables_.ensure();
  auto stmt = connection_.cached(sql::select_stream_shard());
  stmt->bind_text(1, table_name).bind_text(2, label).bind_text(3, shard_id);
  if (!stmt->step()) return std::nullopt;
  return read_shard_row(*stmt);
}

}  // namespace dynamini
