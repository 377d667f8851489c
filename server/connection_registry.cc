#include "connection_registry.h"

#include <vector>

namespace dynamini::server {

bool ConnectionRegistry::add(const std::shared_ptr<Session>& session) {
  std::lock_guard lock(mutex_);
  if (shutting_down_ || sessions_.size() >= max_) return false;
  sessions_.emplace(session.get(), session);
  return true;
}

void ConnectionRegistry::remove(const Session* session) {
  std::lock_guard lock(mutex_);
  if (sessions_.erase(session) != 0 && sessions_.empty()) empty_.notify_all();
}

void ConnectionRegistry::begin_shutdown(
    const std::function<void(const std::shared_ptr<Session>&)>& ask) {
  std::vector<std::shared_ptr<Session>> live;
  {
    std::lock_guard lock(mutex_);
    shutting_down_ = true;
    for (const auto& [key, weak] : sessions_) {
      if (auto session = weak.lock()) live.push_back(std::move(session));
    }
  }
  for (const auto& session : live) ask(session);
}

bool ConnectionRegistry::wait_empty(std::chrono::steady_clock::time_point deadline) {
  std::unique_lock lock(mutex_);
  return empty_.wait_until(lock, deadline, [this] { return sessions_.empty(); });
}

size_t ConnectionRegistry::size() const {
  std::lock_guard lock(mutex_);
  return sessions_.size();
}

}  // namespace dynamini::server
