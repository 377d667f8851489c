// Options::background_work = kHostDriven (dynamini/database.h,
// run_background_work()): no thread runs; exports, the TTL sweep and stream
// deliveries wait for the host's call, then give what the threads give.

#include <unistd.h>

#include <filesystem>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "streams_fixture.h"

namespace fs = std::filesystem;

namespace {

struct HostDrivenFixture : StreamsFixture {
  // The fixture's clock; background work by the host; a sweep at every call.
  HostDrivenFixture() { db = dynamini::Database::open(host_driven(1)); }

  dynamini::Options host_driven(int64_t sweep_interval_ms) {
    dynamini::Options o = options();
    o.background_work = dynamini::BackgroundWork::kHostDriven;
    o.ttl_sweep_interval_ms = sweep_interval_ms;
    return o;
  }

  std::string put(const std::string& pk, const std::string& extra = "") {
    return R"({"TableName":"tbl","Item":{"pk":{"S":")" + pk + R"("},"sk":{"S":"x"})" + extra + "}}";
  }

  int64_t item_count() {
    return call("Scan", R"({"TableName":"tbl","Select":"COUNT"})")["Count"].GetInt64();
  }
};

}  // namespace

TEST_CASE_FIXTURE(HostDrivenFixture, "Host-driven: records wait for run_background_work") {
  create_table("tbl", "NEW_IMAGE");
  std::vector<std::string> seen;
  auto sub = db->subscribe("tbl", [&](const auto& batch) {
    for (const auto& r : batch) seen.push_back(r.event_name + " " + r.keys_json);
  });
  call("PutItem", put("a"));
  call("PutItem", put("b"));
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  CHECK(seen.empty());  // no worker thread delivered anything
  auto done = db->run_background_work();
  CHECK(done.delivered_records == 2);
  REQUIRE(seen.size() == 2);
  CHECK(seen[0] == R"(INSERT {"pk":{"S":"a"},"sk":{"S":"x"}})");
  CHECK(seen[1] == R"(INSERT {"pk":{"S":"b"},"sk":{"S":"x"}})");
  CHECK(sub->delivered_count() == 2);
  CHECK(db->run_background_work().delivered_records == 0);  // nothing twice
}

TEST_CASE_FIXTURE(HostDrivenFixture,
                  "Host-driven: a handler's own writes arrive in the same call") {
  create_table("tbl", "NEW_IMAGE");
  int calls = 0;
  auto sub = db->subscribe("tbl", [&](const auto& batch) {
    ++calls;
    if (batch[0].keys_json.find("\"a\"") != std::string::npos) call("PutItem", put("b"));
  });
  call("PutItem", put("a"));
  CHECK(db->run_background_work().delivered_records == 2);
  CHECK(calls == 2);
}

TEST_CASE_FIXTURE(HostDrivenFixture, "Host-driven: a throwing handler is retried after its delay") {
  create_table("tbl", "NEW_IMAGE");
  int attempts = 0;
  dynamini::SubscribeOptions options;
  options.initial_retry_delay_ms = 50;
  auto sub = db->subscribe(
      "tbl",
      [&](const auto&) {
        if (++attempts < 3) throw std::runtime_error("not yet");
      },
      options);
  call("PutItem", put("a"));
  auto first = db->run_background_work();
  CHECK(first.failed_deliveries == 1);
  CHECK(first.delivered_records == 0);
  CHECK(db->run_background_work().failed_deliveries == 0);  // before the delay: not retried
  CHECK(attempts == 1);
  std::this_thread::sleep_for(std::chrono::milliseconds(60));
  CHECK(db->run_background_work().failed_deliveries == 1);      // the second attempt
  std::this_thread::sleep_for(std::chrono::milliseconds(110));  // the delay doubled
  CHECK(db->run_background_work().delivered_records == 1);
  CHECK(attempts == 3);
  CHECK(sub->failure_count() == 2);
  CHECK(sub->delivered_count() == 1);
}

TEST_CASE_FIXTURE(HostDrivenFixture, "Host-driven: max_attempts skips the batch and moves on") {
  create_table("tbl", "NEW_IMAGE");
  dynamini::SubscribeOptions options;
  options.max_attempts = 1;
  options.max_batch_size = 1;
  std::vector<std::string> delivered;
  auto sub = db->subscribe(
      "tbl",
      [&](const auto& batch) {
        if (batch[0].keys_json.find("\"a\"") != std::string::npos) throw std::runtime_error("bad");
        delivered.push_back(batch[0].keys_json);
      },
      options);
  call("PutItem", put("a"));
  call("PutItem", put("b"));
  auto done = db->run_background_work();
  CHECK(done.failed_deliveries == 1);
  CHECK(done.delivered_records == 1);
  CHECK(sub->skipped_batch_count() == 1);
  CHECK(delivered == std::vector<std::string>{R"({"pk":{"S":"b"},"sk":{"S":"x"}})"});
}

TEST_CASE_FIXTURE(HostDrivenFixture, "Host-driven: the TTL sweep runs in the call, when due") {
  create_table("tbl", "");
  call(
      "UpdateTimeToLive",
      R"({"TableName":"tbl","TimeToLiveSpecification":{"Enabled":true,"AttributeName":"expires"}})");
  call("PutItem", put("old", R"(,"expires":{"N":"1600000000"})"));
  call("PutItem", put("new", R"(,"expires":{"N":"1800000000"})"));
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  CHECK(item_count() == 2);  // no sweeper thread
  auto done = db->run_background_work();
  CHECK(done.swept);
  CHECK(done.expired_items == 1);
  CHECK(item_count() == 1);

  db = dynamini::Database::open(host_driven(60000));  // a sweep a minute at most
  create_table("tbl", "");
  CHECK(db->run_background_work().swept);  // the first call sweeps
  CHECK_FALSE(db->run_background_work().swept);

  db = dynamini::Database::open(host_driven(0));  // 0: never by itself
  CHECK_FALSE(db->run_background_work().swept);
}

TEST_CASE_FIXTURE(HostDrivenFixture, "Host-driven: an export waits for the call, then completes") {
  const fs::path dir =
      fs::temp_directory_path() / ("dynamini-host-driven-" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  create_table("tbl", "");
  call("PutItem", put("a"));
  call(
      "UpdateContinuousBackups",
      R"({"TableName":"tbl","PointInTimeRecoverySpecification":{"PointInTimeRecoveryEnabled":true}})");
  auto started = call(
      "ExportTableToPointInTime",
      R"({"TableArn":"arn:aws:dynamodb:us-east-1:000000000000:table/tbl","S3Bucket":"file://)" +
          dir.string() + "\"}");
  const std::string arn = started["ExportDescription"]["ExportArn"].GetString();
  auto status = [&] {
    return std::string(call("DescribeExport", R"({"ExportArn":")" + arn +
                                                  R"("})")["ExportDescription"]["ExportStatus"]
                           .GetString());
  };
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  CHECK(status() == "IN_PROGRESS");
  CHECK(db->run_background_work().jobs == 1);
  CHECK(status() == "COMPLETED");
  fs::remove_all(dir);
}

TEST_CASE("Threads: run_background_work does nothing; the threads do the work") {
  auto db = dynamini::Database::open();
  CHECK(db->background_work() == dynamini::BackgroundWork::kThreads);
  auto done = db->run_background_work();
  CHECK(done.jobs == 0);
  CHECK_FALSE(done.swept);
  CHECK(done.delivered_records == 0);
}
