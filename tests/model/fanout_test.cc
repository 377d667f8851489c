// Fan-out of posts to followers through the stream trigger.

#include <doctest/doctest.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "inbox_fixture.h"
#include "model/inbox_fanout.h"

namespace dynamini::model {
namespace {

using testing::gsi1_count;
using testing::query_json;

std::unique_ptr<Database> database_with_followers(int followers) {
  auto db = Database::open();
  load_inbox(*db);
  // BatchWriteItem, 25 followers a request.
  for (int i = 0; i < followers; i += 25) {
    std::string req = R"({"RequestItems":{"inbox":[)";
    for (int j = i; j < std::min(followers, i + 25); ++j) {
      if (j > i) req += ',';
      req += R"json({"PutRequest":{"Item":{"pk":{"S":"USER#u_author"},"sk":{"S":"FOLLOWER#f)json" +
             std::to_string(j) + R"json("},"followerId":{"S":"f)json" + std::to_string(j) +
             R"json("}}}})json";
    }
    req += "]}}";
    REQUIRE(db->execute("BatchWriteItem", req).ok());
  }
  return db;
}

// Sum of unreadCount over the followers' InboxMeta items (pk USER#f...), and
// how many of them are not exactly 1. A filtered Scan, paged.
std::pair<int64_t, int64_t> follower_badges(Database& db) {
  int64_t total = 0, wrong = 0;
  std::string cursor;
  do {
    std::string req = R"json({"TableName":"inbox",
        "FilterExpression":"sk = :m AND begins_with(pk, :f)",
        "ExpressionAttributeValues":{":m":{"S":"#INBOX"},":f":{"S":"USER#f"}})json";
    if (!cursor.empty()) req += ",\"ExclusiveStartKey\":" + cursor;
    req += "}";
    auto page = query_json(db, "Scan", req);
    for (const auto& item : page["Items"].GetArray()) {
      int64_t c = std::stoll(item["unreadCount"]["N"].GetString());
      total += c;
      if (c != 1) ++wrong;
    }
    cursor.clear();
    if (page.HasMember("LastEvaluatedKey")) {
      rapidjson::StringBuffer b;
      rapidjson::Writer<rapidjson::StringBuffer> w(b);
      page["LastEvaluatedKey"].Accept(w);
      cursor = b.GetString();
    }
  } while (!cursor.empty());
  return {total, wrong};
}

TEST_CASE("fan-out: a post notifies each follower once, through the stream") {
  auto db = database_with_followers(3);
  Inbox inbox(database_executor(*db));
  FanOut fanout(inbox);
  auto sub = fanout.subscribe(*db);
  std::string post = inbox.post("u_author", "Hello followers");
  REQUIRE(fanout.wait_for_post(post, 10000));
  for (int i = 0; i < 3; ++i) {
    std::string user = "f" + std::to_string(i);
    CHECK(inbox.badge(user) == 1);
    auto items = inbox.unread(user).items;
    REQUIRE(items.size() == 1);
    CHECK(items[0].type == "post");
    CHECK(items[0].actor_id == "u_author");
    CHECK(items[0].target_id == post);
    CHECK(items[0].notif_id == Inbox::fanout_notif_id(post, user));
    CHECK(ulid_time_ms(items[0].notif_id) == ulid_time_ms(post));
  }
  CHECK(fanout.counters().delivered == 3);
  CHECK(inbox.badge("u_alice") == 2);  // not a follower
}

TEST_CASE("fan-out: a failure half-way is retried without counting any follower twice") {
  auto db = database_with_followers(200);
  // Fail the 101st delivery once: the stream redelivers the batch.
  std::atomic<int> transactions{0};
  std::atomic<bool> failed{false};
  Executor flaky = [&](std::string_view op, std::string_view req) {
    if (op == "TransactWriteItems" && ++transactions == 101 && !failed.exchange(true)) {
      Result r;
      r.error = ApiError{ErrorCode::kInternalServerError, "injected failure half-way", {}};
      return r;
    }
    return db->execute(op, req);
  };
  Inbox inbox(flaky);
  FanOut fanout(inbox);
  auto sub = fanout.subscribe(*db, SubscribeOptions{.initial_retry_delay_ms = 1});
  std::string post = inbox.post("u_author", "retry me");
  REQUIRE(fanout.wait_for_post(post, 20000));
  CHECK(sub->failure_count() == 1);
  auto counters = fanout.counters();
  CHECK(counters.duplicates == 100);
  CHECK(counters.delivered == 200);
  auto [total, wrong] = follower_badges(*db);
  CHECK(total == 200);
  CHECK(wrong == 0);
  CHECK(gsi1_count(*db, "f7") == 1);
  CHECK(gsi1_count(*db, "f150") == 1);
}

TEST_CASE("fan-out: 10,000 followers each get exactly one notification and one increment") {
  auto db = database_with_followers(10000);
  Inbox inbox(database_executor(*db));
  FanOut fanout(inbox);
  auto sub = fanout.subscribe(*db);
  std::string post = inbox.post("u_author", "to everyone");
  REQUIRE(fanout.wait_for_post(post, 120000));
  CHECK(fanout.counters().delivered == 10000);
  auto [total, wrong] = follower_badges(*db);
  CHECK(total == 10000);
  CHECK(wrong == 0);
  int64_t in_gsi1 = 0;  // a Scan of GSI1, paged (1 MB pages)
  std::string cursor;
  do {
    std::string req = R"json({"TableName":"inbox","IndexName":"GSI1",
        "Select":"COUNT","FilterExpression":"begins_with(gsi1pk, :f)",
        "ExpressionAttributeValues":{":f":{"S":"UNREAD#f"}})json";
    if (!cursor.empty()) req += ",\"ExclusiveStartKey\":" + cursor;
    auto page = query_json(*db, "Scan", req + "}");
    in_gsi1 += page["Count"].GetInt64();
    cursor.clear();
    if (page.HasMember("LastEvaluatedKey")) {
      rapidjson::StringBuffer b;
      rapidjson::Writer<rapidjson::StringBuffer> w(b);
      page["LastEvaluatedKey"].Accept(w);
      cursor = b.GetString();
    }
  } while (!cursor.empty());
  CHECK(in_gsi1 == 10000);
}

TEST_CASE("fan-out: records other than post inserts are ignored") {
  auto db = database_with_followers(2);
  Inbox inbox(database_executor(*db));
  FanOut fanout(inbox);
  StreamRecord modify;
  modify.event_name = "MODIFY";
  modify.new_image_json =
      R"({"pk":{"S":"USER#u_author"},"sk":{"S":"POST#01J0000000AAAAAAAAAAAAAAAA"}})";
  StreamRecord notif;
  notif.event_name = "INSERT";
  notif.new_image_json =
      R"({"pk":{"S":"USER#u_author"},"sk":{"S":"NOTIF#01J0000000AAAAAAAAAAAAAAAA"}})";
  fanout.handle({modify, notif});
  CHECK(fanout.counters().posts == 0);
  CHECK(inbox.badge("f0") == 0);
}

}  // namespace
}  // namespace dynamini::model
