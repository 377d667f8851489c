// StreamShards on its own connection: the copy of each stream's open shard
// it keeps for the write path follows a rolled-back transaction.

#include <doctest/doctest.h>

#include "storage/lazy_tables.h"
#include "storage/sql_text.h"
#include "storage/sqlite.h"
#include "storage/stream_shards.h"

using dynamini::Connection;
using dynamini::StreamShards;
using dynamini::WriteTransaction;

namespace {

struct ShardStore {
  Connection connection{""};
  StreamShards shards{connection};

  explicit ShardStore(int64_t max_records) {
    connection.exec(dynamini::sql::create_stream_tables());
    shards.load(dynamini::existing_tables(connection), /*streams_present=*/true);
    shards.set_rollover({max_records, /*lifetime_ms=*/0});
    WriteTransaction txn(connection);
    shards.open_first("tbl", "label", 1000, 1);
    txn.commit();
  }

  // place_record in a transaction of its own, committed or rolled back.
  int64_t place(int64_t next_free, bool commit = true) {
    WriteTransaction txn(connection);
    auto seq = shards.place_record("tbl", "label", next_free, 1000 + next_free);
    REQUIRE(seq);
    if (commit) txn.commit();
    return *seq;
  }
};

}  // namespace

TEST_CASE("Stream shards: a record counted in a rolled-back transaction is not counted") {
  ShardStore s(/*max_records=*/2);
  s.place(1, /*commit=*/false);
  CHECK(s.place(1) == 1);
  CHECK(s.place(2) == 2);
  CHECK(s.shards.list("tbl", "label").size() == 1);  // two records fit
  CHECK(s.place(3) == 3);
  auto shards = s.shards.list("tbl", "label");
  REQUIRE(shards.size() == 2);
  CHECK(*shards[0].end_seq == 2);
  CHECK(shards[1].start_seq == 3);
}

TEST_CASE("Stream shards: a child opened in a rolled-back transaction is opened again") {
  ShardStore s(/*max_records=*/2);
  CHECK(s.place(1) == 1);
  CHECK(s.place(2) == 2);
  {
    WriteTransaction txn(s.connection);
    CHECK(s.shards.place_record("tbl", "label", 3, 1003) == 3);  // full: a child from 3
    CHECK(s.shards.place_record("tbl", "label", 4, 1004) == 4);  // the child's second record
    CHECK(s.shards.list("tbl", "label").size() == 2);
  }  // rolled back
  REQUIRE(s.shards.list("tbl", "label").size() == 1);
  CHECK(s.place(3) == 3);
  auto shards = s.shards.list("tbl", "label");
  REQUIRE(shards.size() == 2);
  CHECK_FALSE(shards[0].open());
  CHECK(*shards[0].end_seq == 2);
  CHECK(shards[1].parent_shard_id == shards[0].shard_id);
  CHECK(shards[1].start_seq == 3);
  CHECK(shards[1].record_count == 1);
}
