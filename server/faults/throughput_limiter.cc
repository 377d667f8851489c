#include "faults/throughput_limiter.h"

#include <algorithm>

#include "dynamini/faults.h"

namespace dynamini::faults {
namespace {

constexpr double kPartitionReadUnits = 3000;
constexpr double kPartitionWriteUnits = 1000;

double units_of(const api::ConsumedCapacity& c, bool write) {
  if (write && c.write_capacity_units) return *c.write_capacity_units;
  if (!write && c.read_capacity_units) return *c.read_capacity_units;
  return c.capacity_units.value_or(0);
}

// ProvisionedThroughputExceededException with the ThrottlingReasons member
// DynamoDB adds to each throttling exception: a reason
// <ResourceType><OperationType><LimitType> and the table's ARN (Developer
// Guide, "Diagnosing throttling"; API reference, ThrottlingReason).
ApiError throttled(bool write, bool partition, const std::string& table_arn) {
  ApiError error = *fault_api_error(FaultError::kProvisionedThroughputExceeded);
  const std::string reason =
      std::string("Table") + (write ? "Write" : "Read") +
      (partition ? "KeyRangeThroughputExceeded" : "ProvisionedThroughputExceeded");
  error.extra_members_json =
      R"("ThrottlingReasons":[{"reason":")" + reason + R"(","resource":")" + table_arn + R"("}])";
  return error;
}

}  // namespace

std::optional<bool> reads_capacity(std::string_view operation) {
  for (std::string_view op : {"GetItem", "Query", "Scan", "BatchGetItem", "TransactGetItems"}) {
    if (operation == op) return true;
  }
  for (std::string_view op :
       {"PutItem", "UpdateItem", "DeleteItem", "BatchWriteItem", "TransactWriteItems"}) {
    if (operation == op) return false;
  }
  return std::nullopt;
}

ThroughputLimiter::ThroughputLimiter(int64_t burst_seconds, std::function<int64_t()> clock_ms)
    : burst_seconds_(std::max<int64_t>(burst_seconds, 1)),
      clock_ms_(clock_ms ? std::move(clock_ms) : steady_now_ms),
      tables_(clock_ms_) {}

ThroughputLimiter::Limits ThroughputLimiter::limits_of(Database& db, const std::string& table,
                                                       bool write) {
  const TableFacts facts = tables_.get(db, table);
  return Limits{.rate = write ? facts.write_rate : facts.read_rate, .table_arn = facts.table_arn};
}

ThroughputLimiter::Bucket& ThroughputLimiter::refilled(const std::string& key, double rate,
                                                       int64_t now) {
  Bucket& b = buckets_[key];
  const double capacity = rate * static_cast<double>(burst_seconds_);
  if (!b.started) {
    b = Bucket{capacity, now, true};
  } else {
    b.tokens = std::min(capacity, b.tokens + rate * static_cast<double>(now - b.last_ms) / 1000);
    b.last_ms = now;
  }
  return b;
}

std::vector<std::string> ThroughputLimiter::partitions(const CallTargets& targets,
                                                       const std::string& table) {
  std::vector<std::string> out;
  for (const auto& item : targets.items) {
    if (item.table == table && !item.partition_key.empty()) out.push_back(item.partition_key);
  }
  return out;
}

std::optional<ApiError> ThroughputLimiter::admit(Database& db, std::string_view operation,
                                                 const CallTargets& targets) {
  if (tables_.forget_if_redefined(operation, targets.tables)) return std::nullopt;
  const auto reads = reads_capacity(operation);
  if (!reads) return std::nullopt;
  const bool write = !*reads;
  const char* kind = write ? "\nW\n" : "\nR\n";
  for (const auto& table : targets.tables) {
    const Limits limits = limits_of(db, table, write);
    if (limits.rate <= 0) continue;
    std::lock_guard lock(mutex_);
    const int64_t now = clock_ms_();
    // The least a call costs: one write unit, half a read unit.
    const double least = write ? 1.0 : 0.5;
    if (refilled(table + kind, limits.rate, now).tokens < least) {
      return throttled(write, false, limits.table_arn);
    }
    const double partition_rate =
        std::min(limits.rate, write ? kPartitionWriteUnits : kPartitionReadUnits);
    for (const auto& partition : partitions(targets, table)) {
      if (refilled(table + kind + partition, partition_rate, now).tokens < least) {
        return throttled(write, true, limits.table_arn);
      }
    }
  }
  return std::nullopt;
}

void ThroughputLimiter::charge(Database& db, std::string_view operation, const CallTargets& targets,
                               const std::vector<api::ConsumedCapacity>& consumed) {
  if (tables_.forget_if_redefined(operation, targets.tables)) return;  // again, now that it ran
  const auto reads = reads_capacity(operation);
  if (!reads) return;
  const bool write = !*reads;
  const char* kind = write ? "\nW\n" : "\nR\n";
  for (const auto& c : consumed) {
    if (!c.table_name) continue;
    const Limits limits = limits_of(db, *c.table_name, write);
    if (limits.rate <= 0) continue;
    const double units = units_of(c, write);
    const auto keys = partitions(targets, *c.table_name);
    std::lock_guard lock(mutex_);
    const int64_t now = clock_ms_();
    refilled(*c.table_name + kind, limits.rate, now).tokens -= units;
    const double partition_rate =
        std::min(limits.rate, write ? kPartitionWriteUnits : kPartitionReadUnits);
    for (const auto& partition : keys) {
      refilled(*c.table_name + kind + partition, partition_rate, now).tokens -=
          units / static_cast<double>(keys.size());
    }
  }
}

}  // namespace dynamini::faults
