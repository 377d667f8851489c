// FaultInjector (dynamini/faults.h): which rule fires for a call.

#include <chrono>
#include <stdexcept>
#include <thread>

#include "dynamini/faults.h"

namespace dynamini {
namespace {

struct Match {
  bool matched = false;
  size_t item_index = 0;  // the first item that matched (transactions: the conflicting one)
};

// Whether `rule` names this call: its operation, a table it names and a key
// whose partition key value has the prefix (in an item of that table when
// both are given).
Match match(const FaultRule& rule, std::string_view operation, const CallTargets& targets) {
  if (!rule.operation.empty() && rule.operation != operation) return {};
  if (rule.key_prefix.empty()) {
    if (rule.table.empty()) return {true, 0};
    for (size_t i = 0; i < targets.items.size(); ++i) {
      if (targets.items[i].table == rule.table) return {true, i};
    }
    for (const auto& table : targets.tables) {
      if (table == rule.table) return {true, 0};
    }
    return {};
  }
  for (size_t i = 0; i < targets.items.size(); ++i) {
    const CallTargets::Item& item = targets.items[i];
    if (!rule.table.empty() && rule.table != item.table) continue;
    if (!item.partition_key.empty() && item.partition_key.starts_with(rule.key_prefix)) {
      return {true, i};
    }
  }
  return {};
}

}  // namespace

FaultInjector::FaultInjector() = default;
FaultInjector::~FaultInjector() = default;

std::string FaultInjector::add(FaultRule rule) {
  if (rule.error == FaultError::kNone && rule.delay_ms <= 0) {
    throw std::invalid_argument("fault rule: needs error=NAME or delay=MS");
  }
  std::lock_guard lock(mutex_);
  if (rule.id.empty()) {
    rule.id = "f" + std::to_string(next_id_++);
  }
  for (const auto& e : entries_) {
    if (e->rule.id == rule.id) {
      throw std::invalid_argument("fault rule: id '" + rule.id + "' is in use");
    }
  }
  auto entry = std::make_shared<Entry>();
  entry->random.seed(rule.seed);
  entry->rule = std::move(rule);
  entries_.push_back(entry);
  return entry->rule.id;
}

bool FaultInjector::remove(const std::string& id) {
  std::lock_guard lock(mutex_);
  return std::erase_if(entries_, [&](const auto& e) { return e->rule.id == id; }) > 0;
}

void FaultInjector::clear() {
  std::lock_guard lock(mutex_);
  entries_.clear();
}

bool FaultInjector::empty() const {
  std::lock_guard lock(mutex_);
  return entries_.empty();
}

std::vector<FaultInjector::Listed> FaultInjector::list() const {
  std::lock_guard lock(mutex_);
  std::vector<Listed> out;
  for (const auto& e : entries_) out.push_back({e->rule, e->matched, e->fired});
  return out;
}

std::optional<ApiError> FaultInjector::apply(std::string_view operation,
                                             const CallTargets& targets) {
  FaultRule fired;
  size_t item_index = 0;
  bool any = false;
  {
    // Counting and drawing under one lock keeps `every` and the seeded
    // sequence exact when calls arrive concurrently.
    std::lock_guard lock(mutex_);
    for (const auto& e : entries_) {
      if (e->rule.times >= 0 && static_cast<int64_t>(e->fired) >= e->rule.times) continue;
      const Match m = match(e->rule, operation, targets);
      if (!m.matched) continue;
      ++e->matched;
      if (e->rule.every > 1 && e->matched % e->rule.every != 0) continue;
      if (e->rule.probability < 1) {
        const double draw = std::uniform_real_distribution<double>(0, 1)(e->random);
        if (draw >= e->rule.probability) continue;
      }
      ++e->fired;
      fired = e->rule;
      item_index = m.item_index;
      any = true;
      break;
    }
  }
  if (!any) return std::nullopt;
  if (fired.delay_ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(fired.delay_ms));
  return fault_api_error(fired.error, targets.transaction ? targets.transaction_items : 0,
                         item_index);
}

}  // namespace dynamini
