#pragma once

// The workers behind Database::subscribe() (contract in
// dynamini/stream_handler.h). Each subscription polls the stream log by
// table name after the last sequence number it delivered; the stream log's
// listener wakes every worker when a record is written (the worker then
// waits for the storage lock, so it reads only committed records).

#include <atomic>
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
  int64_t last_seq = 0;  // worker thread only

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

class SubscriptionHub {
 public:
  explicit SubscriptionHub(Context& context);
  ~SubscriptionHub();  // stop_all()
  SubscriptionHub(const SubscriptionHub&) = delete;
  SubscriptionHub& operator=(const SubscriptionHub&) = delete;

  std::unique_ptr<Subscription> subscribe(std::string table_name, StreamHandler handler,
                                          SubscribeOptions options);
  // A record was written: wake the workers. Called under the storage lock.
  void notify();
  void stop_all();

 private:
  void run(Subscription::State& state);

  Context& engine_;
  std::mutex mutex_;
  std::vector<std::shared_ptr<Subscription::State>> states_;
};

}  // namespace dynamini
