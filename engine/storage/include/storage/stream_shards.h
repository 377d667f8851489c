#pragma once

// The shards of DynamoDB Streams: each table stream has one open shard at a
// time; it closes after a number of records or an age (ShardRollover) and
// hands over to a child shard whose ParentShardId names it, as DynamoDB's
// shards do ("Shards are ephemeral: they are created and deleted
// automatically... it is also possible for a parent shard to have just one
// child shard", Developer Guide, Change data capture for DynamoDB Streams).
//
// A shard holds the stream's records whose sequence numbers fall in its
// range [start_seq, end_seq] (end_seq set once closed): ranges of one stream
// never overlap and a child starts after its parent ends, so sequence
// numbers increase across a stream's shards. Records are not tagged with
// their shard: the range decides.
//
// Shard ids are "shardId-<20 digits of creation ms>-<8 hex>" (DynamoDB's
// form, e.g. shardId-00000001414562045508-2bac9cd2). The creation ms of a
// child is made later than its parent's, so within a stream the order of
// shard ids is the order of creation, parents first.
//
// REQUIRES: the engine's storage lock held for every method; the methods
// that write, inside a WriteTransaction. StreamShards owns the connection's
// rollback hook (sqlite3_rollback_hook): it keeps a copy of each stream's
// open shard, dropped whenever a transaction rolls back.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "storage/lazy_tables.h"
#include "storage/sqlite.h"

namespace dynamini {

// When a stream's open shard closes and hands over to a child.
struct ShardRollover {
  // After this many records (0: no limit).
  int64_t max_records = 0;
  // After this many milliseconds (0: never by age). DynamoDB does not
  // document the period; its shards are reported to close after about 4
  // hours (estuary/connectors PR 3418; an AWS support answer: "DynamoDB
  // Stream shards are closed after a specific period").
  int64_t lifetime_ms = 4LL * 60 * 60 * 1000;
};

struct StoredShard {
  std::string table_name;
  std::string label;
  std::string shard_id;
  std::optional<std::string> parent_shard_id;
  int64_t created_ms = 0;
  int64_t start_seq = 0;
  std::optional<int64_t> end_seq;    // set once closed
  std::optional<int64_t> closed_ms;  // set once closed
  int64_t record_count = 0;          // counted while a max_records limit is set

  bool open() const { return !end_seq.has_value(); }
  // The last sequence number the shard can hold (closed shards only). A
  // shard closed before any record reached it still owns its start_seq.
  int64_t last_seq() const { return std::max(*end_seq, start_seq); }
};

class StreamShards {
 public:
  explicit StreamShards(Connection& connection);
  ~StreamShards();
  StreamShards(const StreamShards&) = delete;
  StreamShards& operator=(const StreamShards&) = delete;

  void set_rollover(ShardRollover rollover) { rollover_ = rollover; }
  const ShardRollover& rollover() const { return rollover_; }

  // After open or a restore (`tables`: those in the database). With the
  // stream tables present (`streams_present`), creates the shard table if
  // missing and gives every stream that has no shard (files written when each
  // stream had exactly one) its one shard, with the id, range and state that
  // shard had, in its own transaction. Otherwise the table is made on first use.
  void load(const TableNames& tables, bool streams_present);

  // The first shard of a new stream, unless it has shards already.
  void open_first(std::string_view table_name, std::string_view label, int64_t created_ms,
                  int64_t start_seq);

  // The sequence number for the next record of the stream, given the next
  // free one: the open shard is first closed and replaced by its child when
  // the rollover policy says so. Counts the record (with max_records set).
  // nullopt when the stream has no open shard.
  std::optional<int64_t> place_record(std::string_view table_name, std::string_view label,
                                      int64_t next_free_seq, int64_t now_ms);

  // Closes the open shards of a table's streams other than `keep_label`
  // ("" closes all), at `last_seq` (the last sequence number assigned).
  void close_streams(std::string_view table_name, std::string_view keep_label, int64_t last_seq,
                     int64_t now_ms);

  // Closes every open shard older than the rollover lifetime and opens its
  // child (so shards roll over with time even while nothing is written), and
  // drops shards closed before `cutoff_ms` (their records are all trimmed).
  void roll_over_and_trim(int64_t now_ms, int64_t last_seq, int64_t cutoff_ms);

  // The retained shards of a stream, in shard id order (parents first).
  std::vector<StoredShard> list(std::string_view table_name, std::string_view label);
  std::optional<StoredShard> find(std::string_view table_name, std::string_view label,
                                  std::string_view shard_id);

 private:
  // The stream's open shard: its id, creation time, start and record count
  // (no parent, no end); from the copy kept when there is one.
  std::optional<StoredShard> open_shard(std::string_view table_name, std::string_view label);
  static std::string open_key(std::string_view table_name, std::string_view label);
  // Closes `shard` at `last_seq` and opens its child; returns the child.
  StoredShard hand_over(const StoredShard& shard, int64_t last_seq, int64_t now_ms);
  void close(const StoredShard& shard, int64_t end_seq, int64_t now_ms);
  void insert(const StoredShard& shard);
  void migrate_one_shard_streams();

  Connection& connection_;
  LazyTables tables_;
  ShardRollover rollover_;
  // Each stream's open shard as stored, by open_key(): the write path reads
  // no shard row. Kept in step with every write of an open shard's row;
  // cleared on rollback and by load (after a restore).
  std::map<std::string, StoredShard> open_;
};

// The id of a shard created at `created_ms`. The first shard of a stream
// keeps the id streams had when each had one shard (the hash of table and
// label); later shards hash their start sequence number in too.
std::string make_shard_id(std::string_view table_name, std::string_view label, int64_t created_ms,
                          std::optional<int64_t> start_seq_of_child);

}  // namespace dynamini
