#include "fuzz_database.h"

#include <memory>

namespace dynamini::fuzz {

Database& fuzz_database() {
  static std::unique_ptr<Database> db = [] {
    auto d = Database::open({.ttl_sweep_interval_ms = 0});
    d->execute("CreateTable", R"({"TableName":"inbox","BillingMode":"PAY_PER_REQUEST",
      "AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"},{"AttributeName":"sk","AttributeType":"S"},
        {"AttributeName":"gsi1pk","AttributeType":"S"},{"AttributeName":"gsi1sk","AttributeType":"S"},
        {"AttributeName":"n","AttributeType":"N"}],
      "KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},{"AttributeName":"sk","KeyType":"RANGE"}],
      "GlobalSecondaryIndexes":[{"IndexName":"GSI1","KeySchema":[{"AttributeName":"gsi1pk","KeyType":"HASH"},
        {"AttributeName":"gsi1sk","KeyType":"RANGE"}],"Projection":{"ProjectionType":"ALL"}}],
      "LocalSecondaryIndexes":[{"IndexName":"byN","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"},
        {"AttributeName":"n","KeyType":"RANGE"}],"Projection":{"ProjectionType":"KEYS_ONLY"}}],
      "StreamSpecification":{"StreamEnabled":true,"StreamViewType":"NEW_AND_OLD_IMAGES"}})");
    d->execute(
        "PutItem",
        R"({"TableName":"inbox","Item":{"pk":{"S":"USER#a"},"sk":{"S":"#INBOX"},"unreadCount":{"N":"2"}}})");
    d->execute(
        "PutItem",
        R"({"TableName":"inbox","Item":{"pk":{"S":"USER#a"},"sk":{"S":"NOTIF#1"},"n":{"N":"1"},
      "gsi1pk":{"S":"UNREAD#a"},"gsi1sk":{"S":"NOTIF#1"},"l":{"L":[{"S":"x"},{"N":"2"}]},"m":{"M":{"k":{"SS":["a","b"]}}}}})");
    d->mark_initial_state();
    return d;
  }();
  return *db;
}

void note_input() {
  static int count = 0;
  if (++count % 1000 == 0) fuzz_database().reset();
}

}  // namespace dynamini::fuzz
