#pragma once

// The workers behind Database::subscribe() (contract in
// dynamini/stream_handler.h). Each subscription polls the stream log by
// table name after the last sequence number it delivered; the stream log's
// listener wakes every worker when a record is written (the worker then
// waits for the storage lock, so it reads only committed records). Without
// threads (Options::background_work = kHostDriven) no worker is started:
// deliver_pending() does their work on the caller's thread.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "context/context.h"
#include "dynamini/stream_handler.h"

namespace dynamini {

struct Subscription::State {
  std::string table_name;
  StreamHandler handler;
  SubscribeOptions options;
  int64_t last_seq = 0;  // worker thread (or deliver_pending) only

  // The host-driven delivery's retry of a batch that threw (deliver_pending
  // only): attempts so far, the next delay, and when it may be retried.
  int attempts = 0;
  int64_t retry_delay_ms = 0;
  std::chrono::steady_clock::time_point retry_at{};

  std::atomic<int64_t> failures{0};
  std::atomic<int64_t> delivered{0};
  std::atomic<int64_t> skipped{0};

  std::mutex mutex;  // guards stop, generation, thread
  std::condition_variable cv;
  bool stop = false;
  uint64_t generation = 0;  // bumped by each written record
  std::thread thread;

  void wake();
  // Stops the worker and joins it (detaches when called from the worker).
  void stop_and_join();
};

// What deliver_pending() did.
struct DeliveryCounts {
  int64_t delivered = 0;  // records handed to handler calls that returned
  int64_t failed = 0;     // handler calls that threw
};

class SubscriptionHub {
 public:
  // `threaded`: each subscription gets a worker thread; false: none, and
  // deliver_pending() delivers.
  SubscriptionHub(Context& context, bool threaded);
  ~SubscriptionHub();  // stop_all()
  SubscriptionHub(const SubscriptionHub&) = delete;
  SubscriptionHub& operator=(const SubscriptionHub&) = delete;

  std::unique_ptr<Subscription> subscribe(std::string table_name, StreamHandler handler,
                                          SubscribeOptions options);
  // A record was written: wake the workers. Called under the storage lock.
  void notify();
  void stop_all();
  // Not threaded: delivers every subscription's records committed so far
  // (dynamini/database.h, run_background_work()). Threaded: does nothing.
  DeliveryCounts deliver_pending();

 private:
  // The next batch after state.last_seq: empty when there is none (or the
  // storage failed; tried again later).
  struct Batch {
    std::vector<StreamRecord> records;
    int64_t last_seq = 0;
  };
  Batch next_batch(Subscription::State& state);
  // Hands `batch` to the handler once; false when it threw (counted).
  static bool hand_over(Subscription::State& state, const Batch& batch);
  // A worker thread's loop.
  void run(Subscription::State& state);
  // deliver_pending() for one subscription.
  DeliveryCounts deliver_pending(Subscription::State& state);

  Context& engine_;
  const bool threaded_;
  std::mutex mutex_;
  std::vector<std::shared_ptr<Subscription::State>> states_;
};

}  // namespace dynamini
