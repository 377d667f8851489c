#pragma once

// The request reviewer: given one API call and what it read and wrote
// (dynamini/call_facts.h), says in one line what a reviewer of a DynamoDB
// design would, and which note explains it (model/review_notes.h):
//   review-item-size            an item written near the 400 KB item limit
//   review-hot-partition        one partition key taking most of the recent writes
//                               (and at least 10 a second), against a partition's
//                               1,000 WCU / 3,000 RCU a second
//   review-scan                 a Scan: N items read to return M
//   review-filter               a Query whose filter discarded most of what it read
//   review-get-item             a Query naming one whole primary key
//   review-projection           an index write costing more than KEYS_ONLY would
//   review-unbounded-collection a partition key that only gains items
// At most one line a call, in that order of importance. The `dynamini`
// command installs it as the server's request annotator, so every call from
// any client gets its line in the console's request log and in
// --log-requests. It lives in model/, the teaching layer: the rules and their
// notes are DynamoDB design advice, as the models' notes are; the engine only
// reports facts and the server only carries the line.

#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>

#include "dynamini/call_facts.h"

namespace dynamini::model {

struct ReviewedCall {
  std::string_view operation;  // "Query"
  bool ok = true;              // false: refused (nothing to review)
  const CallFacts* facts = nullptr;
};

struct Advice {
  std::string rule;  // "review-scan": also the id of the note that explains it
  std::string text;  // the line
};

struct AdvisorOptions {
  // A filter "discarded most" when it threw away more than this share of at
  // least `filter_min_read` items read.
  double filter_discard_share = 0.5;
  int64_t filter_min_read = 4;
  // Hot partition: among the last `hot_window` writes (of the last
  // `hot_window_ms`), at least `hot_min_writes`, one partition key taking
  // `hot_share` of them, and at least `hot_per_second` of them in the last
  // second (sustained load, not one person clicking).
  size_t hot_window = 100;
  size_t hot_min_writes = 20;
  double hot_share = 0.5;
  int64_t hot_window_ms = 60000;
  size_t hot_per_second = 10;
  // An item this large is near the 400 KB limit.
  int64_t large_item_bytes = 300 * 1024;
  // A partition key that gained this many items, none removed, is growing
  // without bound (said again at twice as many, and so on).
  int64_t collection_growth = 1000;
  // Milliseconds; default: a steady clock.
  std::function<int64_t()> clock_ms = {};
};

class Advisor {
 public:
  explicit Advisor(AdvisorOptions options = {});

  // Reviews `call` and remembers its writes: hot partitions and growing
  // collections are about the calls before it too. Thread-safe.
  std::optional<Advice> review(const ReviewedCall& call);

  // The same rules without remembering the call (for a call the log has
  // already reviewed, shown again). Thread-safe.
  std::optional<Advice> review_again(const ReviewedCall& call) const;

 private:
  struct RecentWrite {
    int64_t at_ms;
    std::string partition;  // table + '\0' + partition key value
    double units;
  };
  struct Collection {
    int64_t created = 0;
    int64_t removed = 0;
    int64_t next_report = 0;
  };

  void remember(const CallFacts& facts, int64_t now);
  void forget_oldest();
  std::optional<Advice> hot_partition(const CallFacts& facts, int64_t now) const;
  std::optional<Advice> growing_collection(const CallFacts& facts);
  int64_t now() const;

  AdvisorOptions options_;
  mutable std::mutex mu_;
  std::deque<RecentWrite> recent_;
  // How many of recent_'s writes went to each partition, so a write to a
  // partition far below the hot share is ruled out without a scan.
  std::unordered_map<std::string, size_t> recent_counts_;
  std::map<std::string, Collection> collections_;
};

}  // namespace dynamini::model
