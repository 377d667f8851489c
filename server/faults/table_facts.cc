#include "faults/table_facts.h"

#include <chrono>
#include <optional>

namespace dynamini::faults {
namespace {

TableFacts describe(Database& db, const std::string& table) {
  DescribeTableRequest request;
  request.table_name = table;
  auto described = db.describe_table(request);
  TableFacts facts;
  if (!described.ok() || !described->table) return facts;
  const auto& t = *described->table;
  facts.table_arn = t.table_arn.value_or("");
  const bool on_demand = t.billing_mode_summary && is_value(t.billing_mode_summary->billing_mode,
                                                            api::BillingMode::kPayPerRequest);
  if (on_demand || !t.provisioned_throughput) return facts;
  const auto& p = *t.provisioned_throughput;
  facts.read_rate = static_cast<double>(p.read_capacity_units.value_or(0));
  facts.write_rate = static_cast<double>(p.write_capacity_units.value_or(0));
  return facts;
}

}  // namespace

int64_t steady_now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

TableFactsCache::TableFactsCache(std::function<int64_t()> clock_ms)
    : clock_ms_(clock_ms ? std::move(clock_ms) : steady_now_ms) {}

TableFacts TableFactsCache::get(Database& db, const std::string& table) {
  {
    std::lock_guard lock(mutex_);
    auto it = entries_.find(table);
    if (it != entries_.end() && clock_ms_() - it->second.fetched_ms < kTtlMs) {
      return it->second.facts;
    }
  }
  TableFacts facts = describe(db, table);  // outside the lock: it reads the database
  std::lock_guard lock(mutex_);
  entries_[table] = Entry{facts, clock_ms_()};
  return facts;
}

bool TableFactsCache::forget_if_redefined(std::string_view operation,
                                          const std::vector<std::string>& tables) {
  if (operation != "CreateTable" && operation != "UpdateTable" && operation != "DeleteTable") {
    return false;
  }
  std::lock_guard lock(mutex_);
  for (const auto& table : tables) entries_.erase(table);
  return true;
}

}  // namespace dynamini::faults
