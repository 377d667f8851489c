#include "model/advisor.h"

#include <chrono>
#include <cmath>
#include <cstdio>

namespace dynamini::model {
namespace {

// A partition's throughput limits (Developer Guide, "Best practices for
// designing and using partition keys effectively": up to 3,000 RCU and 1,000
// WCU per second per partition).
constexpr int kPartitionWcu = 1000;
constexpr int kPartitionRcu = 3000;
// Keeps the collections map bounded in a long session.
constexpr size_t kMaxCollections = 100000;

std::string number(double value) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", value);
  return buf;
}

std::string percent(double share) { return std::to_string(std::lround(share * 100)) + "%"; }

std::string partition_id(const std::string& table, const std::string& key) {
  return table + '\0' + key;
}

std::optional<Advice> large_item(const CallFacts& facts, const AdvisorOptions& o) {
  for (const CallFacts::Write& w : facts.writes) {
    if (w.removed || w.item_bytes < o.large_item_bytes) continue;
    return Advice{"review-item-size",
                  "item " + w.key + " in " + w.table + " is " +
                      number(std::round(w.item_bytes / 102.4) / 10) +
                      " KB, near DynamoDB's 400 KB item limit; every read and write of it is "
                      "charged by that size"};
  }
  return std::nullopt;
}

std::optional<Advice> scan(std::string_view operation, const CallFacts& facts) {
  for (const CallFacts::Page& p : facts.pages) {
    if (p.query) continue;
    const std::string what = operation == "Scan" ? "Scan"
                             : operation.empty() ? "read"
                                                 : std::string(operation) + " (a scan)";
    return Advice{"review-scan",
                  what + " read " + std::to_string(p.evaluated) + " item(s) of " + p.table +
                      (p.index.empty() ? "" : " index " + p.index) + " to return " +
                      std::to_string(p.returned) +
                      ": a Scan reads the whole table; a Query of a key or an index reads only "
                      "what it returns"};
  }
  return std::nullopt;
}

std::optional<Advice> filter(const CallFacts& facts, const AdvisorOptions& o) {
  for (const CallFacts::Page& p : facts.pages) {
    if (!p.query || !p.filtered || p.evaluated < o.filter_min_read) continue;
    const int64_t discarded = p.evaluated - p.returned;
    const double share = static_cast<double>(discarded) / static_cast<double>(p.evaluated);
    if (share <= o.filter_discard_share) continue;
    return Advice{"review-filter",
                  "the filter discarded " + std::to_string(discarded) + " of " +
                      std::to_string(p.evaluated) + " items read (" + percent(share) +
                      "): they were read and paid for; a key or a sparse index would read only "
                      "the " +
                      std::to_string(p.returned) + " wanted"};
  }
  return std::nullopt;
}

std::optional<Advice> get_item(const CallFacts& facts) {
  for (const CallFacts::Page& p : facts.pages) {
    if (!p.query || !p.single_item) continue;
    return Advice{"review-get-item",
                  "this Query names one item of " + p.table +
                      " by its whole primary key: GetItem reads it for the same cost, and "
                      "BatchGetItem reads up to 100 such items in one request"};
  }
  return std::nullopt;
}

std::optional<Advice> projection(const CallFacts& facts) {
  for (const CallFacts::Write& w : facts.writes) {
    for (const CallFacts::IndexWrite& i : w.indexes) {
      if (i.projection == "KEYS_ONLY" || i.units <= i.keys_only_units) continue;
      return Advice{"review-projection",
                    i.index + " projects " + i.projection + ": this write cost " + number(i.units) +
                        " WCU in " + i.index + " where KEYS_ONLY would cost " +
                        number(i.keys_only_units) + "; project only what the index's reads need"};
    }
  }
  return std::nullopt;
}

}  // namespace

Advisor::Advisor(AdvisorOptions options) : options_(std::move(options)) {}

