#include "storage/stream_log.h"

#include <algorithm>

#include "storage/sql_text.h"

namespace dynamini {
namespace {

// Trim old records every this many records (besides the background sweeper).
constexpr int kTrimEveryRecords = 1000;

std::string key_schema_json(const TableDef& def) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartArray();
  auto element = [&](const KeyElement& k, const char* type) {
    w.StartObject();
    w.Key("AttributeName");
    write_string(w, k.name);
    w.Key("KeyType");
    w.String(type);
    w.EndObject();
  };
  element(def.keys.hash, "HASH");
  if (def.keys.range) element(*def.keys.range, "RANGE");
  w.EndArray();
  return std::string(buffer.GetString(), buffer.GetSize());
}

StoredStream read_stream_row(Statement& s) {
  StoredStream out;
  out.table_name = std::string(s.column_text(0));
  out.label = std::string(s.column_text(1));
  out.view_type = std::string(s.column_text(2));
  out.key_schema_json = std::string(s.column_text(3));
  out.created_ms = s.column_int64(4);
  out.start_seq = s.column_int64(5);
  if (!s.column_is_null(6)) out.end_seq = s.column_int64(6);
  out.trimmed_through = s.column_int64(7);
  return out;
}

}  // namespace

void StreamLog::configure(std::function<int64_t()> now_ms, std::string region,
                          ShardRollover rollover) {
  now_ms_ = std::move(now_ms);
  region_ = std::move(region);
  shards_.set_rollover(rollover);
}

int64_t StreamLog::now_ms() const { return now_ms_ ? now_ms_() : 0; }

void StreamLog::load(const TableNames& tables) { shards_.load(tables, tables_.detect(tables)); }

int64_t StreamLog::last_sequence() {
  tables_.ensure();
  auto stmt = connection_.cached(sql::last_stream_sequence());
  return stmt->step() ? stmt->column_int64(0) : 0;
}

void StreamLog::on_write(const TableDef& def, const Item* old_item, const Item* new_item,
                         WriteOrigin origin) {
  if (!def.stream.enabled || (!old_item && !new_item)) return;
  tables_.ensure();
  // "If you perform a PutItem or UpdateItem operation that does not change
  // any data in an item, DynamoDB Streams does not write a stream record for
  // that operation." (Developer Guide, Change data capture for DynamoDB Streams)
  if (old_item && new_item && *old_item == *new_item) return;
  RecordInput input;
  input.table = &def;
  input.old_item = old_item;
  input.new_item = new_item;
  input.origin = origin;
  input.created_ms = now_ms();
  input.region = region_;
  const int64_t next_free = last_sequence() + 1;
  auto placed = shards_.place_record(def.name, def.stream.label, next_free, input.created_ms);
  if (!placed) {
    // Defensive: an enabled stream has an open shard from on_definition_saved
    // (or load for older files); one with no shard row gets its first.
    shards_.open_first(def.name, def.stream.label, input.created_ms, next_free);
    placed = next_free;
  }
  input.sequence = *placed;
  auto stmt = connection_.cached(sql::insert_stream_record());
  stmt->bind_int64(1, input.sequence)
      .bind_text(2, def.name)
      .bind_text(3, def.stream.label)
      .bind_int64(4, input.created_ms)
      .bind_text(5, render_stream_record(input))
      .run();
  if (++writes_since_trim_ >= kTrimEveryRecords) {
    writes_since_trim_ = 0;
    trim(input.created_ms);
  }
  if (on_record_) on_record_();
}

void StreamLog::close_open_streams(std::string_view table_name, std::string_view keep_label) {
  if (!tables_.maybe_present()) return;  // no stream yet: none to close
  tables_.ensure();
  const int64_t last = last_sequence();
  const int64_t now = now_ms();
  auto stmt = connection_.cached(sql::close_streams());
  stmt->bind_int64(1, last)
      .bind_int64(2, now)
      .bind_text(3, table_name)
      .bind_text(4, keep_label)
      .run();
  shards_.close_streams(table_name, keep_label, last, now);
}

