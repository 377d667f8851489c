#include "connection_deadline.h"

#include <algorithm>
#include <boost/asio/error.hpp>
#include <utility>

namespace dynamini::server {

ConnectionDeadline::ConnectionDeadline(Executor executor, Clock::duration recheck)
    : timer_(executor),
      recheck_(std::max<Clock::duration>(recheck, std::chrono::milliseconds(1))) {}

void ConnectionDeadline::watch(std::weak_ptr<void> owner, std::function<void()> on_expired) {
  owner_ = std::move(owner);
  on_expired_ = std::move(on_expired);
}

void ConnectionDeadline::set(Clock::duration timeout) {
  const auto now = Clock::now();
  deadline_ = now + timeout;
  // The timer fires at or before the deadline: later deadlines are reached
  // by re-arming when it fires (on_timer), earlier ones need a re-arm now.
  // Never armed further than `recheck` ahead, so a next phase's deadline
  // (at least `recheck` away) is not earlier than the armed time.
  if (!armed_ || deadline_ < timer_.expiry()) arm(std::min(deadline_, now + recheck_));
}

void ConnectionDeadline::arm(Clock::time_point at) {
  timer_.expires_at(at);  // a pending wait completes with operation_aborted
  armed_ = true;
  timer_.async_wait([this, owner = owner_](boost::system::error_code ec) {
    // Aborted: re-armed (the newer wait owns the timer) or destroyed.
    if (ec == boost::asio::error::operation_aborted) return;
    auto alive = owner.lock();
    if (!alive) return;
    on_timer();
  });
}

void ConnectionDeadline::on_timer() {
  const auto now = Clock::now();
  // A wait armed after this one completed is still pending: it carries on.
  const bool newer_pending = timer_.expiry() > now;
  if (now >= deadline_) {
    armed_ = newer_pending;
    deadline_ = Clock::time_point::max();
    on_expired_();
    return;
  }
  if (newer_pending) return;
  arm(std::min(deadline_, now + recheck_));
}

}  // namespace dynamini::server
