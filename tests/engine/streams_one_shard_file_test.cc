// A database file written when every stream had one shard (main at 59fe8d6,
// fixtures/make_streams_one_shard.py) opens with each stream's shard: same
// shard id, same range, same records; new records join the open shard and
// roll over into children from there.

#include <doctest/doctest.h>
#include <rapidjson/document.h>

#include <filesystem>
#include <string>

#include "dynamini/database.h"

namespace fs = std::filesystem;

namespace {

// Just after the fixture was written (its records are from 1796187298671
// to 1796187298879 ms), so nothing is old enough to trim.
constexpr int64_t kFixtureNowMs = 1796187300000;

fs::path fixture_copy() {
  fs::path dir = fs::temp_directory_path() / "dynamini_streams_one_shard_test";
  fs::create_directories(dir);
  fs::path copy = dir / "streams.db";
  for (const char* suffix : {"", "-wal", "-shm", ".lock"}) fs::remove(copy.string() + suffix);
  fs::copy_file(fs::path(DYNAMINI_ENGINE_FIXTURES) / "streams_one_shard.db", copy);
  return copy;
}

struct OneShardFile {
  fs::path file = fixture_copy();
  std::unique_ptr<dynamini::Database> db;

  explicit OneShardFile(int64_t max_records = 0) {
    dynamini::Options options;
    options.path = file.string();
    options.clock_ms = [] { return kFixtureNowMs; };
    options.ttl_sweep_interval_ms = 0;
    options.stream_shard_max_records = max_records;
    db = dynamini::Database::open(options);
  }

  rapidjson::Document call(const char* op, const std::string& json) {
    auto r = db->execute(op, json);
    INFO(op << ": " << (r.ok() ? r.body : r.error->message));
    REQUIRE(r.ok());
    rapidjson::Document doc;
    doc.Parse(r.body.c_str());
    return doc;
  }

  rapidjson::Document shards(const std::string& arn) {
    return call("DescribeStream", R"({"StreamArn":")" + arn + R"("})");
  }

  // The pk of every record of a shard, from TRIM_HORIZON.
  std::string read(const std::string& arn, const std::string& shard) {
    auto it = call("GetShardIterator", R"({"StreamArn":")" + arn + R"(","ShardId":")" + shard +
                                           R"(","ShardIteratorType":"TRIM_HORIZON"})");
    auto r = call("GetRecords",
                  R"({"ShardIterator":")" + std::string(it["ShardIterator"].GetString()) + "\"}");
    std::string out;
    for (const auto& rec : r["Records"].GetArray()) {
      out += std::string(rec["dynamodb"]["Keys"]["pk"]["S"].GetString()) + ";";
    }
    return out;
  }
};

const std::string kLive =
    "arn:aws:dynamodb:us-east-1:000000000000:table/live/stream/2026-12-02T04:54:58.657";
const std::string kSwitchedOld =
    "arn:aws:dynamodb:us-east-1:000000000000:table/switched/stream/2026-12-02T04:54:58.755";
const std::string kSwitchedNew =
    "arn:aws:dynamodb:us-east-1:000000000000:table/switched/stream/2026-12-02T04:54:58.869";

}  // namespace

TEST_CASE(
    "Streams file of one shard per stream: each stream keeps its shard id, range and records") {
  OneShardFile f;
  auto live = f.shards(kLive);
  const auto& live_shards = live["StreamDescription"]["Shards"];
  REQUIRE(live_shards.Size() == 1);
  CHECK(std::string(live_shards[0]["ShardId"].GetString()) ==
        "shardId-00000001796187298658-594a99ab");
  CHECK_FALSE(live_shards[0].HasMember("ParentShardId"));
  CHECK(std::string(live_shards[0]["SequenceNumberRange"]["StartingSequenceNumber"].GetString()) ==
        "000000000000000000001");
  CHECK_FALSE(live_shards[0]["SequenceNumberRange"].HasMember("EndingSequenceNumber"));
  CHECK(f.read(kLive, "shardId-00000001796187298658-594a99ab") == "a;b;c;");

  auto old = f.shards(kSwitchedOld);
  CHECK(std::string(old["StreamDescription"]["StreamStatus"].GetString()) == "DISABLED");
  const auto& old_shard = old["StreamDescription"]["Shards"][0];
  CHECK(std::string(old_shard["ShardId"].GetString()) == "shardId-00000001796187298755-7ff10d69");
  CHECK(std::string(old_shard["SequenceNumberRange"]["EndingSequenceNumber"].GetString()) ==
        "000000000000000000004");
  CHECK(f.read(kSwitchedOld, "shardId-00000001796187298755-7ff10d69") == "old;");
  CHECK(f.read(kSwitchedNew, "shardId-00000001796187298869-52540c6b") == "new;");
}

TEST_CASE("Streams file of one shard per stream: new records join the open shard, then roll over") {
  OneShardFile f(/*max_records=*/4);
  for (const char* pk : {"d", "e", "f"}) {
    f.call("PutItem", std::string(R"({"TableName":"live","Item":{"pk":{"S":")") + pk + "\"}}}");
  }
  auto d = f.shards(kLive);
  const auto& shards = d["StreamDescription"]["Shards"];
  // The migrated shard held 3 records: the 4th joins it, the 5th opens a child.
  REQUIRE(shards.Size() == 2);
  std::string first = shards[0]["ShardId"].GetString();
  std::string child = shards[1]["ShardId"].GetString();
  CHECK(first == "shardId-00000001796187298658-594a99ab");
  CHECK(std::string(shards[1]["ParentShardId"].GetString()) == first);
  CHECK(f.read(kLive, first) == "a;b;c;d;");
  CHECK(f.read(kLive, child) == "e;f;");
  // Sequence numbers went on from the file's: the child starts after 5.
  CHECK(std::string(shards[1]["SequenceNumberRange"]["StartingSequenceNumber"].GetString()) >
        "000000000000000000005");
}

TEST_CASE("Streams file of one shard per stream: opened twice, the shards are not added again") {
  {
    OneShardFile f;
    CHECK(f.shards(kLive)["StreamDescription"]["Shards"].Size() == 1);
  }
  dynamini::Options options;
  options.path =
      (fs::temp_directory_path() / "dynamini_streams_one_shard_test" / "streams.db").string();
  options.clock_ms = [] { return kFixtureNowMs; };
  options.ttl_sweep_interval_ms = 0;
  auto db = dynamini::Database::open(options);
  auto r = db->execute("DescribeStream", R"({"StreamArn":")" + kSwitchedNew + R"("})");
  REQUIRE(r.ok());
  rapidjson::Document doc;
  doc.Parse(r.body.c_str());
  CHECK(doc["StreamDescription"]["Shards"].Size() == 1);
}
