#pragma once

// The server's open connections: enforces ServerOptions::max_connections
// and lets Server::shutdown() ask every connection to finish and wait for
// them to be gone.

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <unordered_map>

namespace dynamini::server {

class Session;

class ConnectionRegistry {
 public:
  explicit ConnectionRegistry(size_t max_connections) : max_(max_connections) {}

  // Registers `session`; false (and nothing registered) when the limit is
  // reached or the server is shutting down.
  bool add(const std::shared_ptr<Session>& session);
  // Called by a session's destructor.
  void remove(const Session* session);

  // From now on add() refuses; calls `ask` with every registered session
  // (outside the lock).
  void begin_shutdown(const std::function<void(const std::shared_ptr<Session>&)>& ask);
  // Waits until no session is registered or `deadline`; true when none is.
  bool wait_empty(std::chrono::steady_clock::time_point deadline);

  size_t size() const;

 private:
  const size_t max_;
  mutable std::mutex mutex_;
  std::condition_variable empty_;
  bool shutting_down_ = false;
  std::unordered_map<const Session*, std::weak_ptr<Session>> sessions_;
};

}  // namespace dynamini::server
