// In-process stream handlers (Database::subscribe): ordering, retries,
// failure counts, cancellation.

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "streams_fixture.h"

namespace {

// Collects delivered records; waits for a count with a generous timeout.
struct Collector {
  std::mutex mutex;
  std::condition_variable cv;
  std::vector<dynamini::StreamRecord> records;
  int calls = 0;

  void add(const std::vector<dynamini::StreamRecord>& batch) {
    std::lock_guard lock(mutex);
    ++calls;
    records.insert(records.end(), batch.begin(), batch.end());
    cv.notify_all();
  }
  bool wait_for(size_t n) {
    std::unique_lock lock(mutex);
    return cv.wait_for(lock, std::chrono::seconds(10), [&] { return records.size() >= n; });
  }
};

std::string put(const std::string& pk) {
  return R"({"TableName":"tbl","Item":{"pk":{"S":")" + pk + R"("},"sk":{"S":"x"}}})";
}

}  // namespace

TEST_CASE_FIXTURE(StreamsFixture, "Handlers: records arrive in commit order with parsed fields") {
  create_table("tbl", "NEW_AND_OLD_IMAGES");
  Collector c;
  auto sub = db->subscribe("tbl", [&](const auto& batch) { c.add(batch); });
  for (int i = 0; i < 20; ++i) call("PutItem", put(std::to_string(i)));
  call("DeleteItem", R"({"TableName":"tbl","Key":{"pk":{"S":"0"},"sk":{"S":"x"}}})");
  REQUIRE(c.wait_for(21));
  std::lock_guard lock(c.mutex);
  for (int i = 0; i < 20; ++i) {
    CHECK(c.records[i].event_name == "INSERT");
    CHECK(c.records[i].keys_json ==
          R"({"pk":{"S":")" + std::to_string(i) + R"("},"sk":{"S":"x"}})");
    CHECK(c.records[i].table_name == "tbl");
  }
  for (size_t i = 1; i < c.records.size(); ++i) {
    CHECK(c.records[i - 1].sequence_number < c.records[i].sequence_number);
  }
  CHECK(c.records[20].event_name == "REMOVE");
  CHECK(c.records[20].old_image_json == R"({"pk":{"S":"0"},"sk":{"S":"x"}})");
  CHECK(c.records[20].new_image_json.empty());
  // The count goes up after the handler returns: wait for it (10 s at most).
  for (int i = 0; i < 1000 && sub->delivered_count() < 21; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  CHECK(sub->delivered_count() == 21);
}

TEST_CASE_FIXTURE(StreamsFixture,
                  "Handlers: only records after subscribe() unless from_oldest_retained") {
  create_table("tbl", "KEYS_ONLY");
  call("PutItem", put("before"));
  Collector late, all;
  auto a = db->subscribe("tbl", [&](const auto& b) { late.add(b); });
  dynamini::SubscribeOptions options;
  options.from_oldest_retained = true;
  auto b = db->subscribe(
      "tbl", [&](const auto& batch) { all.add(batch); }, options);
  call("PutItem", put("after"));
  REQUIRE(all.wait_for(2));
  REQUIRE(late.wait_for(1));
  std::lock_guard lock(late.mutex);
  CHECK(late.records.size() == 1);
  CHECK(late.records[0].keys_json.find("after") != std::string::npos);
}

TEST_CASE_FIXTURE(
    StreamsFixture,
    "Handlers: a throwing handler gets the same batch again and failures are counted") {
  create_table("tbl", "KEYS_ONLY");
  std::mutex m;
  std::vector<std::string> first_keys;
  int throws_left = 3;
  Collector ok;
  dynamini::SubscribeOptions options;
  options.initial_retry_delay_ms = 1;
  options.max_retry_delay_ms = 4;
  auto sub = db->subscribe(
      "tbl",
      [&](const auto& batch) {
        {
          std::lock_guard lock(m);
          first_keys.push_back(batch.front().keys_json);
          if (throws_left > 0) {
            --throws_left;
            throw std::runtime_error("handler down");
          }
        }
        ok.add(batch);
      },
      options);
  call("PutItem", put("a"));
  REQUIRE(ok.wait_for(1));
  CHECK(sub->failure_count() == 3);
  std::lock_guard lock(m);
  REQUIRE(first_keys.size() == 4);
  for (const auto& k : first_keys) CHECK(k == first_keys[0]);
}

TEST_CASE_FIXTURE(StreamsFixture,
                  "Handlers: after max_attempts the batch is skipped and delivery moves on") {
  create_table("tbl", "KEYS_ONLY");
  Collector ok;
  dynamini::SubscribeOptions options;
  options.max_batch_size = 1;
  options.max_attempts = 2;
  options.initial_retry_delay_ms = 1;
  auto sub = db->subscribe(
      "tbl",
      [&](const auto& batch) {
        if (batch.front().keys_json.find("poison") != std::string::npos) throw 42;
        ok.add(batch);
      },
      options);
  call("PutItem", put("poison"));
  call("PutItem", put("fine"));
  REQUIRE(ok.wait_for(1));
  CHECK(sub->failure_count() == 2);
  CHECK(sub->skipped_batch_count() == 1);
}

TEST_CASE_FIXTURE(StreamsFixture,
                  "Handlers: a handler never sees the records of a rolled-back write") {
  create_table("tbl", "KEYS_ONLY");
  Collector c;
  auto sub = db->subscribe("tbl", [&](const auto& b) { c.add(b); });
  call("PutItem", put("a"));
  fail("PutItem", R"J({"TableName":"tbl","Item":{"pk":{"S":"b"},"sk":{"S":"x"}},
    "ConditionExpression":"attribute_exists(pk)"})J");
  call("PutItem", put("c"));
  REQUIRE(c.wait_for(2));
  std::lock_guard lock(c.mutex);
  REQUIRE(c.records.size() == 2);
  CHECK(c.records[1].keys_json.find("\"c\"") != std::string::npos);
}

