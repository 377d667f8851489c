#pragma once

// Time to Live over the engine's tables: a sweep now, and the background
// thread that sweeps (and trims the stream log) at an interval. What expires
// and how it is deleted is ttl/ttl_expiry.h, below the engine.

#include <condition_variable>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "context/context.h"
#include "ttl/ttl_expiry.h"

namespace dynamini {

// Deletes every expired item now; returns how many. Takes the storage lock;
// one transaction per table.
int64_t sweep_expired_items(Context& context);

// sweep_expired_items(), then trim_stream_records(); returns how many items
// were deleted. Throws on a storage failure (e.g. a locked file).
int64_t sweep_and_trim(Context& context);

// Deletes stream records older than 24 hours (one transaction).
void trim_stream_records(Context& context);

// A thread that, every `interval_ms` until destroyed, deletes expired items
// and trims stream records older than 24 hours. Each interval reads at most
// kItemsPerStep items of each TTL table, resuming where the last one stopped
// (delete_expired_items_step): a table of up to that many items is swept
// whole every interval; a larger one over several. DynamoDB's own deletion
// takes "a few days" (Developer Guide, Time to Live); POST
// /dynamini/admin/sweep-ttl still sweeps everything at once.
class BackgroundSweeper {
 public:
  BackgroundSweeper(Context& context, int64_t interval_ms);
  ~BackgroundSweeper();  // stops and joins
  BackgroundSweeper(const BackgroundSweeper&) = delete;
  BackgroundSweeper& operator=(const BackgroundSweeper&) = delete;

 private:
  static constexpr int64_t kItemsPerStep = 2000;

  void run();
  void sweep_step();

  Context& engine_;
  const int64_t interval_ms_;
  std::mutex mutex_;
  std::condition_variable cv_;
  bool stop_ = false;
  // Where each TTL table's sweep resumes, by table id (sweep thread only).
  std::map<std::string, std::vector<std::string>> cursors_;
  std::thread thread_;
};

}  // namespace dynamini
