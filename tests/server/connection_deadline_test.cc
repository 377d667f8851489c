// ConnectionDeadline: the per-connection timer behind the session's read,
// header, body and write bounds. It re-arms lazily, so these guard that a
// deadline moved later is not enforced early and one moved earlier is not
// enforced late.

#include "connection_deadline.h"

#include <doctest/doctest.h>

#include <boost/asio/io_context.hpp>
#include <chrono>
#include <memory>

namespace dynamini {
namespace {

using server::ConnectionDeadline;
using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// Runs `io` until the deadline fires; returns when it fired, from `start`.
struct Watch {
  boost::asio::io_context io{1};
  std::shared_ptr<int> owner = std::make_shared<int>(0);
  Clock::time_point start = Clock::now();
  Clock::time_point fired{};
  int count = 0;

  std::unique_ptr<ConnectionDeadline> make(milliseconds recheck) {
    auto deadline = std::make_unique<ConnectionDeadline>(io.get_executor(), recheck);
    deadline->watch(owner, [this] {
      fired = Clock::now();
      ++count;
      io.stop();
    });
    return deadline;
  }
  milliseconds elapsed() const { return std::chrono::duration_cast<milliseconds>(fired - start); }
};

TEST_CASE("ConnectionDeadline: fires once the deadline passes") {
  Watch w;
  auto deadline = w.make(milliseconds(50));
  deadline->set(milliseconds(200));  // armed 50 ms ahead, re-armed towards 200
  w.io.run_for(std::chrono::seconds(5));
  CHECK(w.count == 1);
  CHECK(w.elapsed() >= milliseconds(200));
  CHECK(w.elapsed() < milliseconds(1500));
}

TEST_CASE("ConnectionDeadline: a deadline moved later is not enforced at the earlier time") {
  Watch w;
  auto deadline = w.make(milliseconds(1000));
  deadline->set(milliseconds(50));
  deadline->set(milliseconds(400));
  w.io.run_for(std::chrono::seconds(5));
  CHECK(w.count == 1);
  CHECK(w.elapsed() >= milliseconds(400));
}

TEST_CASE("ConnectionDeadline: a deadline moved earlier is enforced at the earlier time") {
  Watch w;
  auto deadline = w.make(milliseconds(1000));
  deadline->set(milliseconds(3000));
  deadline->set(milliseconds(100));
  w.io.run_for(std::chrono::seconds(5));
  CHECK(w.count == 1);
  CHECK(w.elapsed() >= milliseconds(100));
  CHECK(w.elapsed() < milliseconds(1000));
}

TEST_CASE("ConnectionDeadline: nothing fires once the owner is gone") {
  Watch w;
  auto deadline = w.make(milliseconds(10));
  deadline->set(milliseconds(50));
  w.owner.reset();
  w.io.run_for(milliseconds(300));
  CHECK(w.count == 0);
}

}  // namespace
}  // namespace dynamini
