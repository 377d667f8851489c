// DynamoDB Streams shards: rollover by record count and by age (injected
// clock), lineage (ParentShardId, ShardFilter CHILD_SHARDS), DescribeStream
// paging, closed shards in GetShardIterator and GetRecords, and a consumer
// that follows lineage reading every record exactly once.

#include <map>
#include <set>
#include <string>
#include <vector>

#include "streams_fixture.h"

namespace {

constexpr int64_t kHourMs = 60LL * 60 * 1000;

std::string put(const std::string& table, const std::string& pk, int version = 0) {
  return R"({"TableName":")" + table + R"(","Item":{"pk":{"S":")" + pk +
         R"("},"sk":{"S":"x"},"v":{"N":")" + std::to_string(version) + R"("}}})";
}

struct Shard {
  std::string id, parent, start, end;  // end empty while open
};

struct ShardsFixture : StreamsFixture {
  // One page of DescribeStream; `extra` is added to the request.
  rapidjson::Document describe(const std::string& arn, const std::string& extra = "") {
    return call("DescribeStream", R"({"StreamArn":")" + arn + "\"" + extra + "}");
  }

  static std::vector<Shard> shards_of(const rapidjson::Value& description) {
    std::vector<Shard> out;
    for (const auto& s : description["Shards"].GetArray()) {
      Shard shard;
      shard.id = s["ShardId"].GetString();
      if (s.HasMember("ParentShardId")) shard.parent = s["ParentShardId"].GetString();
      const auto& range = s["SequenceNumberRange"];
      shard.start = range["StartingSequenceNumber"].GetString();
      if (range.HasMember("EndingSequenceNumber"))
        shard.end = range["EndingSequenceNumber"].GetString();
      out.push_back(shard);
    }
    return out;
  }

  std::vector<Shard> all_shards(const std::string& arn) {
    return shards_of(describe(arn)["StreamDescription"]);
  }

  std::string shard_iterator(const std::string& arn, const std::string& shard,
                             const std::string& type, const std::string& sequence = "") {
    std::string req = R"({"StreamArn":")" + arn + R"(","ShardId":")" + shard +
                      R"(","ShardIteratorType":")" + type + "\"";
    if (!sequence.empty()) req += R"(,"SequenceNumber":")" + sequence + "\"";
    return call("GetShardIterator", req + "}")["ShardIterator"].GetString();
  }

  // Every record of one shard from TRIM_HORIZON: (pk, sequence number).
  std::vector<std::pair<std::string, std::string>> read_shard(const std::string& arn,
                                                              const std::string& shard) {
    std::vector<std::pair<std::string, std::string>> out;
    std::string it = shard_iterator(arn, shard, "TRIM_HORIZON");
    for (int guard = 0; guard < 100; ++guard) {
      auto r = call("GetRecords", R"({"ShardIterator":")" + it + R"(","Limit":2})");
      for (const auto& rec : r["Records"].GetArray()) {
        out.emplace_back(rec["dynamodb"]["Keys"]["pk"]["S"].GetString(),
                         rec["dynamodb"]["SequenceNumber"].GetString());
      }
      if (!r.HasMember("NextShardIterator")) return out;
      if (r["Records"].Empty()) return out;  // an open shard read to its end
      it = r["NextShardIterator"].GetString();
    }
    FAIL("GetRecords did not reach the end of shard " << shard);
    return out;
  }
};

}  // namespace

