#pragma once

// Stream triggers shaped like AWS Lambda: each trigger delivers one table's
// stream records by HTTP POST to a local function, as the DynamoDB Streams
// event Lambda sends ({"Records": [...]}, each record with eventSourceARN),
// with an event source mapping's settings: BatchSize,
// MaximumBatchingWindowInSeconds, StartingPosition, BisectBatchOnFunctionError,
// MaximumRetryAttempts, MaximumRecordAgeInSeconds, FunctionResponseTypes
// (ReportBatchItemFailures), FilterCriteria and an on-failure destination (a
// JSON-lines file or a table of this database).
//
//   auto triggers = std::make_shared<dynamini::Triggers>(*db);
//   triggers->add(dynamini::parse_trigger_flag("orders=http://127.0.0.1:9001/"));
//   dynamini::Server server(*db, {.admin = true, .triggers = triggers});  //
//   /dynamini/admin/triggers
//
// Guarantees:
//  * Never blocks writes: records are read from the stream log after commit
//    (Database::subscribe) on the trigger's own threads; a bounded queue sits
//    between reading and delivering, and when it is full reading pauses and
//    the records wait in the stream log (24 hours), never dropped.
//  * Never loses a record: at least once, in commit order. A record leaves
//    only when the function accepted it, a filter excluded it, or it was
//    written to the on-failure destination (retried until that write works).
//    With a state file (TriggersOptions::state_file; the dynamini command uses
//    FILE.triggers beside a --db FILE) each trigger's checkpoint survives a
//    restart and delivery resumes after it.

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace dynamini {

class Database;

struct TriggerConfig {
  std::string id;                            // assigned by Triggers::add when empty
  std::string table;                         // TableName
  std::string url;                           // FunctionUrl: http://HOST:PORT/PATH
  size_t batch_size = 100;                   // BatchSize, 1..10000 (Lambda's default 100)
  int64_t max_batching_window_s = 0;         // MaximumBatchingWindowInSeconds, 0..300
  bool from_trim_horizon = false;            // StartingPosition TRIM_HORIZON; default LATEST
  bool bisect_on_error = false;              // BisectBatchOnFunctionError
  int64_t max_retry_attempts = -1;           // MaximumRetryAttempts, -1 (forever)..10000
  int64_t max_record_age_s = -1;             // MaximumRecordAgeInSeconds, -1 or 60..604800
  bool report_batch_item_failures = false;   // FunctionResponseTypes ["ReportBatchItemFailures"]
  std::vector<std::string> filter_patterns;  // FilterCriteria.Filters[].Pattern (up to 5)
  // DestinationConfig.OnFailure.Destination: "file:PATH" (one invocation
  // record per line) or "table:NAME" (one item per discarded batch); empty:
  // discarded records are only counted.
  std::string on_failure;
  // dynamini's own: the retry backoff (doubling from base, capped) and how
  // long one invocation may take.
  int64_t retry_base_delay_ms = 100;
  int64_t retry_max_delay_ms = 5000;
  int64_t invoke_timeout_ms = 30000;
};

// The admin API's and --trigger's JSON, with CreateEventSourceMapping's
// member names: {"TableName", "FunctionUrl", "BatchSize",
// "MaximumBatchingWindowInSeconds", "StartingPosition", "BisectBatchOnFunctionError",
// "MaximumRetryAttempts", "MaximumRecordAgeInSeconds", "FunctionResponseTypes",
// "FilterCriteria": {"Filters": [{"Pattern": "..."}]},
// "DestinationConfig": {"OnFailure": {"Destination": "file:..."}}, "UUID",
// "RetryBaseDelayMs", "RetryMaxDelayMs", "InvokeTimeoutMs"}.
// Throws std::invalid_argument naming the member at fault.
TriggerConfig parse_trigger_json(std::string_view json);
// --trigger's value: TABLE=URL, or TABLE=JSON (the object above without TableName).
TriggerConfig parse_trigger_flag(std::string_view spec);
std::string trigger_json(const TriggerConfig& config);

struct TriggerStatus {
  TriggerConfig config;
  int64_t invocations = 0;         // POSTs made
  int64_t failed_invocations = 0;  // of which failed
  int64_t records_delivered = 0;   // records in invocations that succeeded
  int64_t records_filtered_out = 0;
  int64_t records_discarded = 0;  // sent to the on-failure destination
  int64_t records_pending = 0;    // read, not yet handled
  std::string checkpoint;         // last handled SequenceNumber ("" before any)
  std::string last_error;
};

struct TriggersOptions {
  // Where checkpoints are kept (JSON), keyed by table and URL; empty (the
  // default): in memory only, so a restart starts at StartingPosition.
  std::string state_file;
};

// The triggers of one database. Thread-safe.
class Triggers {
 public:
  explicit Triggers(Database& db, TriggersOptions options = {});
  ~Triggers();  // stops every trigger (the batch in flight finishes)
  Triggers(const Triggers&) = delete;
  Triggers& operator=(const Triggers&) = delete;

  // Starts a trigger; returns its id. Throws std::invalid_argument for a bad
  // configuration (URL, pattern, ranges) or an id in use.
  std::string add(TriggerConfig config);
  bool remove(const std::string& id);
  std::vector<TriggerStatus> list() const;

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace dynamini
