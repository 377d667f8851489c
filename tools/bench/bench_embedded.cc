// Embedded benchmark: the C++ API in memory on a table shaped like the inbox
// (pk/sk, sparse GSI1). Prints ops/s and p50/p99 latency per operation.
//
//   build/tools/bench/dynamini-bench-embedded [--ops N] [--scale]
//   valgrind --tool=callgrind --toggle-collect='*run_counted*' <the above> --count OP
//
// --count OP (GetItem, PutItem, Query or UpdateItem) times nothing: it seeds
// N notifications, then runs N requests of OP in run_counted(), so that
// callgrind, collecting only there, gives OP's instructions per request as
// its total divided by N (deterministic, unlike the timings).
//
// Also prints: the physical limit (raw SQLite doing the same row writes and
// reads, see raw_sqlite_baseline.h) and dynamini's ratio to it; the embedded
// open time with the inbox preloaded; with --scale, Query page 50 vs page 1
// in a 10,000-item partition and PutItem at 10k vs 1M items.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "dynamini/database.h"
#include "model/inbox_seed.h"
#include "raw_sqlite_baseline.h"

namespace {

using Clock = std::chrono::steady_clock;

struct Stats {
  double ops_per_second;
  double p50_us;
  double p99_us;
};

Stats measure(int n, const std::function<void(int)>& op) {
  std::vector<double> latencies;
  latencies.reserve(static_cast<size_t>(n));
  auto start = Clock::now();
  for (int i = 0; i < n; ++i) {
    auto t0 = Clock::now();
    op(i);
    latencies.push_back(std::chrono::duration<double, std::micro>(Clock::now() - t0).count());
  }
  double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  std::sort(latencies.begin(), latencies.end());
  return {n / seconds, latencies[latencies.size() / 2], latencies[latencies.size() * 99 / 100]};
}

void must(const dynamini::Result& r, const char* what) {
  if (!r.ok()) {
    std::fprintf(stderr, "%s failed: %s: %s\n", what, r.error->name(), r.error->message.c_str());
    std::exit(1);
  }
}

std::string notification(int user, int i) {
  char buf[512];
  std::snprintf(
      buf, sizeof buf,
      R"({"TableName":"inbox","Item":{"pk":{"S":"USER#u%d"},"sk":{"S":"NOTIF#%08d"},)"
      R"("userId":{"S":"u%d"},"type":{"S":"like"},"actorId":{"S":"u9"},"read":{"BOOL":false},)"
      R"("payload":{"M":{"text":{"S":"liked your post"}}},"createdAt":{"N":"%d"},)"
      R"("gsi1pk":{"S":"UNREAD#u%d"},"gsi1sk":{"S":"NOTIF#%08d"}}})",
      user, i, user, i, user, i);
  return buf;
}

void print(const char* name, const Stats& s) {
  std::printf("%-28s %12.0f ops/s   p50 %8.2f us   p99 %8.2f us\n", name, s.ops_per_second,
              s.p50_us, s.p99_us);
}

// Query page 50 vs page 1 in a 10,000-item partition; PutItem at 10k vs 1M
// items in the table.
void run_scale_benchmarks() {
  auto db = dynamini::Database::open({.ttl_sweep_interval_ms = 0});
  must(db->execute("CreateTable", R"({"TableName":"inbox","BillingMode":"PAY_PER_REQUEST",
    "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"S"},
      {"AttributeName":"gsi1pk","AttributeType":"S"},{"AttributeName":"gsi1sk","AttributeType":"S"}],
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
    "GlobalSecondaryIndexes":[{"IndexName":"GSI1","KeySchema":[{"AttributeName":"gsi1pk","KeyType":"HASH"},
      {"AttributeName":"gsi1sk","KeyType":"RANGE"}],"Projection":{"ProjectionType":"ALL"}}]})"),
       "CreateTable");
  auto batch_of = [](int user, int first) {
    std::string req = R"({"RequestItems":{"inbox":[)";
    for (int j = 0; j < 25; ++j) {
      std::string item = notification(user, first + j);
      auto at = item.find("\"Item\":");
      req += (j ? "," : "") + std::string(R"({"PutRequest":{)") +
             item.substr(at, item.size() - at - 1) + "}}";
    }
    return req + "]}}";
  };
  for (int i = 0; i < 10000; i += 25) must(db->execute("BatchWriteItem", batch_of(7, i)), "fill");
  const std::string page1 = R"({"TableName":"inbox","KeyConditionExpression":"pk = :p","Limit":20,)"
                            R"("ExpressionAttributeValues":{":p":{"S":"USER#u7"}}})";
  char start[256];
  std::snprintf(start, sizeof start,
                R"({"TableName":"inbox","KeyConditionExpression":"pk = :p","Limit":20,)"
                R"("ExpressionAttributeValues":{":p":{"S":"USER#u7"}},)"
                R"("ExclusiveStartKey":{"pk":{"S":"USER#u7"},"sk":{"S":"NOTIF#%08d"}}})",
                49 * 20 - 1);
  const std::string page50 = start;
  Stats p1 = measure(20000, [&](int) { must(db->execute("Query", page1), "Query"); });
  Stats p50 = measure(20000, [&](int) { must(db->execute("Query", page50), "Query"); });
  std::printf("%-28s p50 %8.2f us (page 1)  %8.2f us (page 50)  ratio %.2f\n",
              "Query page 50 vs page 1", p1.p50_us, p50.p50_us, p50.p50_us / p1.p50_us);

  auto put_rate = [&](int base) {
    return measure(10000, [&](int i) {
      must(db->execute("PutItem", notification(9000 + i % 100, base + i)), "PutItem");
    });
  };
  Stats at10k = put_rate(50000000);
  int loaded = 20000;
  for (int b = 0; loaded < 1000000; ++b, loaded += 25) {
    must(db->execute("BatchWriteItem", batch_of(100 + b % 5000, 100000000 + b * 25)), "fill");
  }
  Stats at1m = put_rate(60000000);
  std::printf("%-28s %12.0f ops/s at 10k items, %.0f ops/s at 1M items (%.0f%%)\n",
              "PutItem vs table size", at10k.ops_per_second, at1m.ops_per_second,
              100.0 * at1m.ops_per_second / at10k.ops_per_second);
}

}  // namespace

