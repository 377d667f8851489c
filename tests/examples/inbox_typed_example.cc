// Example: the inbox through dynamini's typed C++ API, without a line of JSON.
// Requests are dynamini::XRequest structs (dynamini/shapes.h, generated from
// DynamoDB's service model), values are built with S(), N(), M(), ...; each
// call returns an Outcome: the typed response, or DynamoDB's error.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include "dynamini/attribute_value.h"
#include "dynamini/database.h"
#include "model/inbox_seed.h"

using namespace dynamini;

namespace {

// A fresh in-memory database with the inbox table and its sample data.
std::unique_ptr<Database> inbox() {
  auto db = Database::open({});
  model::load_inbox(*db);
  return db;
}

// AP2: the badge, the InboxMeta item's unreadCount.
int64_t badge(Database& db, const std::string& user) {
  GetItemRequest get;
  get.table_name = "inbox";
  get.key = Item{{"pk", S("USER#" + user)}, {"sk", S("#INBOX")}};
  get.projection_expression = "unreadCount";
  auto got = db.get_item(get);
  REQUIRE(got.ok());
  REQUIRE(got->item);
  return std::stoll(got->item->decode().at("unreadCount").scalar);
}

}  // namespace

TEST_CASE("example: a new notification shows in the newest page and raises the badge") {
  auto db = inbox();
  const int64_t before = badge(*db, "u_alice");

  // One write: the notification (unread, so in the sparse GSI1) and the
  // badge increment, together or not at all.
  TransactWriteItemsRequest deliver;
  api::TransactWriteItem notification;
  notification.put.emplace();
  notification.put->table_name = "inbox";
  notification.put->item = Item{{"pk", S("USER#u_alice")},
                                {"sk", S("NOTIF#01J0000000000000000000ZZZZ")},
                                {"type", S("comment")},
                                {"read", BOOL(false)},
                                {"payload", M({{"text", S("nice post")}})},
                                {"gsi1pk", S("UNREAD#u_alice")},
                                {"gsi1sk", S("NOTIF#01J0000000000000000000ZZZZ")}};
  notification.put->condition_expression = "attribute_not_exists(pk)";
  api::TransactWriteItem counter;
  counter.update.emplace();
  counter.update->table_name = "inbox";
  counter.update->key = Item{{"pk", S("USER#u_alice")}, {"sk", S("#INBOX")}};
  counter.update->update_expression = "ADD unreadCount :one";
  counter.update->expression_attribute_values = Item{{":one", N(1)}};
  deliver.transact_items = {notification, counter};
  REQUIRE(db->transact_write_items(deliver).ok());
  CHECK(badge(*db, "u_alice") == before + 1);

  // AP1: the newest 20, newest first.
  QueryRequest newest;
  newest.table_name = "inbox";
  newest.key_condition_expression = "pk = :pk AND begins_with(sk, :notif)";
  newest.expression_attribute_values = Item{{":pk", S("USER#u_alice")}, {":notif", S("NOTIF#")}};
  newest.scan_index_forward = false;
  newest.limit = 20;
  auto page = db->query(newest);
  REQUIRE(page.ok());
  auto items = page->items->decode();
  REQUIRE_FALSE(items.empty());
  CHECK(items.front().at("sk").scalar == "NOTIF#01J0000000000000000000ZZZZ");
  CHECK(items.front().at("payload").map.at("text").scalar == "nice post");
}

TEST_CASE("example: marking a notification read takes it out of the unread index") {
  auto db = inbox();
  const Item key{{"pk", S("USER#u_alice")}, {"sk", S("NOTIF#01J0000000000000000000ZZZZ")}};
  PutItemRequest put;
  put.table_name = "inbox";
  put.item = key;
  (*put.item)["gsi1pk"] = S("UNREAD#u_alice");
  (*put.item)["gsi1sk"] = S("NOTIF#01J0000000000000000000ZZZZ");
  REQUIRE(db->put_item(put).ok());

  // AP3: REMOVE the GSI keys, only while still unread.
  UpdateItemRequest mark;
  mark.table_name = "inbox";
  mark.key = key;
  mark.update_expression = "SET #read = :t REMOVE gsi1pk, gsi1sk";
  mark.condition_expression = "attribute_exists(gsi1pk)";
  mark.expression_attribute_names = std::map<std::string, std::string>{{"#read", "read"}};
  mark.expression_attribute_values = Item{{":t", BOOL(true)}};
  mark.return_values = api::ReturnValue::kAllNew;
  auto marked = db->update_item(mark);
  REQUIRE(marked.ok());
  CHECK(marked->attributes->count("gsi1pk") == 0);

  // A second time the condition fails: DynamoDB's error, as data.
  auto again = db->update_item(mark);
  REQUIRE_FALSE(again.ok());
  CHECK(again.error->message == "The conditional request failed");

  // AP4: the unread list (GSI1) no longer has it.
  QueryRequest unread;
  unread.table_name = "inbox";
  unread.index_name = "GSI1";
  unread.key_condition_expression = "gsi1pk = :u";
  unread.expression_attribute_values = Item{{":u", S("UNREAD#u_alice")}};
  auto listed = db->query(unread);
  REQUIRE(listed.ok());
  for (const auto& item : listed->items->decode()) {
    CHECK(item.at("sk").scalar != "NOTIF#01J0000000000000000000ZZZZ");
  }
}

TEST_CASE("example: a request DynamoDB refuses answers its error, with nothing written") {
  auto db = inbox();
  PutItemRequest bad;
  bad.table_name = "inbox";
  bad.item = Item{{"pk", S("USER#u_alice")}};  // no sort key
  auto put = db->put_item(bad);
  REQUIRE_FALSE(put.ok());
  CHECK(put.error->message.find("Missing the key sk in the item") != std::string::npos);
}