int64_t Advisor::now() const {
  if (options_.clock_ms) return options_.clock_ms();
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

void Advisor::remember(const CallFacts& facts, int64_t at) {
  for (const CallFacts::Write& w : facts.writes) {
    RecentWrite& r =
        recent_.emplace_back(RecentWrite{at, partition_id(w.table, w.partition_key), w.units});
    ++recent_counts_[r.partition];
  }
  while (recent_.size() > options_.hot_window) forget_oldest();
  while (!recent_.empty() && recent_.front().at_ms < at - options_.hot_window_ms) {
    forget_oldest();
  }
}

void Advisor::forget_oldest() {
  auto it = recent_counts_.find(recent_.front().partition);
  if (--it->second == 0) recent_counts_.erase(it);
  recent_.pop_front();
}

std::optional<Advice> Advisor::hot_partition(const CallFacts& facts, int64_t at) const {
  if (recent_.size() < options_.hot_min_writes) return std::nullopt;
  for (const CallFacts::Write& w : facts.writes) {
    const std::string id = partition_id(w.table, w.partition_key);
    auto counted = recent_counts_.find(id);
    const size_t count = counted == recent_counts_.end() ? 0 : counted->second;
    const double share = static_cast<double>(count) / static_cast<double>(recent_.size());
    if (share < options_.hot_share) continue;
    size_t in_last_second = 0;
    double last_second = 0;
    for (const RecentWrite& r : recent_) {
      if (r.at_ms <= at - 1000 || r.partition != id) continue;
      ++in_last_second;
      last_second += r.units;
    }
    if (in_last_second < options_.hot_per_second) continue;
    return Advice{"review-hot-partition",
                  "hot partition: " + std::to_string(count) + " of the last " +
                      std::to_string(recent_.size()) + " writes (" + percent(share) + ") went to " +
                      w.table + " partition key " + w.partition_key + ", " + number(last_second) +
                      " WCU in the last second; one partition takes at most " +
                      std::to_string(kPartitionWcu) + " WCU and " + std::to_string(kPartitionRcu) +
                      " RCU per second"};
  }
  return std::nullopt;
}

std::optional<Advice> Advisor::growing_collection(const CallFacts& facts) {
  if (collections_.size() > kMaxCollections) collections_.clear();
  std::optional<Advice> out;
  for (const CallFacts::Write& w : facts.writes) {
    if (!w.created && !w.removed) continue;
    Collection& c = collections_[partition_id(w.table, w.partition_key)];
    (w.created ? c.created : c.removed) += 1;
    if (c.next_report == 0) c.next_report = options_.collection_growth;
    if (c.removed > 0 || c.created < c.next_report || out) continue;
    c.next_report *= 2;
    out = Advice{"review-unbounded-collection",
                 "the collection " + w.partition_key + " of " + w.table + " gained " +
                     std::to_string(c.created) +
                     " items and lost none: a collection that only grows needs a bound (TTL, "
                     "archiving, or a time bucket in its key)"};
  }
  return out;
}

std::optional<Advice> Advisor::review(const ReviewedCall& call) {
  if (!call.ok || call.facts == nullptr) return std::nullopt;
  std::lock_guard lock(mu_);
  const int64_t at = now();
  remember(*call.facts, at);
  std::optional<Advice> growing = growing_collection(*call.facts);
  if (auto a = large_item(*call.facts, options_)) return a;
  if (auto a = hot_partition(*call.facts, at)) return a;
  if (auto a = scan(call.operation, *call.facts)) return a;
  if (auto a = filter(*call.facts, options_)) return a;
  if (auto a = get_item(*call.facts)) return a;
  if (auto a = projection(*call.facts)) return a;
  return growing;
}

std::optional<Advice> Advisor::review_again(const ReviewedCall& call) const {
  if (!call.ok || call.facts == nullptr) return std::nullopt;
  std::lock_guard lock(mu_);
  if (auto a = large_item(*call.facts, options_)) return a;
  if (auto a = hot_partition(*call.facts, now())) return a;
  if (auto a = scan(call.operation, *call.facts)) return a;
  if (auto a = filter(*call.facts, options_)) return a;
  if (auto a = get_item(*call.facts)) return a;
  return projection(*call.facts);
}

}  // namespace dynamini::model