namespace {

constexpr int kUsers = 100;

// Embedded open: in memory, inbox table created and sample data loaded.
void print_open_time() {
  std::vector<double> opens;
  for (int i = 0; i < 200; ++i) {
    auto t0 = Clock::now();
    auto fresh = dynamini::Database::open({.ttl_sweep_interval_ms = 0});
    dynamini::model::load_inbox(*fresh);
    opens.push_back(std::chrono::duration<double, std::micro>(Clock::now() - t0).count());
  }
  std::sort(opens.begin(), opens.end());
  std::printf("%-28s p50 %8.1f us   p99 %8.1f us\n", "open + inbox preload", opens[100],
              opens[198]);
}

std::unique_ptr<dynamini::Database> open_with_inbox_table() {
  auto db = dynamini::Database::open({.ttl_sweep_interval_ms = 0});
  must(db->execute("CreateTable", R"({"TableName":"inbox","BillingMode":"PAY_PER_REQUEST",
    "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"S"},
      {"AttributeName":"gsi1pk","AttributeType":"S"},{"AttributeName":"gsi1sk","AttributeType":"S"}],
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
    "GlobalSecondaryIndexes":[{"IndexName":"GSI1","KeySchema":[{"AttributeName":"gsi1pk","KeyType":"HASH"},
      {"AttributeName":"gsi1sk","KeyType":"RANGE"}],"Projection":{"ProjectionType":"ALL"}}]})"),
       "CreateTable");
  return db;
}

std::vector<std::string> get_requests(int n) {
  std::vector<std::string> gets;
  for (int i = 0; i < n; ++i) {
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  R"({"TableName":"inbox","Key":{"pk":{"S":"USER#u%d"},"sk":{"S":"NOTIF#%08d"}}})",
                  i % kUsers, i);
    gets.push_back(buf);
  }
  return gets;
}

std::vector<std::string> query_requests() {
  std::vector<std::string> queries;
  for (int u = 0; u < kUsers; ++u) {
    queries.push_back(
        R"~({"TableName":"inbox","KeyConditionExpression":"pk = :p AND begins_with(sk, :n)",)~"
        R"("ExpressionAttributeValues":{":p":{"S":"USER#u)" +
        std::to_string(u) + R"("},":n":{"S":"NOTIF#"}},"ScanIndexForward":false,"Limit":20})");
  }
  return queries;
}

std::vector<std::string> update_requests() {
  std::vector<std::string> updates;
  for (int u = 0; u < kUsers; ++u) {
    updates.push_back(
        R"({"TableName":"inbox","Key":{"pk":{"S":"USER#u)" + std::to_string(u) +
        R"("},"sk":{"S":"#INBOX"}},"UpdateExpression":"ADD unreadCount :one",)"
        R"~("ConditionExpression":"attribute_not_exists(unreadCount) OR unreadCount >= :zero",)~"
        R"("ExpressionAttributeValues":{":one":{"N":"1"},":zero":{"N":"0"}}})");
  }
  return updates;
}

// Batches of 25 new notifications (ids after the first n).
std::vector<std::string> batch_write_requests(int n) {
  std::vector<std::string> batches;
  for (int b = 0; b < n / 25; ++b) {
    std::string req = R"({"RequestItems":{"inbox":[)";
    for (int j = 0; j < 25; ++j) {
      std::string item = notification(1000 + b % kUsers, n + b * 25 + j);
      // Reuse the Item part of a PutItem request.
      auto at = item.find("\"Item\":");
      req += (j ? "," : "") + std::string(R"({"PutRequest":{)") +
             item.substr(at, item.size() - at - 1) + "}}";
    }
    batches.push_back(req + "]}}");
  }
  return batches;
}

