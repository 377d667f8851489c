#include "jobs/job_runner.h"

namespace dynamini {

JobRunner::~JobRunner() {
  std::deque<Job> dropped;
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
    dropped.swap(queue_);
  }
  cv_.notify_all();
  if (thread_.joinable()) thread_.join();
  for (auto& job : dropped) {
    if (job.on_dropped) job.on_dropped();
  }
}

void JobRunner::submit(std::function<void()> job, std::function<void()> on_dropped) {
  {
    std::lock_guard lock(mutex_);
    queue_.push_back({std::move(job), std::move(on_dropped)});
    if (threaded_ && !thread_.joinable()) thread_ = std::thread([this] { run(); });
  }
  cv_.notify_all();
}

bool JobRunner::stopping() const {
  std::lock_guard lock(mutex_);
  return stop_;
}

void JobRunner::wait_idle() {
  if (!threaded_) {
    run_pending();
    return;
  }
  std::unique_lock lock(mutex_);
  cv_.wait(lock, [&] { return stop_ || (queue_.empty() && !busy_); });
}

int64_t JobRunner::run_pending() {
  if (threaded_) return 0;
  int64_t ran = 0;
  while (true) {
    Job job;
    {
      std::lock_guard lock(mutex_);
      if (stop_ || queue_.empty()) return ran;
      job = std::move(queue_.front());
      queue_.pop_front();
    }
    job.run();  // a job catches its own errors and records them
    ++ran;
  }
}

void JobRunner::run() {
  std::unique_lock lock(mutex_);
  while (true) {
    cv_.wait(lock, [&] { return stop_ || !queue_.empty(); });
    if (stop_) return;
    Job job = std::move(queue_.front());
    queue_.pop_front();
    busy_ = true;
    lock.unlock();
    job.run();  // a job catches its own errors and records them
    lock.lock();
    busy_ = false;
    cv_.notify_all();
  }
}

}  // namespace dynamini
