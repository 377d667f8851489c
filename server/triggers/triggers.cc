// Triggers (dynamini/triggers.h): the set of running triggers.

#include "dynamini/triggers.h"

#include <boost/uuid/random_generator.hpp>
#include <boost/uuid/uuid_io.hpp>
#include <map>
#include <mutex>
#include <stdexcept>

#include "triggers/checkpoint_store.h"
#include "triggers/trigger_runner.h"

namespace dynamini {

struct Triggers::Impl {
  explicit Impl(Database& database) : db(database) {}
  Database& db;
  std::unique_ptr<triggers::CheckpointStore> store;
  mutable std::mutex mutex;
  std::map<std::string, std::unique_ptr<triggers::TriggerRunner>> runners;  // by id
};

Triggers::Triggers(Database& db, TriggersOptions options) : impl_(std::make_unique<Impl>(db)) {
  if (!options.state_file.empty()) {
    impl_->store = std::make_unique<triggers::CheckpointStore>(options.state_file);
  }
}

Triggers::~Triggers() {
  std::map<std::string, std::unique_ptr<triggers::TriggerRunner>> runners;
  {
    std::lock_guard lock(impl_->mutex);
    runners.swap(impl_->runners);
  }
  runners.clear();  // each stops and joins
}

std::string Triggers::add(TriggerConfig config) {
  if (config.id.empty()) config.id = boost::uuids::to_string(boost::uuids::random_generator()());
  {
    std::lock_guard lock(impl_->mutex);
    if (impl_->runners.count(config.id)) {
      throw std::invalid_argument("trigger: UUID " + config.id + " is in use");
    }
  }
  const std::string id = config.id;
  auto runner =
      std::make_unique<triggers::TriggerRunner>(impl_->db, std::move(config), impl_->store.get());
  std::lock_guard lock(impl_->mutex);
  impl_->runners.emplace(id, std::move(runner));
  return id;
}

bool Triggers::remove(const std::string& id) {
  std::unique_ptr<triggers::TriggerRunner> runner;
  {
    std::lock_guard lock(impl_->mutex);
    auto it = impl_->runners.find(id);
    if (it == impl_->runners.end()) return false;
    runner = std::move(it->second);
    impl_->runners.erase(it);
  }
  return true;  // `runner` stops here, outside the lock
}

std::vector<TriggerStatus> Triggers::list() const {
  std::lock_guard lock(impl_->mutex);
  std::vector<TriggerStatus> out;
  for (const auto& [id, runner] : impl_->runners) out.push_back(runner->status());
  return out;
}

}  // namespace dynamini
