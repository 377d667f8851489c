#pragma once

// How a trigger delivers one batch, the way a Lambda event source mapping
// for a DynamoDB stream does (Lambda Developer Guide, "Lambda parameters for
// Amazon DynamoDB event source mappings" and "Retaining discarded records"):
//  * the batch is invoked; success checkpoints past its last record;
//  * with ReportBatchItemFailures, a response naming records
//    ({"batchItemFailures":[{"itemIdentifier": SequenceNumber}]}) checkpoints
//    before the lowest one named and retries from it;
//  * on failure with BisectBatchOnFunctionError, a batch of two or more is
//    split in two halves, delivered in order; splitting does not count
//    against MaximumRetryAttempts;
//  * otherwise the batch is retried after a backoff (base doubling, capped)
//    until MaximumRetryAttempts retries have failed (-1: forever), then it is
//    discarded to the on-failure destination ("RetryAttemptsExhausted");
//  * records older than MaximumRecordAgeInSeconds (-1: no limit) are not
//    invoked: they go to the destination ("RecordAgeExceeded").
// Nothing here sleeps or does I/O itself: the hooks do, so tests drive it
// with a fake clock.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace dynamini::triggers {

struct PendingRecord {
  std::string json;             // the record as Lambda sends it (with eventSourceARN)
  std::string sequence_number;  // dynamodb.SequenceNumber
  int64_t created_s = 0;        // dynamodb.ApproximateCreationDateTime
};

struct InvokeResult {
  bool ok = false;
  // With ReportBatchItemFailures: the lowest itemIdentifier the function
  // reported (ok is then false).
  std::optional<std::string> first_failed_sequence;
  int status = 0;     // HTTP status, 0 when no response
  std::string error;  // why it failed ("Unhandled", a connection error, ...)
};

struct DeliveryPolicy {
  bool bisect_on_error = false;
  int64_t max_retry_attempts = -1;
  int64_t max_record_age_s = -1;
  bool report_batch_item_failures = false;
  int64_t retry_base_delay_ms = 100;
  int64_t retry_max_delay_ms = 5000;
};

// What a discarded part of a batch was, for the invocation record.
struct Discard {
  std::string condition;  // "RetryAttemptsExhausted" or "RecordAgeExceeded"
  int64_t approximate_invoke_count = 0;
  InvokeResult last;  // the last invocation's outcome (none for RecordAgeExceeded)
};

struct DeliveryHooks {
  std::function<InvokeResult(const std::vector<PendingRecord>&)> invoke;
  // Sends records to the on-failure destination; returns when done (true)
  // or when the trigger is stopping (false: delivery returns, unchecked).
  std::function<bool(const std::vector<PendingRecord>&, const Discard&)> discard;
  // Every record up to and including this sequence number is handled.
  std::function<void(const std::string& sequence_number)> checkpoint;
  std::function<int64_t()> now_ms;
  // Waits `ms`; false when the trigger is stopping (delivery then returns).
  std::function<bool(int64_t ms)> sleep;
};

// Delivers `batch` (in commit order). Returns false when stopped before the
// batch was handled (what was not checkpointed is delivered again later).
bool deliver_batch(std::vector<PendingRecord> batch, const DeliveryPolicy& policy,
                   const DeliveryHooks& hooks);

// The backoff before retry number `retry` (1, 2, ...).
int64_t retry_delay_ms(const DeliveryPolicy& policy, int64_t retry);

}  // namespace dynamini::triggers
