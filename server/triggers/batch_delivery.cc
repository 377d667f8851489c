#include "triggers/batch_delivery.h"

#include <algorithm>
#include <deque>

namespace dynamini::triggers {
namespace {

struct Segment {
  std::vector<PendingRecord> records;
  int64_t retries = 0;  // failed invocations retried so far
};

// Takes the records past MaximumRecordAgeInSeconds out of `segment` and
// discards them. Records are in commit order, so expired ones lead.
bool discard_expired(Segment& segment, const DeliveryPolicy& policy, const DeliveryHooks& hooks) {
  if (policy.max_record_age_s < 0) return true;
  const int64_t now_s = hooks.now_ms() / 1000;
  auto fresh = std::find_if(segment.records.begin(), segment.records.end(), [&](const auto& r) {
    return now_s - r.created_s <= policy.max_record_age_s;
  });
  if (fresh == segment.records.begin()) return true;
  std::vector<PendingRecord> expired(segment.records.begin(), fresh);
  segment.records.erase(segment.records.begin(), fresh);
  if (!hooks.discard(
          expired,
          Discard{.condition = "RecordAgeExceeded", .approximate_invoke_count = 0, .last = {}}))
    return false;
  hooks.checkpoint(expired.back().sequence_number);
  return true;
}

// With a partial batch response: drops the records before the first one
// reported (they succeeded). False when the identifier is not in the batch
// (Lambda then treats the whole batch as failed).
bool apply_partial(Segment& segment, const std::string& first_failed, const DeliveryHooks& hooks) {
  auto failed = std::find_if(segment.records.begin(), segment.records.end(),
                             [&](const auto& r) { return r.sequence_number == first_failed; });
  if (failed == segment.records.end()) return false;
  if (failed != segment.records.begin()) {
    hooks.checkpoint(std::prev(failed)->sequence_number);
    segment.records.erase(segment.records.begin(), failed);
  }
  return true;
}

}  // namespace

int64_t retry_delay_ms(const DeliveryPolicy& policy, int64_t retry) {
  int64_t delay = std::max<int64_t>(policy.retry_base_delay_ms, 0);
  for (int64_t i = 1; i < retry && delay < policy.retry_max_delay_ms; ++i) delay *= 2;
  return std::min(delay, std::max(policy.retry_max_delay_ms, policy.retry_base_delay_ms));
}

bool deliver_batch(std::vector<PendingRecord> batch, const DeliveryPolicy& policy,
                   const DeliveryHooks& hooks) {
  std::deque<Segment> segments;
  segments.push_back(Segment{std::move(batch), 0});
  while (!segments.empty()) {
    Segment& segment = segments.front();
    if (!discard_expired(segment, policy, hooks)) return false;
    if (segment.records.empty()) {
      segments.pop_front();
      continue;
    }
    const InvokeResult result = hooks.invoke(segment.records);
    if (result.ok) {
      hooks.checkpoint(segment.records.back().sequence_number);
      segments.pop_front();
      continue;
    }
    const bool partial = policy.report_batch_item_failures && result.first_failed_sequence &&
                         apply_partial(segment, *result.first_failed_sequence, hooks);
    if (!partial && policy.bisect_on_error && segment.records.size() > 1) {
      const size_t half = segment.records.size() / 2;
      Segment second{
          {segment.records.begin() + static_cast<std::ptrdiff_t>(half), segment.records.end()},
          segment.retries};
      segment.records.resize(half);
      segments.insert(segments.begin() + 1, std::move(second));
      continue;
    }
    if (policy.max_retry_attempts >= 0 && segment.retries >= policy.max_retry_attempts) {
      const Discard why{.condition = "RetryAttemptsExhausted",
                        .approximate_invoke_count = segment.retries + 1,
                        .last = result};
      if (!hooks.discard(segment.records, why)) return false;
      hooks.checkpoint(segment.records.back().sequence_number);
      segments.pop_front();
      continue;
    }
    ++segment.retries;
    if (!hooks.sleep(retry_delay_ms(policy, segment.retries))) return false;
  }
  return true;
}

}  // namespace dynamini::triggers