TEST_CASE_FIXTURE(ShardsFixture,
                  "Shards: a shard closes after max records and hands over to a child naming it") {
  open_with_shard_records(3);
  create_table("tbl", "KEYS_ONLY");
  for (int i = 0; i < 7; ++i) call("PutItem", put("tbl", "k" + std::to_string(i)));
  std::string arn = stream_arn("tbl");
  auto shards = all_shards(arn);
  REQUIRE(shards.size() == 3);
  CHECK(shards[0].parent.empty());
  CHECK(shards[1].parent == shards[0].id);
  CHECK(shards[2].parent == shards[1].id);
  CHECK_FALSE(shards[0].end.empty());
  CHECK_FALSE(shards[1].end.empty());
  CHECK(shards[2].end.empty());
  for (const auto& s : shards) {
    CHECK(s.id.size() == 37);
    CHECK(s.id.rfind("shardId-", 0) == 0);
  }
  // Ranges follow one another: each starts after its parent ends.
  CHECK(shards[0].start <= shards[0].end);
  CHECK(shards[0].end < shards[1].start);
  CHECK(shards[1].end < shards[2].start);
  CHECK(read_shard(arn, shards[0].id).size() == 3);
  CHECK(read_shard(arn, shards[1].id).size() == 3);
  auto last = read_shard(arn, shards[2].id);
  REQUIRE(last.size() == 1);
  CHECK(last[0].first == "k6");
}

TEST_CASE_FIXTURE(ShardsFixture,
                  "Shards: an open shard rolls over after 4 hours even when nothing is written") {
  create_table("tbl", "KEYS_ONLY");
  call("PutItem", put("tbl", "before"));
  std::string arn = stream_arn("tbl");
  advance_ms(4 * kHourMs - 1);
  CHECK(all_shards(arn).size() == 1);
  advance_ms(1);
  auto shards = all_shards(arn);
  REQUIRE(shards.size() == 2);
  CHECK(shards[1].parent == shards[0].id);
  CHECK_FALSE(shards[0].end.empty());
  call("PutItem", put("tbl", "after"));
  auto first = read_shard(arn, shards[0].id);
  auto second = read_shard(arn, shards[1].id);
  REQUIRE(first.size() == 1);
  CHECK(first[0].first == "before");
  REQUIRE(second.size() == 1);
  CHECK(second[0].first == "after");
  CHECK(first[0].second < second[0].second);
}

TEST_CASE_FIXTURE(ShardsFixture,
                  "Shards: a shard closed before any record owns one sequence number; the next "
                  "record goes to its child") {
  create_table("tbl", "KEYS_ONLY");
  std::string arn = stream_arn("tbl");
  advance_ms(4 * kHourMs);
  auto shards = all_shards(arn);
  REQUIRE(shards.size() == 2);
  CHECK(shards[0].start == shards[0].end);
  CHECK(shards[1].start > shards[0].end);
  call("PutItem", put("tbl", "a"));
  CHECK(read_shard(arn, shards[0].id).empty());
  auto child = read_shard(arn, shards[1].id);
  REQUIRE(child.size() == 1);
  CHECK(child[0].second >= shards[1].start);
}

TEST_CASE_FIXTURE(ShardsFixture,
                  "Shards: sequence numbers increase across shards while tables interleave") {
  open_with_shard_records(2);
  create_table("one", "KEYS_ONLY");
  create_table("two", "KEYS_ONLY");
  for (int i = 0; i < 9; ++i) {
    call("PutItem", put(i % 3 == 0 ? "two" : "one", "k" + std::to_string(i)));
  }
  for (const char* table : {"one", "two"}) {
    std::string arn = stream_arn(table);
    std::string previous;
    size_t count = 0;
    for (const auto& shard : all_shards(arn)) {
      for (const auto& [pk, seq] : read_shard(arn, shard.id)) {
        CHECK(seq > previous);
        CHECK(seq >= shard.start);
        if (!shard.end.empty()) CHECK(seq <= shard.end);
        previous = seq;
        ++count;
      }
    }
    CHECK(count == (std::string(table) == "one" ? 6u : 3u));
  }
}

