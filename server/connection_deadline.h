#pragma once

// One connection's deadline: a single timer that closes the connection when
// the current deadline passes, cheap to move later.
//
// Contract: after set(d) at time t, on_expired runs no earlier than t + d
// and, once t + d has passed, as soon as the executor runs it (as with a
// timer armed for t + d), unless set() moved the deadline again before that.
// Moving a deadline later costs no timer operation: the timer is armed at
// most `recheck` ahead and, when it fires before the deadline, re-armed
// towards it. Moving it earlier than the armed time re-arms at once. So a
// connection whose phases all last at least `recheck` costs one timer wake-up
// per `recheck` instead of a cancel and re-arm per phase.
//
// Not thread-safe: set() and the expiry callback run on the connection's
// executor (one thread).

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <chrono>
#include <functional>
#include <memory>

namespace dynamini::server {

class ConnectionDeadline {
 public:
  using Executor = boost::asio::io_context::executor_type;
  using Clock = std::chrono::steady_clock;

  // `recheck`: the longest the timer is armed ahead (at least 1 ms is used).
  ConnectionDeadline(Executor executor, Clock::duration recheck);

  // Starts watching. `on_expired` is called on the executor when a deadline
  // passes, unless `owner` is gone by then (so the pending wait does not keep
  // the connection alive). Call once, before set().
  void watch(std::weak_ptr<void> owner, std::function<void()> on_expired);

  // The deadline is now + `timeout`.
  void set(Clock::duration timeout);

 private:
  void arm(Clock::time_point at);
  void on_timer();

  boost::asio::basic_waitable_timer<Clock, boost::asio::wait_traits<Clock>, Executor> timer_;
  const Clock::duration recheck_;
  Clock::time_point deadline_ = Clock::time_point::max();
  bool armed_ = false;  // a wait is pending on timer_ (or its handler is queued)
  std::weak_ptr<void> owner_;
  std::function<void()> on_expired_;
};

}  // namespace dynamini::server
