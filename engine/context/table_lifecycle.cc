#include "context/table_lifecycle.h"

namespace dynamini {
namespace {

// Drops the entry for `name` once its window has ended; true while it lasts.
template <class Map, class Until>
bool lasts(Map& map, const std::string& name, int64_t now_ms, Until until) {
  auto it = map.find(name);
  if (it == map.end()) return false;
  if (now_ms < until(it->second)) return true;
  map.erase(it);
  return false;
}

}  // namespace

void TableLifecycle::creating(const std::string& name, int64_t until_ms) {
  deleting_.erase(name);
  creating_[name] = until_ms;
}

void TableLifecycle::updating(const std::string& name, int64_t until_ms,
                              const std::optional<std::string>& index) {
  updating_[name] = Update{until_ms, index};
}

void TableLifecycle::deleting(const std::string& name, Deleting deleting) {
  creating_.erase(name);
  updating_.erase(name);
  deleting_[name] = std::move(deleting);
}

TableLifecycle::Status TableLifecycle::status(const std::string& name, int64_t now_ms) {
  if (lasts(creating_, name, now_ms, [](int64_t until) { return until; })) return Status::kCreating;
  if (lasts(updating_, name, now_ms, [](const Update& u) { return u.until_ms; })) {
    return Status::kUpdating;
  }
  return Status::kActive;
}

bool TableLifecycle::index_creating(const std::string& name, const std::string& index,
                                    int64_t now_ms) {
  if (!lasts(updating_, name, now_ms, [](const Update& u) { return u.until_ms; })) return false;
  return updating_[name].index == index;
}

const TableLifecycle::Deleting* TableLifecycle::deleted(const std::string& name, int64_t now_ms) {
  if (!lasts(deleting_, name, now_ms, [](const Deleting& d) { return d.until_ms; })) return nullptr;
  return &deleting_.at(name);
}

std::vector<std::string> TableLifecycle::deleting_names(int64_t now_ms) {
  std::vector<std::string> names;
  for (auto it = deleting_.begin(); it != deleting_.end();) {
    if (now_ms < it->second.until_ms) {
      names.push_back(it->first);
      ++it;
    } else {
      it = deleting_.erase(it);
    }
  }
  return names;
}

void TableLifecycle::clear() {
  creating_.clear();
  updating_.clear();
  deleting_.clear();
}

}  // namespace dynamini
