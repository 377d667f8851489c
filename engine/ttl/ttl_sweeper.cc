#include "ttl/ttl_sweeper.h"

#include <chrono>

#include "storage/sqlite.h"

namespace dynamini {

int64_t sweep_expired_items(Context& context) {
  int64_t deleted = 0;
  std::lock_guard lock(context.storage_mutex());
  const int64_t now = context.now_ms();
  for (const auto& name : context.table_names()) {
    if (auto table = context.find_table(name)) {
      deleted += delete_expired_items(context.store(), *table, now);
    }
  }
  return deleted;
}

int64_t sweep_and_trim(Context& context) {
  const int64_t deleted = sweep_expired_items(context);
  trim_stream_records(context);
  return deleted;
}

void trim_stream_records(Context& context) {
  std::lock_guard storage(context.storage_mutex());
  WriteTransaction txn(context.store().connection());
  context.store().stream_log().trim(context.now_ms());
  txn.commit();
}

void BackgroundSweeper::sweep_step() {
  std::lock_guard lock(engine_.storage_mutex());
  const int64_t now = engine_.now_ms();
  std::map<std::string, std::vector<std::string>> kept;  // dropped tables' cursors go
  for (const auto& name : engine_.table_names()) {
    auto table = engine_.find_table(name);
    if (!table || !table->ttl.enabled) continue;
    auto& cursor = kept[table->table_uuid];
    if (auto it = cursors_.find(table->table_uuid); it != cursors_.end())
      cursor = std::move(it->second);
    delete_expired_items_step(engine_.store(), *table, now, cursor, kItemsPerStep);
  }
  cursors_ = std::move(kept);
}

BackgroundSweeper::BackgroundSweeper(Context& context, int64_t interval_ms)
    : engine_(context), interval_ms_(interval_ms), thread_([this] { run(); }) {}

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
      sweep_step();
      trim_stream_records(engine_);
    } catch (const std::exception&) {
      // A failed sweep (e.g. a locked file) is retried at the next interval.
    }
    lock.lock();
  }
}

}  // namespace dynamini
