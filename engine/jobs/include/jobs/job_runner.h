#pragma once

// Background jobs (exports and imports) on one worker thread, in the order
// they were submitted. A job does its work in chunks, taking the storage lock
// for each, so client requests interleave with it; between chunks it asks
// stopping() and, when the database is closing, records itself as cut short
// and returns.
//
// Thread safety: submit(), stopping() and wait_idle() may be called from any
// thread.

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

namespace dynamini {

class JobRunner {
 public:
  JobRunner() = default;
  // Stops: the running job sees stopping() at its next chunk; queued jobs do
  // not start, their `on_dropped` runs instead. Joins the thread.
  ~JobRunner();
  JobRunner(const JobRunner&) = delete;
  JobRunner& operator=(const JobRunner&) = delete;

  // Runs `job` after the jobs submitted before it. `on_dropped` runs instead
  // when the runner stops first (on the stopping thread).
  void submit(std::function<void()> job, std::function<void()> on_dropped);
  bool stopping() const;
  // Returns once every job submitted so far has finished.
  void wait_idle();

 private:
  void run();

  struct Job {
    std::function<void()> run, on_dropped;
  };
  mutable std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<Job> queue_;
  bool busy_ = false;
  bool stop_ = false;
  std::thread thread_;  // started by the first submit()
};

}  // namespace dynamini
