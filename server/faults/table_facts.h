#pragma once

// What the throughput limiter needs to know of a table (its ARN and
// provisioned rates), read from DescribeTable and
// kept for a second: describing the table on every call cost several times
// the call itself (tools/bench/callgrind_http.py). A CreateTable,
// UpdateTable or DeleteTable through the server forgets the table at once;
// a change made behind the server's back (the C++ API) shows within a second.

#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "dynamini/database.h"

namespace dynamini::faults {

struct TableFacts {
  std::string table_arn;  // empty: no such table
  double read_rate = 0;   // provisioned units per second; 0: on demand (not limited)
  double write_rate = 0;
};

class TableFactsCache {
 public:
  static constexpr int64_t kTtlMs = 1000;

  // `clock_ms` default: the steady clock.
  explicit TableFactsCache(std::function<int64_t()> clock_ms = {});

  TableFacts get(Database& db, const std::string& table);
  // For CreateTable, UpdateTable and DeleteTable: forgets `tables` and
  // returns true; false for any other operation.
  bool forget_if_redefined(std::string_view operation, const std::vector<std::string>& tables);

 private:
  struct Entry {
    TableFacts facts;
    int64_t fetched_ms = 0;
  };
  std::function<int64_t()> clock_ms_;
  std::mutex mutex_;
  std::map<std::string, Entry> entries_;
};

// The steady clock in milliseconds.
int64_t steady_now_ms();

}  // namespace dynamini::faults
