#pragma once

// Provisioned throughput, enforced (ServerOptions::enforce_throughput_burst_s,
// the --enforce-throughput flag): per table and per partition, a token bucket
// refilled at the table's ProvisionedThroughput (read units for reads, write
// units for writes) that holds up to `burst_seconds` of unused capacity
// (DynamoDB keeps up to 300 s: Developer Guide, "Burst capacity"). A call
// whose table or partition bucket holds less than the least a call costs
// (one write unit, half a read unit) is answered
// ProvisionedThroughputExceededException before it runs, so it writes
// nothing (its ThrottlingReasons say Table{Read,Write}ProvisionedThroughputExceeded
// for the table's bucket, Table{Read,Write}KeyRangeThroughputExceeded for a
// partition's); a call that runs is charged what it consumed afterwards (buckets
// may go below zero, as one large item can cost more than is left). A
// partition's rate is the table's, at most 3,000 read and 1,000 write units
// per second (Developer Guide, "Partitions and data distribution"). Tables
// in PAY_PER_REQUEST mode are not limited. A table's rates come from
// TableFactsCache (kept for a second; a CreateTable, UpdateTable or
// DeleteTable through the server forgets them at once). Partitions are known for calls
// that name keys (single-item calls, batches, transactions), not for Query
// or Scan, which count against the table only.

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dynamini/call_targets.h"
#include "dynamini/database.h"
#include "faults/table_facts.h"

namespace dynamini::faults {

class ThroughputLimiter {
 public:
  // `clock_ms` default: the steady clock.
  explicit ThroughputLimiter(int64_t burst_seconds, std::function<int64_t()> clock_ms = {});

  // The error for a call that may not run now.
  // `targets`: what the call's request names (dynamini/call_targets.h).
  std::optional<ApiError> admit(Database& db, std::string_view operation,
                                const CallTargets& targets);
  // Charges what a call that ran consumed.
  void charge(Database& db, std::string_view operation, const CallTargets& targets,
              const std::vector<api::ConsumedCapacity>& consumed);

 private:
  struct Bucket {
    double tokens = 0;
    int64_t last_ms = 0;
    bool started = false;
  };
  struct Limits {
    double rate = 0;  // units per second; 0: not limited
    std::string table_arn;
  };
  Limits limits_of(Database& db, const std::string& table, bool write);
  Bucket& refilled(const std::string& key, double rate, int64_t now);
  // The partition key values of `table`'s items among `targets`.
  static std::vector<std::string> partitions(const CallTargets& targets, const std::string& table);

  int64_t burst_seconds_;
  std::function<int64_t()> clock_ms_;
  std::mutex mutex_;
  std::map<std::string, Bucket> buckets_;
  TableFactsCache tables_;
};

// Whether an operation reads (true) or writes (false); nullopt when it
// consumes no capacity.
std::optional<bool> reads_capacity(std::string_view operation);

}  // namespace dynamini::faults
