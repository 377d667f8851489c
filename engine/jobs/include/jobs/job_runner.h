#pragma once

// Background jobs (exports and imports) on one worker thread, in the order
// they were submitted. A job does its work in chunks, taking the storage lock
// for each, so client requests interleave with it; between chunks it asks
// stopping() and, when the database is closing, records itself as cut short
// and returns.
//
// Without a thread (Options::background_work = kHostDriven) jobs wait in the
// queue until run_pending() or wait_idle() runs them on the calling thread.
//
// Thread safety: submit(), stopping(), wait_idle() and run_pending() may be
// called from any thread.

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>

namespace dynamini {

class JobRunner {
 public:
  // `threaded`: jobs run on a worker thread started by the first submit();
  // false: only run_pending() and wait_idle() run them.
  explicit JobRunner(bool threaded = true) : threaded_(threaded) {}
  // Stops: the running job sees stopping() at its next chunk; queued jobs do
  // not start, their `on_dropped` runs instead. Joins the thread.
  ~JobRunner();
  JobRunner(const JobRunner&) = delete;
  JobRunner& operator=(const JobRunner&) = delete;

  // Runs `job` after the jobs submitted before it. `on_dropped` runs instead
  // when the runner stops first (on the stopping thread).
  void submit(std::function<void()> job, std::function<void()> on_dropped);
  bool stopping() const;
  // Returns once every job submitted so far has finished (not threaded:
  // runs them).
  void wait_idle();
  // Not threaded: runs every job submitted so far, in order, on the calling
  // thread; returns how many ran. Threaded: does nothing and returns 0.
  int64_t run_pending();

 private:
  void run();

  struct Job {
    std::function<void()> run, on_dropped;
  };
  mutable std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<Job> queue_;
  const bool threaded_;
  bool busy_ = false;
  bool stop_ = false;
  std::thread thread_;  // started by the first submit()
};

}  // namespace dynamini
