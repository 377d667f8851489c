// Embedded benchmark: the C++ API in memory on a table shaped like the inbox
// (pk/sk, sparse GSI1). Prints ops/s and p50/p99 latency per operation.
//
//   build/tools/bench/dynamini-bench-embedded [--ops N]

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "dynamini/database.h"

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
  std::snprintf(buf, sizeof buf,
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

}  // namespace

int main(int argc, char** argv) {
  int n = 50000;
  for (int i = 1; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], "--ops") == 0) n = std::atoi(argv[i + 1]);
  auto db = dynamini::Database::open();
  must(db->execute("CreateTable", R"({"TableName":"inbox","BillingMode":"PAY_PER_REQUEST",
    "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"S"},
      {"AttributeName":"gsi1pk","AttributeType":"S"},{"AttributeName":"gsi1sk","AttributeType":"S"}],
    "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
    "GlobalSecondaryIndexes":[{"IndexName":"GSI1","KeySchema":[{"AttributeName":"gsi1pk","KeyType":"HASH"},
      {"AttributeName":"gsi1sk","KeyType":"RANGE"}],"Projection":{"ProjectionType":"ALL"}}]})"),
       "CreateTable");
  const int users = 100;
  std::printf("dynamini embedded benchmark, in memory, %d ops per operation\n", n);
  std::vector<std::string> puts;
  puts.reserve(static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) puts.push_back(notification(i % users, i));
  print("PutItem", measure(n, [&](int i) { must(db->execute("PutItem", puts[static_cast<size_t>(i)]), "PutItem"); }));

  std::vector<std::string> gets;
  for (int i = 0; i < n; ++i) {
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  R"({"TableName":"inbox","Key":{"pk":{"S":"USER#u%d"},"sk":{"S":"NOTIF#%08d"}}})",
                  i % users, i);
    gets.push_back(buf);
  }
  print("GetItem", measure(n, [&](int i) { must(db->execute("GetItem", gets[static_cast<size_t>(i)]), "GetItem"); }));

  std::vector<std::string> queries;
  for (int u = 0; u < users; ++u) {
    queries.push_back(R"~({"TableName":"inbox","KeyConditionExpression":"pk = :p AND begins_with(sk, :n)",)~"
                      R"("ExpressionAttributeValues":{":p":{"S":"USER#u)" + std::to_string(u) +
                      R"("},":n":{"S":"NOTIF#"}},"ScanIndexForward":false,"Limit":20})");
  }
  print("Query (page of 20)", measure(n / 5, [&](int i) {
          must(db->execute("Query", queries[static_cast<size_t>(i % users)]), "Query");
        }));

  std::vector<std::string> updates;
  for (int u = 0; u < users; ++u) {
    updates.push_back(R"({"TableName":"inbox","Key":{"pk":{"S":"USER#u)" + std::to_string(u) +
                      R"("},"sk":{"S":"#INBOX"}},"UpdateExpression":"ADD unreadCount :one",)"
                      R"~("ConditionExpression":"attribute_not_exists(unreadCount) OR unreadCount >= :zero",)~"
                      R"("ExpressionAttributeValues":{":one":{"N":"1"},":zero":{"N":"0"}}})");
  }
  print("UpdateItem (conditional ADD)", measure(n, [&](int i) {
          must(db->execute("UpdateItem", updates[static_cast<size_t>(i % users)]), "UpdateItem");
        }));

  std::vector<std::string> batches;
  for (int b = 0; b < n / 25; ++b) {
    std::string req = R"({"RequestItems":{"inbox":[)";
    for (int j = 0; j < 25; ++j) {
      std::string item = notification(1000 + b % users, n + b * 25 + j);
      // Reuse the Item part of a PutItem request.
      auto at = item.find("\"Item\":");
      req += (j ? "," : "") + std::string(R"({"PutRequest":{)") + item.substr(at, item.size() - at - 1) + "}}";
    }
    batches.push_back(req + "]}}");
  }
  auto batch = measure(static_cast<int>(batches.size()), [&](int i) {
    must(db->execute("BatchWriteItem", batches[static_cast<size_t>(i)]), "BatchWriteItem");
  });
  print("BatchWriteItem (25 items)", batch);
  std::printf("%-28s %12.0f items/s\n", "BatchWriteItem items", batch.ops_per_second * 25);
  return 0;
}
