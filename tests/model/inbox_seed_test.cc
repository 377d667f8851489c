#include "model/inbox_seed.h"

#include <doctest/doctest.h>
#include <rapidjson/document.h>

#include <cstdint>
#include <ctime>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/model_library.h"

namespace dynamini::model {
namespace {

// The inbox model file's sample items (model/models/inbox.json).
std::vector<std::string> sample_items() {
  std::vector<std::string> items;
  for (const auto& [table, item] : inbox_model().items) items.push_back(item);
  return items;
}

rapidjson::Document parse(std::string_view json) {
  rapidjson::Document doc;
  doc.Parse(json.data(), json.size());
  REQUIRE_MESSAGE(!doc.HasParseError(), "invalid JSON: " << json);
  return doc;
}

// Runs one operation that must succeed and returns its parsed response.
rapidjson::Document call(Database& db, std::string_view op, std::string_view request) {
  Result result = db.execute(op, request);
  REQUIRE_MESSAGE(result.ok(), op << " failed: " << (result.ok() ? "" : result.error->name())
                                  << ": " << (result.ok() ? "" : result.error->message));
  return parse(result.body);
}

std::unique_ptr<Database> seeded() {
  auto db = Database::open();
  load_inbox(*db);
  return db;
}

std::string s_attr(const rapidjson::Value& item, const char* name) {
  REQUIRE_MESSAGE(item.HasMember(name), "missing attribute " << name);
  REQUIRE(item[name].HasMember("S"));
  return item[name]["S"].GetString();
}

std::vector<std::string> sort_keys(const rapidjson::Value& items) {
  std::vector<std::string> out;
  for (const auto& item : items.GetArray()) out.push_back(s_attr(item, "sk"));
  return out;
}

constexpr const char* kOld = "NOTIF#01HWSPZ3H038NKRKAYDXR834N3";  // read
constexpr const char* kMid = "NOTIF#01HWWVCKJ05CY4TQKFE20S58XM";  // unread
constexpr const char* kNew = "NOTIF#01HWYQRBZ07H6NWVVGG69A7D65";  // unread

TEST_CASE("load_inbox: creates table inbox keyed pk/sk with GSI1 on gsi1pk/gsi1sk projecting ALL") {
  auto db = seeded();
  auto out = call(*db, "DescribeTable", R"json({"TableName":"inbox"})json");
  const auto& table = out["Table"];
  CHECK(std::string(table["TableName"].GetString()) == "inbox");
  const auto& key = table["KeySchema"];
  REQUIRE(key.Size() == 2);
  CHECK(std::string(key[0]["AttributeName"].GetString()) == "pk");
  CHECK(std::string(key[0]["KeyType"].GetString()) == "HASH");
  CHECK(std::string(key[1]["AttributeName"].GetString()) == "sk");
  CHECK(std::string(key[1]["KeyType"].GetString()) == "RANGE");
  REQUIRE(table.HasMember("GlobalSecondaryIndexes"));
  const auto& gsis = table["GlobalSecondaryIndexes"];
  REQUIRE(gsis.Size() == 1);
  CHECK(std::string(gsis[0]["IndexName"].GetString()) == "GSI1");
  const auto& gkey = gsis[0]["KeySchema"];
  REQUIRE(gkey.Size() == 2);
  CHECK(std::string(gkey[0]["AttributeName"].GetString()) == "gsi1pk");
  CHECK(std::string(gkey[0]["KeyType"].GetString()) == "HASH");
  CHECK(std::string(gkey[1]["AttributeName"].GetString()) == "gsi1sk");
  CHECK(std::string(gkey[1]["KeyType"].GetString()) == "RANGE");
  CHECK(std::string(gsis[0]["Projection"]["ProjectionType"].GetString()) == "ALL");
  CHECK(std::string(table["BillingModeSummary"]["BillingMode"].GetString()) == "PAY_PER_REQUEST");
}

TEST_CASE("load_inbox: the table holds exactly the four sample items") {
  auto db = seeded();
  auto out = call(*db, "Scan", R"json({"TableName":"inbox"})json");
  REQUIRE(out["Count"].GetInt() == 4);
  CHECK(!out.HasMember("LastEvaluatedKey"));
  // Every stored item equals one sample item, attribute for attribute.
  std::set<std::string> matched;
  for (const auto& stored : out["Items"].GetArray()) {
    bool found = false;
    for (const std::string& text : sample_items()) {
      auto expected = parse(text);
      if (stored == expected) {
        found = true;
        matched.insert(std::string(text));
      }
    }
    CHECK_MESSAGE(found, "unexpected item with sk " << s_attr(stored, "sk"));
  }
  CHECK(matched.size() == 4);
}

TEST_CASE("load_inbox: AP1 newest-first query lists alice's three notifications") {
  auto db = seeded();
  auto out = call(*db, "Query", R"json({
    "TableName":"inbox",
    "KeyConditionExpression":"pk = :pk AND begins_with(sk, :p)",
    "ExpressionAttributeValues":{":pk":{"S":"USER#u_alice"},":p":{"S":"NOTIF#"}},
    "ScanIndexForward":false, "Limit":20})json");
  CHECK(sort_keys(out["Items"]) == std::vector<std::string>{kNew, kMid, kOld});
}

TEST_CASE("load_inbox: AP2 badge reads unreadCount 2 from the InboxMeta item") {
  auto db = seeded();
  auto out = call(*db, "GetItem", R"json({
    "TableName":"inbox","Key":{"pk":{"S":"USER#u_alice"},"sk":{"S":"#INBOX"}}})json");
  REQUIRE(out.HasMember("Item"));
  CHECK(std::string(out["Item"]["unreadCount"]["N"].GetString()) == "2");
  CHECK(s_attr(out["Item"], "lastNotifAt") == "2024-05-03T08:05:00.000Z");
}

