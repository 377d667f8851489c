// The request reviewer (model/advisor.h): one line per call, from the facts
// the engine reports, each naming the note that explains it.

#include "model/advisor.h"

#include <doctest/doctest.h>

#include <memory>
#include <string>

#include "dynamini/database.h"
#include "model/model_library.h"
#include "model/model_seed.h"
#include "model/review_notes.h"

namespace dynamini::model {
namespace {

CallFacts::Page page(bool query, bool filtered, int64_t evaluated, int64_t returned) {
  CallFacts::Page p;
  p.table = "t";
  p.query = query;
  p.filtered = filtered;
  p.evaluated = evaluated;
  p.returned = returned;
  return p;
}

CallFacts::Write write(const std::string& pk, int64_t bytes = 100, bool created = false) {
  CallFacts::Write w;
  w.table = "t";
  w.key = R"({"pk":{"S":")" + pk + R"("}})";
  w.partition_key = pk;
  w.item_bytes = bytes;
  w.created = created;
  w.units = 1;
  return w;
}

std::optional<Advice> review(Advisor& a, std::string_view op, const CallFacts& facts) {
  return a.review({.operation = op, .ok = true, .facts = &facts});
}

TEST_CASE("reviewer: a Scan says how many items it read to return how many") {
  Advisor a;
  CallFacts facts;
  facts.pages.push_back(page(false, true, 520, 75));
  auto advice = review(a, "Scan", facts);
  REQUIRE(advice);
  CHECK(advice->rule == "review-scan");
  CHECK(advice->text.starts_with("Scan read 520 item(s) of t to return 75:"));
  CHECK(find_review_note(advice->rule) != nullptr);
}

TEST_CASE("reviewer: a filter that discarded most of what it read, not one that kept most") {
  Advisor a;
  CallFacts most;
  most.pages.push_back(page(true, true, 20, 2));
  auto advice = review(a, "Query", most);
  REQUIRE(advice);
  CHECK(advice->rule == "review-filter");
  CHECK(advice->text.starts_with("the filter discarded 18 of 20 items read (90%)"));
  CallFacts some;
  some.pages.push_back(page(true, true, 20, 15));
  CHECK_FALSE(review(a, "Query", some));
  CallFacts unfiltered;
  unfiltered.pages.push_back(page(true, false, 20, 20));
  CHECK_FALSE(review(a, "Query", unfiltered));
}

TEST_CASE("reviewer: a Query of one whole key could have been a GetItem") {
  Advisor a;
  CallFacts facts;
  facts.pages.push_back(page(true, false, 1, 1));
  facts.pages[0].single_item = true;
  CHECK(review(a, "Query", facts)->rule == "review-get-item");
}

TEST_CASE("reviewer: a hot partition, against the per-partition limits") {
  int64_t now = 1000000;
  Advisor a({.clock_ms = [&] { return now; }});
  // Spread writes first: no partition is hot.
  for (int i = 0; i < 30; ++i) {
    CallFacts f;
    f.writes.push_back(write("spread#" + std::to_string(i)));
    CHECK_FALSE(review(a, "PutItem", f));
    now += 10;
  }
  std::optional<Advice> advice;
  for (int i = 0; i < 60; ++i) {
    CallFacts f;
    f.writes.push_back(write("hot"));
    advice = review(a, "PutItem", f);
    now += 5;
  }
  REQUIRE(advice);
  CHECK(advice->rule == "review-hot-partition");
  CHECK(advice->text.starts_with(
      "hot partition: 60 of the last 90 writes (67%) went to t partition key hot"));
  CHECK(advice->text.find("1000 WCU and 3000 RCU per second") != std::string::npos);
  // A write elsewhere is not blamed.
  CallFacts other;
  other.writes.push_back(write("spread#1"));
  CHECK_FALSE(review(a, "PutItem", other));
}

TEST_CASE("reviewer: one person's writes to their own partition, a few a second, are not hot") {
  int64_t now = 0;
  Advisor a({.clock_ms = [&] { return now; }});
  for (int i = 0; i < 40; ++i) {
    CallFacts f;
    f.writes.push_back(write("mine"));
    CHECK_FALSE(review(a, "UpdateItem", f));
    now += 200;  // 5 a second
  }
}

TEST_CASE("reviewer: an item near 400 KB comes first") {
  Advisor a;
  CallFacts facts;
  facts.writes.push_back(write("big", 350 * 1024));
  facts.pages.push_back(page(false, false, 3, 3));
  auto advice = review(a, "TransactWriteItems", facts);
  CHECK(advice->rule == "review-item-size");
  CHECK(advice->text.find("is 350 KB, near DynamoDB's 400 KB item limit") != std::string::npos);
}

TEST_CASE("reviewer: an index projecting ALL that costs more than KEYS_ONLY would") {
  Advisor a;
  CallFacts facts;
  facts.writes.push_back(write("p"));
  facts.writes[0].indexes.push_back(
      {.index = "GSI1", .projection = "ALL", .units = 3, .keys_only_units = 1});
  auto advice = review(a, "PutItem", facts);
  CHECK(advice->rule == "review-projection");
  CHECK(advice->text ==
        "GSI1 projects ALL: this write cost 3 WCU in GSI1 where KEYS_ONLY would cost 1; project "
        "only what the index's reads need");
  facts.writes[0].indexes[0].units = 1;
  CHECK_FALSE(review(a, "PutItem", facts));
}

TEST_CASE("reviewer: a collection that only grows, said at the threshold") {
  Advisor a({.collection_growth = 5});
  std::optional<Advice> at_five;
  for (int i = 1; i <= 6; ++i) {
    CallFacts f;
    f.writes.push_back(write("feed", 100, /*created=*/true));
    auto advice = review(a, "PutItem", f);
    if (i == 5) at_five = advice;
    if (i == 6) CHECK_FALSE(advice);
  }
  REQUIRE(at_five);
  CHECK(at_five->rule == "review-unbounded-collection");
  CHECK(at_five->text.starts_with("the collection feed of t gained 5 items and lost none"));
}

TEST_CASE("reviewer: real facts from the engine, for a shipped model's costly pattern") {
  auto db = Database::open();
  load_model_data(database_executor(*db), *shipped_model("shop"));
  Result r =
      db->execute("Scan", R"json({"TableName": "shop", "FilterExpression": "begins_with(SK, :o)",
      "ExpressionAttributeValues": {":o": {"S": "ORDER#"}}})json",
                  {.measure_capacity = false, .collect_facts = true});
  Advisor a;
  auto advice = a.review({.operation = "Scan", .ok = r.ok(), .facts = &r.facts});
  REQUIRE(advice);
  CHECK(advice->text.starts_with("Scan read 25 item(s) of shop to return 8:"));
  CHECK_FALSE(a.review({.operation = "Scan", .ok = false, .facts = &r.facts}));
}

}  // namespace
}  // namespace dynamini::model
