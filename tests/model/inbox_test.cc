#include "model/inbox.h"

#include <doctest/doctest.h>

#include "inbox_fixture.h"

namespace dynamini::model {
namespace {

using testing::gsi1_count;
using testing::InboxFixture;
using testing::like_for;

constexpr const char* kMid = "01HWWVCKJ05CY4TQKFE20S58XM";  // sample: unread
constexpr const char* kOld = "01HWSPZ3H038NKRKAYDXR834N3";  // sample: read

TEST_CASE("Inbox::recent (AP1): newest first, paged by the cursor") {
  InboxFixture f;
  auto first = f.inbox->recent("u_alice", 2);
  REQUIRE(first.items.size() == 2);
  CHECK(first.items[0].notif_id == "01HWYQRBZ07H6NWVVGG69A7D65");
  CHECK(first.items[1].notif_id == kMid);
  REQUIRE(first.cursor);
  auto second = f.inbox->recent("u_alice", 2, first.cursor);
  REQUIRE(second.items.size() == 1);
  CHECK(second.items[0].notif_id == kOld);
  CHECK(second.items[0].read);
  CHECK(second.items[0].payload.find("Bob liked your post") != std::string::npos);
  CHECK(!second.cursor);
}

TEST_CASE("Inbox::badge (AP2): reads unreadCount, 0 for a user without InboxMeta") {
  InboxFixture f;
  CHECK(f.inbox->badge("u_alice") == 2);
  CHECK(f.inbox->badge("u_nobody") == 0);
}

TEST_CASE("Inbox::deliver: writes an unread notification and increments the badge") {
  InboxFixture f;
  auto [id, outcome] = f.inbox->deliver(like_for("u_alice"));
  CHECK(outcome == Delivery::kDelivered);
  CHECK(is_ulid(id));
  CHECK(f.inbox->badge("u_alice") == 3);
  CHECK(gsi1_count(*f.db, "u_alice") == 3);
  auto newest = f.inbox->recent("u_alice", 1);
  REQUIRE(newest.items.size() == 1);
  CHECK(newest.items[0].notif_id == id);
  CHECK(!newest.items[0].read);
  CHECK(newest.items[0].created_at.starts_with("2024-06-01T00:00:00.0"));  // the injected clock
}

TEST_CASE("Inbox::deliver: the same notif_id twice writes once and counts once") {
  InboxFixture f;
  auto n = like_for("u_new");
  n.notif_id = "01J0000000AAAAAAAAAAAAAAAA";
  CHECK(f.inbox->deliver(n).second == Delivery::kDelivered);
  CHECK(f.inbox->deliver(n).second == Delivery::kAlreadyDelivered);
  CHECK(f.inbox->badge("u_new") == 1);
}

TEST_CASE("Inbox::deliver: a failed delivery writes neither the item nor the increment") {
  InboxFixture f;
  auto n = like_for("u_alice");
  n.payload = {{"preview", std::string(410 * 1024, 'x')}};  // over the 400 KB item limit
  CHECK_THROWS_AS(f.inbox->deliver(n), InboxCallError);
  CHECK(f.inbox->badge("u_alice") == 2);
  CHECK(f.inbox->recent("u_alice").items.size() == 3);
}

TEST_CASE("Inbox::mark_read (AP3): removes it from GSI1 and decrements the badge") {
  InboxFixture f;
  CHECK(f.inbox->mark_read("u_alice", kMid) == MarkRead::kMarked);
  CHECK(f.inbox->badge("u_alice") == 1);
  CHECK(gsi1_count(*f.db, "u_alice") == 1);
  auto page = f.inbox->recent("u_alice");
  CHECK(page.items[1].read);
  CHECK(!page.items[1].read_at.empty());
}

TEST_CASE("Inbox::mark_read (AP3): twice decrements once") {
  InboxFixture f;
  CHECK(f.inbox->mark_read("u_alice", kMid) == MarkRead::kMarked);
  CHECK(f.inbox->mark_read("u_alice", kMid) == MarkRead::kAlreadyRead);
  CHECK(f.inbox->badge("u_alice") == 1);
}

TEST_CASE("Inbox::mark_read (AP3): an already read or missing notification changes nothing") {
  InboxFixture f;
  CHECK(f.inbox->mark_read("u_alice", kOld) == MarkRead::kAlreadyRead);
  CHECK(f.inbox->mark_read("u_alice", "01J0000000AAAAAAAAAAAAAAAA") == MarkRead::kAlreadyRead);
  CHECK(f.inbox->badge("u_alice") == 2);
  // A missing notification must not be created by the update.
  CHECK(f.inbox->recent("u_alice").items.size() == 3);
}

TEST_CASE("Inbox::mark_read (AP3): never takes the badge below zero") {
  InboxFixture f;
  // Corrupt the badge to 0 by hand: the notification is still marked read.
  f.db->execute("UpdateItem", R"({"TableName":"inbox","Key":{"pk":{"S":"USER#u_alice"},
      "sk":{"S":"#INBOX"}},"UpdateExpression":"SET unreadCount = :z",
      "ExpressionAttributeValues":{":z":{"N":"0"}}})");
  CHECK(f.inbox->mark_read("u_alice", kMid) == MarkRead::kMarkedUncounted);
  CHECK(f.inbox->badge("u_alice") == 0);
  CHECK(gsi1_count(*f.db, "u_alice") == 1);
}

TEST_CASE("Inbox::unread (AP4): lists GSI1 oldest first, paged by the cursor") {
  InboxFixture f;
  auto first = f.inbox->unread("u_alice", 1);
  REQUIRE(first.items.size() == 1);
  CHECK(first.items[0].notif_id == kMid);
  REQUIRE(first.cursor);
  auto second = f.inbox->unread("u_alice", 1, first.cursor);
  REQUIRE(second.items.size() == 1);
  CHECK(second.items[0].notif_id == "01HWYQRBZ07H6NWVVGG69A7D65");
  auto third = f.inbox->unread("u_alice", 1, second.cursor);
  CHECK(third.items.empty());
  CHECK(!third.cursor);
}

TEST_CASE("Inbox::follow and followers: the author's partition lists its followers") {
  InboxFixture f;
  f.inbox->follow("u_alice", "u_bob");
  f.inbox->follow("u_alice", "u_carol");
  auto [ids, cursor] = f.inbox->followers("u_alice");
  CHECK(ids == std::vector<std::string>{"u_bob", "u_carol"});
  CHECK(!cursor);
}

TEST_CASE("Inbox: user ids with quotes and backslashes stay valid JSON") {
  InboxFixture f;
  std::string user = "u_\"odd\\name";
  f.inbox->deliver(like_for(user));
  CHECK(f.inbox->badge(user) == 1);
  CHECK(f.inbox->unread(user).items.at(0).user_id == user);
}

}  // namespace
}  // namespace dynamini::model