TEST_CASE_FIXTURE(StreamsFixture, "Handlers: a cancelled subscription receives nothing more") {
  create_table("tbl", "KEYS_ONLY");
  Collector c;
  auto sub = db->subscribe("tbl", [&](const auto& b) { c.add(b); });
  call("PutItem", put("a"));
  REQUIRE(c.wait_for(1));
  sub->cancel();
  call("PutItem", put("b"));
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  std::lock_guard lock(c.mutex);
  CHECK(c.records.size() == 1);
}

TEST_CASE("Handlers: destroying the Database stops its workers and leaves the handle inert") {
  std::unique_ptr<dynamini::Subscription> sub;
  {
    dynamini::Options options;
    options.ttl_sweep_interval_ms = 0;
    auto db = dynamini::Database::open(options);
    sub = db->subscribe("tbl", [](const auto&) {});
  }
  CHECK(sub->failure_count() == 0);
  sub->cancel();
  sub.reset();
}

TEST_CASE_FIXTURE(StreamsFixture, "Handlers: a handler may write to the database") {
  create_table("tbl", "KEYS_ONLY");
  create_table("ubl", "KEYS_ONLY");
  Collector fanned;
  auto fan = db->subscribe("tbl", [&](const auto& batch) {
    for (const auto& r : batch) {
      auto res = db->execute("PutItem", R"({"TableName":"ubl","Item":)" + r.keys_json + "}");
      if (!res.ok()) throw std::runtime_error(res.error->message);
    }
  });
  auto sink = db->subscribe("ubl", [&](const auto& b) { fanned.add(b); });
  call("PutItem", put("a"));
  REQUIRE(fanned.wait_for(1));
  CHECK(fan->failure_count() == 0);
}

TEST_CASE_FIXTURE(StreamsFixture,
                  "Handlers: every record arrives once, in order, across shard changes") {
  open_with_shard_records(3);
  create_table("tbl", "KEYS_ONLY");
  Collector c;
  dynamini::SubscribeOptions options;
  options.max_batch_size = 2;
  auto sub = db->subscribe(
      "tbl", [&](const auto& b) { c.add(b); }, options);
  for (int i = 0; i < 20; ++i) {
    call("PutItem", put(std::to_string(i)));
    // Shards also close by age between writes (the 4-hour default).
    if (i % 7 == 6) advance_ms(4LL * 60 * 60 * 1000);
  }
  REQUIRE(c.wait_for(20));
  auto d = call("DescribeStream", R"({"StreamArn":")" + stream_arn("tbl") + R"("})");
  CHECK(d["StreamDescription"]["Shards"].Size() >= 7);
  std::lock_guard lock(c.mutex);
  REQUIRE(c.records.size() == 20);
  for (int i = 0; i < 20; ++i) {
    CHECK(c.records[i].keys_json ==
          R"({"pk":{"S":")" + std::to_string(i) + R"("},"sk":{"S":"x"}})");
  }
}