TEST_CASE("load_inbox: sparse GSI1 holds only the two unread notifications") {
  auto db = seeded();
  auto out = call(*db, "Query", R"json({
    "TableName":"inbox","IndexName":"GSI1",
    "KeyConditionExpression":"gsi1pk = :u",
    "ExpressionAttributeValues":{":u":{"S":"UNREAD#u_alice"}}})json");
  REQUIRE(out["Count"].GetInt() == 2);
  CHECK(sort_keys(out["Items"]) == std::vector<std::string>{kMid, kNew});
  for (const auto& item : out["Items"].GetArray()) {
    CHECK(item["read"]["BOOL"].GetBool() == false);
    CHECK(!item.HasMember("readAt"));
  }
  // And the whole index (a Scan of GSI1) has nothing else: not the read one,
  // not InboxMeta.
  auto all = call(*db, "Scan", R"json({"TableName":"inbox","IndexName":"GSI1"})json");
  CHECK(all["Count"].GetInt() == 2);
}

TEST_CASE("load_inbox: the read notification carries read=true and no GSI1 keys") {
  auto db = seeded();
  auto out = call(*db, "GetItem", R"json({
    "TableName":"inbox",
    "Key":{"pk":{"S":"USER#u_alice"},"sk":{"S":"NOTIF#01HWSPZ3H038NKRKAYDXR834N3"}}})json");
  REQUIRE(out.HasMember("Item"));
  const auto& item = out["Item"];
  CHECK(item["read"]["BOOL"].GetBool() == true);
  CHECK(item.HasMember("readAt"));
  CHECK(!item.HasMember("gsi1pk"));
  CHECK(!item.HasMember("gsi1sk"));
}

TEST_CASE("load_inbox: a second load into the same database throws") {
  auto db = seeded();
  CHECK_THROWS_AS(load_inbox(*db), std::runtime_error);
}

// ---- the data itself -------------------------------------------------------

int64_t decode_ulid_time_ms(const std::string& ulid) {
  static const std::string kAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
  int64_t t = 0;
  for (int i = 0; i < 10; ++i) {
    auto pos = kAlphabet.find(ulid[i]);
    REQUIRE(pos != std::string::npos);
    t = t * 32 + static_cast<int64_t>(pos);
  }
  return t;
}

// "2024-05-01T09:15:00.000Z" -> ms since epoch.
int64_t iso_ms(const std::string& iso) {
  std::tm tm{};
  REQUIRE(sscanf(iso.c_str(), "%d-%d-%dT%d:%d:%d", &tm.tm_year, &tm.tm_mon, &tm.tm_mday,
                 &tm.tm_hour, &tm.tm_min, &tm.tm_sec) == 6);
  tm.tm_year -= 1900;
  tm.tm_mon -= 1;
  int ms = std::stoi(iso.substr(20, 3));
  return static_cast<int64_t>(timegm(&tm)) * 1000 + ms;
}

TEST_CASE(
    "inbox sample data: notification ids are valid ULIDs whose time is createdAt, in time order") {
  static const std::string kAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
  int64_t previous = -1;
  int notifications = 0;
  for (const std::string& text : sample_items()) {
    auto item = parse(text);
    if (s_attr(item, "sk") == "#INBOX") continue;
    ++notifications;
    std::string id = s_attr(item, "notifId");
    REQUIRE(id.size() == 26);
    CHECK(id.find_first_not_of(kAlphabet) == std::string::npos);
    CHECK(id[0] <= '7');  // 48-bit timestamp: the first char is at most 7
    CHECK(s_attr(item, "sk") == "NOTIF#" + id);
    CHECK(s_attr(item, "pk") == "USER#" + s_attr(item, "userId"));
    int64_t t = decode_ulid_time_ms(id);
    CHECK(t == iso_ms(s_attr(item, "createdAt")));
    CHECK(t > previous);
    previous = t;
    // Sparse-index invariant: GSI1 keys exactly on unread notifications.
    bool unread = !item["read"]["BOOL"].GetBool();
    CHECK(item.HasMember("gsi1pk") == unread);
    CHECK(item.HasMember("gsi1sk") == unread);
    if (unread) {
      CHECK(s_attr(item, "gsi1pk") == "UNREAD#" + s_attr(item, "userId"));
      CHECK(s_attr(item, "gsi1sk") == s_attr(item, "sk"));
    }
  }
  CHECK(notifications == 3);
}

}  // namespace
}  // namespace dynamini::model