TEST_CASE_FIXTURE(ShardsFixture,
                  "GetRecords: a closed shard read to its end has no NextShardIterator") {
  open_with_shard_records(3);
  create_table("tbl", "KEYS_ONLY");
  for (int i = 0; i < 4; ++i) call("PutItem", put("tbl", "k" + std::to_string(i)));
  std::string arn = stream_arn("tbl");
  auto shards = all_shards(arn);
  REQUIRE(shards.size() == 2);
  std::string it = shard_iterator(arn, shards[0].id, "TRIM_HORIZON");
  auto page1 = call("GetRecords", R"({"ShardIterator":")" + it + R"(","Limit":2})");
  CHECK(page1["Records"].Size() == 2);
  REQUIRE(page1.HasMember("NextShardIterator"));
  auto page2 = call("GetRecords", R"({"ShardIterator":")" +
                                      std::string(page1["NextShardIterator"].GetString()) +
                                      R"(","Limit":2})");
  CHECK(page2["Records"].Size() == 1);
  CHECK_FALSE(page2.HasMember("NextShardIterator"));
  // The open child keeps handing out iterators, records or not.
  std::string open = shard_iterator(arn, shards[1].id, "LATEST");
  auto empty = call("GetRecords", R"({"ShardIterator":")" + open + R"("})");
  CHECK(empty["Records"].Empty());
  CHECK(empty.HasMember("NextShardIterator"));
}

TEST_CASE_FIXTURE(ShardsFixture,
                  "GetShardIterator: on a closed shard, LATEST reads nothing and ends; "
                  "AT_SEQUENCE_NUMBER is checked against the shard's range") {
  open_with_shard_records(2);
  create_table("tbl", "KEYS_ONLY");
  for (int i = 0; i < 3; ++i) call("PutItem", put("tbl", "k" + std::to_string(i)));
  std::string arn = stream_arn("tbl");
  auto shards = all_shards(arn);
  REQUIRE(shards.size() == 2);
  auto latest = call("GetRecords", R"({"ShardIterator":")" +
                                       shard_iterator(arn, shards[0].id, "LATEST") + R"("})");
  CHECK(latest["Records"].Empty());
  CHECK_FALSE(latest.HasMember("NextShardIterator"));
  auto at_end =
      call("GetRecords",
           R"({"ShardIterator":")" +
               shard_iterator(arn, shards[0].id, "AT_SEQUENCE_NUMBER", shards[0].end) + R"("})");
  REQUIRE(at_end["Records"].Size() == 1);
  CHECK(std::string(at_end["Records"][0]["dynamodb"]["Keys"]["pk"]["S"].GetString()) == "k1");
  CHECK_FALSE(at_end.HasMember("NextShardIterator"));
  // The child's first sequence number is not in the parent's range.
  auto e = fail("GetShardIterator", R"({"StreamArn":")" + arn + R"(","ShardId":")" + shards[0].id +
                                        R"(","ShardIteratorType":"AT_SEQUENCE_NUMBER",)"
                                        R"("SequenceNumber":")" +
                                        shards[1].start + "\"}");
  CHECK(e.code == dynamini::ErrorCode::kValidation);
  CHECK(e.message == "Invalid SequenceNumber: " + shards[1].start +
                         " is not in the range of shard " + shards[0].id);
}

TEST_CASE_FIXTURE(ShardsFixture,
                  "GetShardIterator: a shard of another stream is ResourceNotFoundException") {
  create_table("one", "KEYS_ONLY");
  create_table("two", "KEYS_ONLY");
  std::string other = all_shards(stream_arn("two"))[0].id;
  auto e = fail("GetShardIterator", R"({"StreamArn":")" + stream_arn("one") + R"(","ShardId":")" +
                                        other + R"(","ShardIteratorType":"TRIM_HORIZON"})");
  CHECK(e.code == dynamini::ErrorCode::kResourceNotFound);
  CHECK(e.message == "Requested resource not found: Shard does not exist");
}

