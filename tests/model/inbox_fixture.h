#pragma once

// A database with the sample inbox loaded and an Inbox over it, plus small
// readers for the tests of model/.

#include <doctest/doctest.h>
#include <rapidjson/document.h>

#include <atomic>
#include <memory>
#include <string>

#include "model/inbox.h"
#include "model/inbox_seed.h"

namespace dynamini::model::testing {

inline rapidjson::Document query_json(Database& db, std::string_view op, const std::string& req) {
  Result r = db.execute(op, req);
  REQUIRE_MESSAGE(r.ok(), op << ": " << (r.ok() ? "" : r.error->message));
  rapidjson::Document doc;
  doc.Parse(r.body.c_str());
  return doc;
}

// Items of `user` in GSI1 (unread notifications), counted directly.
inline int64_t gsi1_count(Database& db, const std::string& user) {
  auto doc = query_json(db, "Query",
                        R"({"TableName":"inbox","IndexName":"GSI1","Select":"COUNT",
                            "KeyConditionExpression":"gsi1pk = :u",
                            "ExpressionAttributeValues":{":u":{"S":"UNREAD#)" +
                            user + R"("}}})");
  return doc["Count"].GetInt64();
}

// A clock that steps 1 ms per call, from 2024-06-01T00:00:00Z.
inline std::function<int64_t()> stepping_clock() {
  auto t = std::make_shared<std::atomic<int64_t>>(1717200000000);
  return [t] { return t->fetch_add(1); };
}

struct InboxFixture {
  std::unique_ptr<Database> db = Database::open();
  std::unique_ptr<Inbox> inbox;
  InboxFixture(int page_size = 25) {
    load_inbox(*db);
    InboxOptions options;
    options.clock_ms = stepping_clock();
    options.ulid_seed = 42;
    options.read_all_page_size = page_size;
    inbox = std::make_unique<Inbox>(database_executor(*db), options);
  }
};

inline NewNotification like_for(const std::string& user, const std::string& actor = "u_bob") {
  NewNotification n;
  n.user_id = user;
  n.type = "like";
  n.actor_id = actor;
  n.target_id = "post_1";
  n.target_type = "post";
  n.payload = {{"preview", actor + " liked your post"}};
  return n;
}

}  // namespace dynamini::model::testing
