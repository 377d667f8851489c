#pragma once

// Deterministic faults: rules that make chosen API calls fail (or wait) on
// purpose, so code under test meets a TransactionConflict, a throttle or a
// 500 when the test says so. The server applies them to each API call once
// the database has read and checked the request and before it runs
// (ExecuteOptions::admit, with what the request names), so a faulted call
// writes nothing.
//
//   auto faults = std::make_shared<dynamini::FaultInjector>();
//   faults->add(dynamini::parse_fault_rule("op=TransactWriteItems,error=TransactionConflict,every=3"));
//   dynamini::Server server(*db, {.port = 0, .faults = faults});
//
// The compact syntax (the `--fault` flag and the admin API's "rule" member):
// comma-separated KEY=VALUE pairs, all optional but one of error/delay:
//   op=NAME          the operation (PutItem, TransactWriteItems, ...); any when absent
//   table=NAME       a table the call names (any item of a batch or transaction)
//   prefix=TEXT      the partition key value of the call's Key or Item (any item of
//                    a batch or transaction) starts with TEXT
//   every=N          only the Nth, 2Nth, ... call that matches the filters above
//   probability=P    each such call faults with probability P (0..1), drawn from a
//                    generator seeded with `seed` (default 0), so runs repeat
//   seed=N
//   times=N          fire at most N times, then stay in the list inert
//   error=NAME       TransactionConflict, ProvisionedThroughputExceeded,
//                    Throttling, RequestLimitExceeded or InternalServerError
//   delay=MS         wait MS milliseconds first (alone: the call then runs normally)
//   id=NAME          the rule's id (default: generated, "f1", "f2", ...)

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "dynamini/api_error.h"
#include "dynamini/call_targets.h"

namespace dynamini {

// What a matching call gets.
enum class FaultError {
  kNone,                           // only the delay
  kTransactionConflict,            // TransactionCanceledException / TransactionConflictException
  kProvisionedThroughputExceeded,  // ProvisionedThroughputExceededException (400)
  kThrottling,                     // ThrottlingException (400)
  kRequestLimitExceeded,           // RequestLimitExceeded (400)
  kInternalServerError,            // InternalServerError (500)
};

struct FaultRule {
  std::string id;            // empty: assigned by FaultInjector::add
  std::string operation;     // empty: any
  std::string table;         // empty: any
  std::string key_prefix;    // empty: any
  uint64_t every = 0;        // 0 or 1: every matching call
  double probability = 1.0;  // 1: always
  uint64_t seed = 0;
  int64_t times = -1;  // -1: no limit
  FaultError error = FaultError::kNone;
  int64_t delay_ms = 0;
};

// Parses the compact syntax above. Throws std::invalid_argument with a
// readable message.
FaultRule parse_fault_rule(std::string_view text);
// The same from KEY/VALUE pairs already split (the admin API's JSON members).
FaultRule fault_rule_from_pairs(const std::vector<std::pair<std::string, std::string>>& pairs);
// The rule in the compact syntax (what parse_fault_rule reads back).
std::string format_fault_rule(const FaultRule& rule);
// "TransactionConflict", ... for FaultError; nullopt for an unknown name.
std::optional<FaultError> fault_error_named(std::string_view name);
const char* fault_error_name(FaultError error);

// The error DynamoDB answers for `error`. A TransactionConflict in a
// transaction of `transaction_items` items (non-zero) is a
// TransactionCanceledException with one CancellationReasons entry per item:
// "TransactionConflict" at `conflict_index`, "None" elsewhere; outside a
// transaction it is a TransactionConflictException. kNone has no error.
std::optional<ApiError> fault_api_error(FaultError error, size_t transaction_items = 0,
                                        size_t conflict_index = 0);

// The rules of one server. Thread-safe.
class FaultInjector {
 public:
  struct Listed {
    FaultRule rule;
    uint64_t matched = 0;  // calls that matched op/table/prefix
    uint64_t fired = 0;    // calls faulted (or delayed)
  };

  FaultInjector();
  ~FaultInjector();
  FaultInjector(const FaultInjector&) = delete;
  FaultInjector& operator=(const FaultInjector&) = delete;

  // Adds a rule; returns its id. Throws std::invalid_argument for a rule
  // with neither error nor delay, or an id already in use.
  std::string add(FaultRule rule);
  bool remove(const std::string& id);
  void clear();
  std::vector<Listed> list() const;
  bool empty() const;

  // Applies the rules to one call (first matching rule that fires wins):
  // sleeps for its delay, then returns the error to answer, if any.
  // `targets`: what the call's request names (dynamini/call_targets.h).
  std::optional<ApiError> apply(std::string_view operation, const CallTargets& targets);

 private:
  struct Entry {
    FaultRule rule;
    uint64_t matched = 0;
    uint64_t fired = 0;
    std::mt19937_64 random;
  };
  mutable std::mutex mutex_;
  std::vector<std::shared_ptr<Entry>> entries_;
  uint64_t next_id_ = 1;
};

}  // namespace dynamini