TEST_CASE_FIXTURE(ShardsFixture,
                  "DescribeStream: Limit and ExclusiveStartShardId page through every shard once") {
  open_with_shard_records(1);
  create_table("tbl", "KEYS_ONLY");
  for (int i = 0; i < 7; ++i) call("PutItem", put("tbl", "k" + std::to_string(i)));
  std::string arn = stream_arn("tbl");
  auto all = all_shards(arn);
  REQUIRE(all.size() == 7);
  CHECK_FALSE(describe(arn)["StreamDescription"].HasMember("LastEvaluatedShardId"));
  std::vector<std::string> paged;
  std::string start;
  int pages = 0;
  while (true) {
    std::string extra = R"(,"Limit":3)";
    if (!start.empty()) extra += R"(,"ExclusiveStartShardId":")" + start + "\"";
    auto page = describe(arn, extra);
    const auto& d = page["StreamDescription"];
    ++pages;
    for (const auto& s : shards_of(d)) paged.push_back(s.id);
    if (!d.HasMember("LastEvaluatedShardId")) break;
    start = d["LastEvaluatedShardId"].GetString();
    CHECK(start == paged.back());
  }
  CHECK(pages == 3);
  REQUIRE(paged.size() == all.size());
  for (size_t i = 0; i < all.size(); ++i) CHECK(paged[i] == all[i].id);
  // A start after every shard id lists none (scylladb test_streams.py, DynamoDB).
  auto none = describe(arn, R"(,"ExclusiveStartShardId":"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz")");
  CHECK(none["StreamDescription"]["Shards"].Empty());
}

TEST_CASE_FIXTURE(ShardsFixture,
                  "DescribeStream: ShardFilter CHILD_SHARDS lists the children of one shard") {
  open_with_shard_records(2);
  create_table("tbl", "KEYS_ONLY");
  for (int i = 0; i < 5; ++i) call("PutItem", put("tbl", "k" + std::to_string(i)));
  std::string arn = stream_arn("tbl");
  auto all = all_shards(arn);
  REQUIRE(all.size() == 3);
  auto filter = [&](const std::string& id) {
    return std::string(R"(,"ShardFilter":{"Type":"CHILD_SHARDS","ShardId":")") + id + "\"}";
  };
  auto children = shards_of(describe(arn, filter(all[0].id))["StreamDescription"]);
  REQUIRE(children.size() == 1);
  CHECK(children[0].id == all[1].id);
  CHECK(children[0].parent == all[0].id);
  CHECK(shards_of(describe(arn, filter(all[2].id))["StreamDescription"]).empty());
  auto unknown = fail("DescribeStream", R"({"StreamArn":")" + arn + "\"" +
                                            filter("shardId-00000000000000000000-00000000") + "}");
  CHECK(unknown.code == dynamini::ErrorCode::kResourceNotFound);
  auto no_id = fail("DescribeStream",
                    R"({"StreamArn":")" + arn + R"(","ShardFilter":{"Type":"CHILD_SHARDS"}})");
  CHECK(no_id.code == dynamini::ErrorCode::kValidation);
  auto no_type = fail("DescribeStream", R"({"StreamArn":")" + arn +
                                            R"(","ShardFilter":{"ShardId":")" + all[0].id + "\"}}");
  CHECK(no_type.code == dynamini::ErrorCode::kValidation);
}

TEST_CASE_FIXTURE(ShardsFixture,
                  "Shards: a closed shard is dropped 24 hours after it closes; its child keeps "
                  "the ParentShardId") {
  create_table("tbl", "KEYS_ONLY");
  call("PutItem", put("tbl", "a"));
  std::string arn = stream_arn("tbl");
  advance_ms(4 * kHourMs);
  auto shards = all_shards(arn);
  REQUIRE(shards.size() == 2);
  advance_ms(24 * kHourMs - 1);
  // The child closed too (at 8 hours) and a grandchild opened; nothing dropped yet.
  CHECK(all_shards(arn).size() >= 3);
  advance_ms(2);  // closed more than 24 hours ago, as records are trimmed
  auto now = all_shards(arn);
  REQUIRE_FALSE(now.empty());
  CHECK(now[0].id == shards[1].id);
  CHECK(now[0].parent == shards[0].id);
  CHECK(fail("GetShardIterator", R"({"StreamArn":")" + arn + R"(","ShardId":")" + shards[0].id +
                                     R"(","ShardIteratorType":"TRIM_HORIZON"})")
            .code == dynamini::ErrorCode::kResourceNotFound);
}