void StreamLog::on_definition_saved(const TableDef& def) {
  if (def.stream.enabled) {
    tables_.ensure();  // the first stream makes the stream tables
    close_open_streams(def.name, def.stream.label);
    const int64_t now = now_ms();
    const int64_t start_seq = last_sequence() + 1;
    auto stmt = connection_.cached(sql::insert_stream());
    stmt->bind_text(1, def.name)
        .bind_text(2, def.stream.label)
        .bind_text(3, def.stream.view_type)
        .bind_text(4, key_schema_json(def))
        .bind_int64(5, now)
        .bind_int64(6, start_seq)
        .run();
    // A stream saved again (UpdateTable of other settings) keeps its shards.
    shards_.open_first(def.name, def.stream.label, now, start_seq);
  } else {
    close_open_streams(def.name, "");
  }
}

void StreamLog::on_table_dropped(const TableDef& def) { close_open_streams(def.name, ""); }

std::vector<StoredStream> StreamLog::streams() {
  if (!tables_.maybe_present()) return {};  // no stream yet
  tables_.ensure();
  std::vector<StoredStream> out;
  auto stmt = connection_.cached(sql::select_streams());
  while (stmt->step()) out.push_back(read_stream_row(*stmt));
  return out;
}

std::optional<StoredStream> StreamLog::find_stream(std::string_view table_name,
                                                   std::string_view label) {
  if (!tables_.maybe_present()) return {};  // no stream yet
  tables_.ensure();
  auto stmt = connection_.cached(sql::select_stream());
  stmt->bind_text(1, table_name).bind_text(2, label);
  if (!stmt->step()) return std::nullopt;
  return read_stream_row(*stmt);
}

std::vector<StoredRecord> StreamLog::read_stream(const StoredStream& stream, int64_t from_seq,
                                                 int64_t to_seq, int64_t limit) {
  if (!tables_.maybe_present()) return {};  // no stream yet
  tables_.ensure();
  std::vector<StoredRecord> out;
  auto stmt = connection_.cached(sql::select_stream_records());
  stmt->bind_text(1, stream.table_name)
      .bind_text(2, stream.label)
      .bind_int64(3, from_seq)
      .bind_int64(4, to_seq)
      .bind_int64(5, limit);
  while (stmt->step()) out.push_back({stmt->column_int64(0), std::string(stmt->column_text(1))});
  return out;
}

std::vector<StoredRecord> StreamLog::read_table(std::string_view table_name, int64_t after_seq,
                                                int64_t limit) {
  if (!tables_.maybe_present()) return {};  // no stream yet
  tables_.ensure();
  std::vector<StoredRecord> out;
  auto stmt = connection_.cached(sql::select_table_records());
  stmt->bind_text(1, table_name).bind_int64(2, after_seq).bind_int64(3, limit);
  while (stmt->step()) out.push_back({stmt->column_int64(0), std::string(stmt->column_text(1))});
  return out;
}

void StreamLog::trim(int64_t now_ms) {
  if (!tables_.maybe_present()) return;  // no stream yet: nothing to trim
  tables_.ensure();
  const int64_t cutoff = now_ms - kStreamRetentionMs;
  struct Trimmed {
    std::string table_name, label;
    int64_t seq;
  };
  std::vector<Trimmed> trimmed;
  {
    auto stmt = connection_.cached(sql::select_trimmed_streams());
    stmt->bind_int64(1, cutoff);
    while (stmt->step()) {
      trimmed.push_back({std::string(stmt->column_text(0)), std::string(stmt->column_text(1)),
                         stmt->column_int64(2)});
    }
  }
  for (const auto& t : trimmed) {
    auto stmt = connection_.cached(sql::update_trimmed_through());
    stmt->bind_int64(1, t.seq).bind_text(2, t.table_name).bind_text(3, t.label).run();
  }
  if (!trimmed.empty()) {
    auto stmt = connection_.cached(sql::delete_old_stream_records());
    stmt->bind_int64(1, cutoff).run();
  }
  auto stmt = connection_.cached(sql::delete_closed_streams());
  stmt->bind_int64(1, cutoff).run();
  shards_.roll_over_and_trim(now_ms, last_sequence(), cutoff);
}

}  // namespace dynamini
