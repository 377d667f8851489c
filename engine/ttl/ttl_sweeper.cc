#include "ttl/ttl_sweeper.h"

#include <chrono>
#include <cstdio>

#include "storage/sqlite.h"

namespace dynamini {
namespace {

// `ms` milliseconds since the epoch as an exact number of seconds.
Number seconds_of(int64_t ms) {
  char text[48];
  std::snprintf(text, sizeof text, "%lld.%03lld", static_cast<long long>(ms / 1000),
                static_cast<long long>(ms % 1000));
  return Number::parse_or_throw(text);
}

}  // namespace

bool item_expired(const Item& item, const std::string& attribute, int64_t now_ms) {
  auto it = item.find(attribute);
  if (it == item.end() || it->second.type != ValueType::N) return false;
  Number value = it->second.as_number();
  // "If the epoch time value stored in the attribute is less than the current
  // time, the item is marked as expired" (UpdateTimeToLive API reference).
  return value.compare(seconds_of(now_ms)) < 0 &&
         value.compare(seconds_of(now_ms - kTtlMaximumAgeMs)) >= 0;
}

int64_t sweep_expired_items(Engine& engine) {
  int64_t deleted = 0;
  std::lock_guard lock(engine.storage_mutex());
  const int64_t now = engine.now_ms();
  for (const auto& name : engine.table_names()) {
    auto table = engine.find_table(name);
    if (!table || !table->ttl.enabled) continue;
    std::vector<Item> expired;
    engine.store().read_range(*table, RangeRead{},
                              [&](std::string_view json, int64_t, std::string_view) {
                                Item item = item_from_json(json);
                                if (item_expired(item, table->ttl.attribute, now)) {
                                  expired.push_back(std::move(item));
                                }
                                return true;
                              });
    if (expired.empty()) continue;
    WriteTransaction txn(engine.store().connection());
    for (const auto& item : expired) {
      engine.store().remove(*table, item, WriteOrigin::kTimeToLive);
    }
    txn.commit();
    deleted += static_cast<int64_t>(expired.size());
  }
  return deleted;
}

BackgroundSweeper::BackgroundSweeper(Engine& engine, int64_t interval_ms)
    : engine_(engine), interval_ms_(interval_ms), thread_([this] { run(); }) {}

BackgroundSweeper::~BackgroundSweeper() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  cv_.notify_all();
  thread_.join();
}

void BackgroundSweeper::run() {
  std::unique_lock lock(mutex_);
  while (!cv_.wait_for(lock, std::chrono::milliseconds(interval_ms_), [this] { return stop_; })) {
    lock.unlock();
    try {
      sweep_expired_items(engine_);
      std::lock_guard storage(engine_.storage_mutex());
      WriteTransaction txn(engine_.store().connection());
      engine_.store().stream_log().trim(engine_.now_ms());
      txn.commit();
    } catch (const std::exception&) {
      // A failed sweep (e.g. a locked file) is retried at the next interval.
    }
    lock.lock();
  }
}

}  // namespace dynamini
