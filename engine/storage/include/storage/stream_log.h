#pragma once

// The stream log: DynamoDB Streams records kept in SQLite beside the items.
// Store calls it from its write path, so every write (PutItem, UpdateItem,
// DeleteItem, BatchWriteItem, transactions, TTL deletions) adds its record in
// the same transaction as the item: both commit or neither does.
//
// Each table stream is identified by (table name, label); its records are
// spread over shards that close and hand over to a child shard
// (storage/stream_shards.h). Records are kept 24 hours by the injected clock
// (trim()), and a disabled stream (or the stream of a deleted table) stays
// readable for 24 hours, as do closed shards.
//
// REQUIRES: the engine's storage lock held for every method.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "catalog/table_def.h"
#include "storage/lazy_tables.h"
#include "storage/sql_text.h"
#include "storage/sqlite.h"
#include "storage/stream_record.h"
#include "storage/stream_shards.h"

namespace dynamini {

// How long records and disabled streams are kept: 24 hours.
constexpr int64_t kStreamRetentionMs = 24LL * 60 * 60 * 1000;

struct StoredStream {
  std::string table_name;
  std::string label;
  std::string view_type;
  std::string key_schema_json;  // [{"AttributeName":..,"KeyType":"HASH"},...]
  int64_t created_ms = 0;
  int64_t start_seq = 0;           // first sequence number the shard can hold
  std::optional<int64_t> end_seq;  // set once disabled: the last one it holds
  int64_t trimmed_through = 0;     // records up to this one were trimmed

  bool enabled() const { return !end_seq.has_value(); }
  // The oldest sequence number still readable (TRIM_HORIZON).
  int64_t trim_horizon() const { return std::max(start_seq, trimmed_through + 1); }
};

struct StoredRecord {
  int64_t seq = 0;
  std::string json;
};

class StreamLog {
 public:
  explicit StreamLog(Connection& connection)
      : connection_(connection),
        tables_(connection, sql::create_stream_tables, "dynamini_streams"),
        shards_(connection) {}

  // The clock (milliseconds since the epoch), the region written into
  // records and when shards roll over. Set once by the engine before use.
  void configure(std::function<int64_t()> now_ms, std::string region, ShardRollover rollover);
  // Called after each record is added (inside the writer's transaction, under
  // the storage lock): must not touch the store. Used to wake subscribers.
  void set_listener(std::function<void()> on_record) { on_record_ = std::move(on_record); }

  // After open or a restore (`tables`: those in the database): brings the
  // stream tables of a database that has them up to date, with the shard of
  // each stream written before streams had several. A database without them
  // gets them at the first stream.
  void load(const TableNames& tables);

  StreamShards& shards() { return shards_; }

  // Store hooks, inside the caller's WriteTransaction.
  // Adds the record of a write, unless the table has no enabled stream, or
  // the write changed nothing (DynamoDB writes no record for a PutItem or
  // UpdateItem that leaves the item as it was).
  void on_write(const TableDef& def, const Item* old_item, const Item* new_item,
                WriteOrigin origin);
  // Records the table's current stream, closing any other open one.
  void on_definition_saved(const TableDef& def);
  // Closes the table's open stream (readable 24 more hours).
  void on_table_dropped(const TableDef& def);

  // The highest sequence number ever assigned (0 if none).
  int64_t last_sequence();
  std::vector<StoredStream> streams();
  std::optional<StoredStream> find_stream(std::string_view table_name, std::string_view label);
  // Records of one stream with from_seq <= seq <= to_seq, oldest first.
  std::vector<StoredRecord> read_stream(const StoredStream& stream, int64_t from_seq,
                                        int64_t to_seq, int64_t limit);
  // Records of every stream of a table with seq > after_seq, oldest first.
  std::vector<StoredRecord> read_table(std::string_view table_name, int64_t after_seq,
                                       int64_t limit);

  // Drops records older than 24 hours and streams and shards closed more
  // than 24 hours ago; rolls over shards past their lifetime.
  // REQUIRES: a WriteTransaction open.
  void trim(int64_t now_ms);

 private:
  void close_open_streams(std::string_view table_name, std::string_view keep_label);
  int64_t now_ms() const;

  Connection& connection_;
  LazyTables tables_;
  StreamShards shards_;
  std::function<int64_t()> now_ms_;
  std::string region_;
  std::function<void()> on_record_;
  int writes_since_trim_ = 0;
};

}  // namespace dynamini