TEST_CASE_FIXTURE(ShardsFixture, "Shards: disabling the stream closes its open shard") {
  open_with_shard_records(2);
  create_table("tbl", "KEYS_ONLY");
  for (int i = 0; i < 3; ++i) call("PutItem", put("tbl", "k" + std::to_string(i)));
  std::string arn = stream_arn("tbl");
  call("UpdateTable", R"({"TableName":"tbl","StreamSpecification":{"StreamEnabled":false}})");
  auto shards = all_shards(arn);
  REQUIRE(shards.size() == 2);
  for (const auto& s : shards) CHECK_FALSE(s.end.empty());
  CHECK(read_shard(arn, shards[1].id).size() == 1);
}

TEST_CASE_FIXTURE(ShardsFixture,
                  "Shards: a consumer following lineage with ShardFilter reads every record "
                  "exactly once, in order per key, while writes continue across shard changes") {
  open_with_shard_records(4);
  create_table("tbl", "NEW_IMAGE");
  std::string arn = stream_arn("tbl");
  struct Reading {
    std::string iterator;
    bool done = false;
  };
  std::map<std::string, Reading> reading;  // shard id -> state
  for (const auto& s : all_shards(arn)) {
    reading[s.id] = {shard_iterator(arn, s.id, "TRIM_HORIZON")};
  }
  std::vector<std::pair<std::string, int>> seen;  // (pk, version) in read order
  std::set<std::string> sequence_numbers;
  auto step = [&] {
    std::vector<std::string> finished;
    for (auto& [id, r] : reading) {
      if (r.done) continue;
      auto got = call("GetRecords", R"({"ShardIterator":")" + r.iterator + R"(","Limit":3})");
      for (const auto& rec : got["Records"].GetArray()) {
        const auto& image = rec["dynamodb"]["NewImage"];
        seen.emplace_back(image["pk"]["S"].GetString(), std::stoi(image["v"]["N"].GetString()));
        CHECK(sequence_numbers.insert(rec["dynamodb"]["SequenceNumber"].GetString()).second);
      }
      if (got.HasMember("NextShardIterator")) {
        r.iterator = got["NextShardIterator"].GetString();
      } else {
        r.done = true;
        finished.push_back(id);
      }
    }
    for (const auto& id : finished) {
      auto children =
          describe(arn, R"(,"ShardFilter":{"Type":"CHILD_SHARDS","ShardId":")" + id + "\"}");
      for (const auto& child : shards_of(children["StreamDescription"])) {
        if (!reading.count(child.id)) {
          reading[child.id] = {shard_iterator(arn, child.id, "TRIM_HORIZON")};
        }
      }
    }
  };
  const int keys = 5, versions = 12;
  for (int v = 0; v < versions; ++v) {
    for (int k = 0; k < keys; ++k) call("PutItem", put("tbl", "key" + std::to_string(k), v));
    step();
  }
  for (int i = 0; i < 50; ++i) step();
  CHECK(reading.size() >= 10);
  REQUIRE(seen.size() == static_cast<size_t>(keys * versions));
  std::map<std::string, int> next_version;
  for (const auto& [pk, v] : seen) {
    CHECK(v == next_version[pk]);
    next_version[pk] = v + 1;
  }
}

TEST_CASE_FIXTURE(ShardsFixture,
                  "GetRecords: an iterator of a shard dropped since it was issued is "
                  "TrimmedDataAccessException") {
  create_table("tbl", "KEYS_ONLY");
  call("PutItem", put("tbl", "a"));
  std::string arn = stream_arn("tbl");
  advance_ms(4 * kHourMs);
  std::string closed = all_shards(arn)[0].id;
  advance_ms(24 * kHourMs - 60 * 1000);  // the closed shard has a minute left
  std::string it = shard_iterator(arn, closed, "TRIM_HORIZON");
  advance_ms(2 * 60 * 1000);
  auto e = fail("GetRecords", R"({"ShardIterator":")" + it + R"("})");
  CHECK(e.code == dynamini::ErrorCode::kTrimmedDataAccess);
}
