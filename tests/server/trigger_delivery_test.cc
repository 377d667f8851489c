// Stream triggers' batch delivery (triggers/batch_delivery.h) with a fake
// clock: retries with backoff, bisect on error, partial batch responses,
// MaximumRetryAttempts and MaximumRecordAgeInSeconds to the destination.

#include <doctest/doctest.h>

#include <set>
#include <string>
#include <vector>

#include "triggers/batch_delivery.h"

namespace dynamini::triggers {
namespace {

std::vector<PendingRecord> records(int first, int count, int64_t created_s = 1000) {
  std::vector<PendingRecord> out;
  for (int i = first; i < first + count; ++i) {
    out.push_back({"{}", std::to_string(i), created_s});
  }
  return out;
}

std::string seqs(const std::vector<PendingRecord>& batch) {
  std::string s;
  for (const auto& r : batch) s += (s.empty() ? "" : ",") + r.sequence_number;
  return s;
}

// A fake world: the function fails on the sequence numbers in `poison` (or
// the first `fail_first` calls), the clock moves only when delivery sleeps.
struct World {
  std::set<std::string> poison;
  int fail_first = 0;
  std::optional<std::string> report_failed;  // partial response instead of a failure
  int64_t clock_ms = 1000 * 1000;
  std::vector<std::string> calls, checkpoints, discarded;
  std::vector<int64_t> sleeps;

  DeliveryHooks hooks() {
    return DeliveryHooks{.invoke =
                             [this](const std::vector<PendingRecord>& batch) {
                               calls.push_back(seqs(batch));
                               InvokeResult r;
                               if (static_cast<int>(calls.size()) <= fail_first) return r;
                               if (report_failed) {
                                 r.first_failed_sequence = report_failed;
                                 report_failed.reset();
                                 return r;
                               }
                               for (const auto& rec : batch) {
                                 if (poison.count(rec.sequence_number)) return r;
                               }
                               r.ok = true;
                               return r;
                             },
                         .discard =
                             [this](const std::vector<PendingRecord>& batch, const Discard& why) {
                               discarded.push_back(why.condition + ":" + seqs(batch) + ":" +
                                                   std::to_string(why.approximate_invoke_count));
                               return true;
                             },
                         .checkpoint = [this](const std::string& s) { checkpoints.push_back(s); },
                         .now_ms = [this] { return clock_ms; },
                         .sleep =
                             [this](int64_t ms) {
                               sleeps.push_back(ms);
                               clock_ms += ms;
                               return true;
                             }};
  }
};

TEST_CASE("delivery: a batch that succeeds is checkpointed at its last record") {
  World w;
  CHECK(deliver_batch(records(1, 3), {}, w.hooks()));
  CHECK(w.calls == std::vector<std::string>{"1,2,3"});
  CHECK(w.checkpoints == std::vector<std::string>{"3"});
  CHECK(w.sleeps.empty());
}

TEST_CASE("delivery: a failed batch is retried whole, with a doubling backoff") {
  World w;
  w.fail_first = 3;
  DeliveryPolicy policy{.retry_base_delay_ms = 100, .retry_max_delay_ms = 300};
  CHECK(deliver_batch(records(1, 2), policy, w.hooks()));
  CHECK(w.calls == std::vector<std::string>{"1,2", "1,2", "1,2", "1,2"});
  CHECK(w.sleeps == std::vector<int64_t>{100, 200, 300});
  CHECK(w.checkpoints == std::vector<std::string>{"2"});
  CHECK(w.discarded.empty());
}

TEST_CASE("delivery: MaximumRetryAttempts exhausted sends the batch to the destination") {
  World w;
  w.poison = {"2"};
  DeliveryPolicy policy{.max_retry_attempts = 2, .retry_base_delay_ms = 10};
  CHECK(deliver_batch(records(1, 3), policy, w.hooks()));
  CHECK(w.calls.size() == 3);  // the first attempt and two retries
  CHECK(w.discarded == std::vector<std::string>{"RetryAttemptsExhausted:1,2,3:3"});
  CHECK(w.checkpoints == std::vector<std::string>{"3"});
}

TEST_CASE("delivery: bisect isolates the failing record; the others are delivered") {
  World w;
  w.poison = {"3"};
  DeliveryPolicy policy{
      .bisect_on_error = true, .max_retry_attempts = 1, .retry_base_delay_ms = 10};
  CHECK(deliver_batch(records(1, 4), policy, w.hooks()));
  // 1,2,3,4 fails -> 1,2 ok; 3,4 fails -> 3 fails, retried once, discarded; 4 ok.
  CHECK(w.calls == std::vector<std::string>{"1,2,3,4", "1,2", "3,4", "3", "3", "4"});
  CHECK(w.discarded == std::vector<std::string>{"RetryAttemptsExhausted:3:2"});
  CHECK(w.checkpoints == std::vector<std::string>{"2", "3", "4"});
  CHECK(w.sleeps == std::vector<int64_t>{10});  // splitting costs no retry and no wait
}

TEST_CASE("delivery: a partial batch response retries from the lowest record reported") {
  World w;
  w.report_failed = "3";
  DeliveryPolicy policy{.report_batch_item_failures = true, .retry_base_delay_ms = 10};
  CHECK(deliver_batch(records(1, 5), policy, w.hooks()));
  CHECK(w.calls == std::vector<std::string>{"1,2,3,4,5", "3,4,5"});
  CHECK(w.checkpoints == std::vector<std::string>{"2", "5"});
}

TEST_CASE("delivery: without ReportBatchItemFailures a partial response fails the batch") {
  World w;
  w.report_failed = "3";
  DeliveryPolicy policy{.retry_base_delay_ms = 10};
  CHECK(deliver_batch(records(1, 3), policy, w.hooks()));
  CHECK(w.calls == std::vector<std::string>{"1,2,3", "1,2,3"});
}

TEST_CASE("delivery: records older than MaximumRecordAgeInSeconds skip the function") {
  World w;
  w.clock_ms = 10'000 * 1000;
  auto batch = records(1, 2, /*created_s=*/10'000 - 120);
  auto fresh = records(3, 1, 10'000);
  batch.insert(batch.end(), fresh.begin(), fresh.end());
  DeliveryPolicy policy{.max_record_age_s = 60};
  CHECK(deliver_batch(batch, policy, w.hooks()));
  CHECK(w.discarded == std::vector<std::string>{"RecordAgeExceeded:1,2:0"});
  CHECK(w.calls == std::vector<std::string>{"3"});
  CHECK(w.checkpoints == std::vector<std::string>{"2", "3"});
}

TEST_CASE("delivery: records that age out while being retried are discarded") {
  World w;
  w.clock_ms = 10'000 * 1000;
  w.poison = {"1"};
  DeliveryPolicy policy{
      .max_record_age_s = 60, .retry_base_delay_ms = 20'000, .retry_max_delay_ms = 20'000};
  CHECK(deliver_batch(records(1, 1, 10'000), policy, w.hooks()));
  CHECK(w.calls.size() == 4);  // at 0, 20, 40 and 60 s; at 80 s it is too old
  CHECK(w.discarded == std::vector<std::string>{"RecordAgeExceeded:1:0"});
}

TEST_CASE("delivery: stopping during a backoff returns without a checkpoint") {
  World w;
  w.fail_first = 1;
  DeliveryHooks hooks = w.hooks();
  hooks.sleep = [](int64_t) { return false; };
  CHECK_FALSE(deliver_batch(records(1, 2), {}, hooks));
  CHECK(w.checkpoints.empty());
}

}  // namespace
}  // namespace dynamini::triggers
