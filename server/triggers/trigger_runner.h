#pragma once

// One running trigger (dynamini/triggers.h): a stream subscription reads
// committed records into a bounded queue (waiting, not dropping, when it is
// full: the records stay in the stream log); a delivery thread takes batches
// (BatchSize, MaximumBatchingWindowInSeconds), filters them and delivers them
// (batch_delivery.h), then checkpoints.

#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "dynamini/database.h"
#include "dynamini/triggers.h"
#include "triggers/batch_delivery.h"
#include "triggers/checkpoint_store.h"
#include "triggers/filter_pattern.h"
#include "triggers/http_post.h"

namespace dynamini::triggers {

class TriggerRunner {
 public:
  // Starts reading and delivering. `store` (may be null) outlives the runner.
  // Throws std::invalid_argument for an invalid configuration.
  TriggerRunner(Database& db, TriggerConfig config, CheckpointStore* store);
  ~TriggerRunner();  // stops: the batch in flight finishes first
  TriggerRunner(const TriggerRunner&) = delete;
  TriggerRunner& operator=(const TriggerRunner&) = delete;

  TriggerStatus status() const;
  const TriggerConfig& config() const { return config_; }

 private:
  void on_records(const std::vector<StreamRecord>& batch);  // the subscription's thread
  void deliver_loop();                                      // the delivery thread
  std::vector<PendingRecord> take_batch();                  // empty when stopping
  void handle(const std::vector<PendingRecord>& batch);
  InvokeResult invoke(const std::vector<PendingRecord>& records);
  bool discard(const std::vector<PendingRecord>& records, const Discard& why);
  void checkpoint(const std::string& sequence_number);
  bool sleep_unless_stopped(int64_t ms);
  std::string describe(const char* operation, const std::string& request, const char* member,
                       const char* field);

  Database& db_;
  const TriggerConfig config_;
  const HttpUrl url_;
  std::vector<FilterPattern> patterns_;
  DeliveryPolicy policy_;
  CheckpointStore* store_;
  std::string store_key_;
  int64_t resume_after_ = -1;  // records up to this were handled before a restart
  size_t capacity_;

  mutable std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<PendingRecord> queue_;
  size_t in_flight_ = 0;
  bool stop_ = false;
  TriggerStatus counters_;

  std::thread delivery_;
  std::unique_ptr<Subscription> subscription_;
};

}  // namespace dynamini::triggers
