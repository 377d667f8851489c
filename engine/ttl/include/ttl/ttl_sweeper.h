#pragma once

// Time to Live over the engine's tables: a sweep now, and the background
// thread that sweeps (and trims the stream log) at an interval. What expires
// and how it is deleted is ttl/ttl_expiry.h, below the engine.

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>

#include "context/context.h"
#include "ttl/ttl_expiry.h"

namespace dynamini {

// Deletes every expired item now; returns how many. Takes the storage lock;
// one transaction per table.
int64_t sweep_expired_items(Context& context);

// sweep_expired_items(), then the trimming of stream records older than 24
// hours (one transaction); returns how many items were deleted. Throws on a
// storage failure (e.g. a locked file).
int64_t sweep_and_trim(Context& context);

// A thread calling sweep_and_trim() every `interval_ms`, until destroyed.
class BackgroundSweeper {
 public:
  BackgroundSweeper(Context& context, int64_t interval_ms);
  ~BackgroundSweeper();  // stops and joins
  BackgroundSweeper(const BackgroundSweeper&) = delete;
  BackgroundSweeper& operator=(const BackgroundSweeper&) = delete;

 private:
  void run();

  Context& engine_;
  const int64_t interval_ms_;
  std::mutex mutex_;
  std::condition_variable cv_;
  bool stop_ = false;
  std::thread thread_;
};

}  // namespace dynamini
