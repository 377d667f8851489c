#pragma once

// Time to Live: deletes expired items of tables with TTL enabled, as DynamoDB's
// background process does, maintaining index rows and writing REMOVE stream
// records with the service identity (userIdentity dynamodb.amazonaws.com).
//
// An item expires when its TTL attribute is a Number (epoch seconds) less than
// the current time (Options::clock_ms) and not more than five years in the
// past: DynamoDB leaves such items alone ("Items with TTL values more than
// five years in the past are not deleted", Developer Guide, Time to Live).
// Any other type (a string, a set, a missing attribute) never expires.

#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>

#include "engine.h"
#include "values/attribute_value.h"

namespace dynamini {

// The five-year window, in milliseconds (365-day years).
constexpr int64_t kTtlMaximumAgeMs = 5LL * 365 * 24 * 60 * 60 * 1000;

// True when `item` has expired under `attribute` at `now_ms`.
bool item_expired(const Item& item, const std::string& attribute, int64_t now_ms);

// Deletes every expired item now; returns how many. Takes the storage lock;
// one transaction per table.
int64_t sweep_expired_items(Engine& engine);

// A thread calling sweep_expired_items() (and trimming stream records older
// than 24 hours) every `interval_ms`, until destroyed.
class BackgroundSweeper {
 public:
  BackgroundSweeper(Engine& engine, int64_t interval_ms);
  ~BackgroundSweeper();  // stops and joins
  BackgroundSweeper(const BackgroundSweeper&) = delete;
  BackgroundSweeper& operator=(const BackgroundSweeper&) = delete;

 private:
  void run();

  Engine& engine_;
  const int64_t interval_ms_;
  std::mutex mutex_;
  std::condition_variable cv_;
  bool stop_ = false;
  std::thread thread_;
};

}  // namespace dynamini