// The physical limit: the same rows with raw SQLite.
void compare_with_raw_sqlite(const std::vector<std::string>& puts, const Stats& put_stats,
                             const Stats& get_stats) {
  std::vector<RawRow> rows;
  for (size_t i = 0; i < puts.size(); ++i) {
    const std::string& req = puts[i];
    auto at = req.find("\"Item\":") + 7;
    char pk[64], sk[64];
    std::snprintf(pk, sizeof pk, "USER#u%d", static_cast<int>(i) % kUsers);
    std::snprintf(sk, sizeof sk, "NOTIF#%08d", static_cast<int>(i));
    rows.push_back(
        {pk, sk, req.substr(at, req.size() - at - 1), std::string("UNREAD#") + (pk + 5), sk});
  }
  RawFigures raw = measure_raw_sqlite(rows);
  std::printf("%-28s %12.0f ops/s   (dynamini PutItem = %.0f%% of it)\n", "raw SQLite put rows",
              raw.puts_per_second, 100.0 * put_stats.ops_per_second / raw.puts_per_second);
  std::printf("%-28s %12.0f ops/s   p50 %8.2f us   (dynamini GetItem = %.0f%% of it)\n",
              "raw SQLite get row", raw.gets_per_second, raw.get_p50_us,
              100.0 * get_stats.ops_per_second / raw.gets_per_second);
}

// Runs `requests` (cycled) `count` times as `operation` and prints the figures.
Stats run_and_print(dynamini::Database& db, const char* label, const char* operation,
                    const std::vector<std::string>& requests, int count) {
  Stats stats = measure(count, [&](int i) {
    must(db.execute(operation, requests[static_cast<size_t>(i) % requests.size()]), operation);
  });
  print(label, stats);
  return stats;
}

// The requests --count runs: N of the operation, against the seeded table;
// none for an operation it does not count.
std::vector<std::string> counted_requests(const std::string& operation, int n) {
  std::vector<std::string> cycled;
  if (operation == "GetItem") return get_requests(n);
  if (operation == "PutItem") {
    for (int i = n; i < 2 * n; ++i) cycled.push_back(notification(i % kUsers, i));
    return cycled;
  }
  if (operation != "Query" && operation != "UpdateItem") return cycled;
  const auto pool = operation == "Query" ? query_requests() : update_requests();
  for (int i = 0; i < n; ++i) cycled.push_back(pool[static_cast<size_t>(i) % pool.size()]);
  return cycled;
}

// Not inlined: callgrind collects only inside it (--toggle-collect).
[[gnu::noinline]] void run_counted(dynamini::Database& db, const std::string& operation,
                                   const std::vector<std::string>& requests) {
  for (const auto& request : requests) must(db.execute(operation, request), operation.c_str());
}

int count_instructions(const std::string& operation, int n) {
  const auto requests = counted_requests(operation, n);
  if (requests.empty()) {
    std::fprintf(stderr, "--count: GetItem, PutItem, Query or UpdateItem, with --ops N > 0\n");
    return 2;
  }
  auto db = open_with_inbox_table();
  for (int i = 0; i < n; ++i) must(db->execute("PutItem", notification(i % kUsers, i)), "PutItem");
  run_counted(*db, operation, requests);
  std::printf(
      "ran %zu %s requests in run_counted: instructions per request = callgrind's "
      "total / %zu\n",
      requests.size(), operation.c_str(), requests.size());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  int n = 50000;
  bool scale = false;
  const char* counted = nullptr;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--ops") == 0 && i + 1 < argc) n = std::atoi(argv[i + 1]);
    if (std::strcmp(argv[i], "--scale") == 0) scale = true;
    if (std::strcmp(argv[i], "--count") == 0 && i + 1 < argc) counted = argv[i + 1];
  }
  if (counted) return count_instructions(counted, n);
  print_open_time();
  auto db = open_with_inbox_table();
  std::printf("dynamini embedded benchmark, in memory, %d ops per operation\n", n);
  std::vector<std::string> puts;
  puts.reserve(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) puts.push_back(notification(i % kUsers, i));
  Stats put_stats = run_and_print(*db, "PutItem", "PutItem", puts, n);
  Stats get_stats = run_and_print(*db, "GetItem", "GetItem", get_requests(n), n);
  run_and_print(*db, "Query (page of 20)", "Query", query_requests(), n / 5);
  run_and_print(*db, "UpdateItem (conditional ADD)", "UpdateItem", update_requests(), n);
  auto batches = batch_write_requests(n);
  Stats batch = run_and_print(*db, "BatchWriteItem (25 items)", "BatchWriteItem", batches,
                              static_cast<int>(batches.size()));
  std::printf("%-28s %12.0f items/s\n", "BatchWriteItem items", batch.ops_per_second * 25);
  compare_with_raw_sqlite(puts, put_stats, get_stats);
  if (scale) run_scale_benchmarks();
  return 0;
}
