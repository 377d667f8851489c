// ExecuteOptions::collect_facts: what a call read and wrote, as data
// (dynamini/call_facts.h), for a reviewer of requests.

#include <string>

#include "api_fixture.h"

namespace {

const dynamini::ExecuteOptions kFacts{
    .measure_capacity = false, .collect_facts = true, .collect_read_keys = true};

struct FactsFixture : ApiFixture {
  FactsFixture() {
    create_inbox_like("tbl");
    for (int i = 0; i < 6; ++i) {
      const std::string sk = "N#" + std::to_string(i);
      std::string item = R"({"pk":{"S":"U#a"},"sk":{"S":")" + sk + R"("},"kind":{"S":")" +
                         (i % 3 == 0 ? "like" : "post") + R"("}})";
      if (i % 2 == 0)
        item.insert(item.size() - 1, R"(,"gsi1pk":{"S":"X#a"},"gsi1sk":{"S":")" + sk + "\"}");
      call("PutItem", R"({"TableName":"tbl","Item":)" + item + "}");
    }
  }

  dynamini::Result run(const char* op, const std::string& json) {
    dynamini::Result r = db->execute(op, json, kFacts);
    REQUIRE(r.ok());
    return r;
  }
};

}  // namespace

TEST_CASE_FIXTURE(FactsFixture, "Facts: none unless asked for") {
  auto r = db->execute("Query", R"({"TableName":"tbl","KeyConditionExpression":"pk = :p",
    "ExpressionAttributeValues":{":p":{"S":"U#a"}}})");
  CHECK(r.facts.pages.empty());
  CHECK(r.facts.writes.empty());
}

TEST_CASE_FIXTURE(FactsFixture,
                  "Facts: a filtered Query lists every item read and those returned") {
  auto r = run("Query", R"({"TableName":"tbl","KeyConditionExpression":"pk = :p",
    "FilterExpression":"kind = :k","ExpressionAttributeValues":{":p":{"S":"U#a"},":k":{"S":"like"}}})");
  REQUIRE(r.facts.pages.size() == 1);
  const auto& page = r.facts.pages[0];
  CHECK(page.query);
  CHECK(page.filtered);
  CHECK_FALSE(page.single_item);
  CHECK(page.evaluated == 6);
  CHECK(page.returned == 2);
  REQUIRE(page.keys.size() == 6);
  CHECK(page.keys[0].key == R"({"pk":{"S":"U#a"},"sk":{"S":"N#0"}})");
  CHECK(page.keys[0].returned);
  CHECK_FALSE(page.keys[1].returned);
  CHECK(page.keys[3].returned);
}

TEST_CASE_FIXTURE(FactsFixture, "Facts: without read keys a page has its counts and no keys") {
  auto r =
      db->execute("Query", R"({"TableName":"tbl","KeyConditionExpression":"pk = :p",
    "FilterExpression":"kind = :k","ExpressionAttributeValues":{":p":{"S":"U#a"},":k":{"S":"like"}}})",
                  {.measure_capacity = false, .collect_facts = true, .collect_read_keys = false});
  REQUIRE(r.facts.pages.size() == 1);
  CHECK(r.facts.pages[0].evaluated == 6);
  CHECK(r.facts.pages[0].returned == 2);
  CHECK(r.facts.pages[0].keys.empty());
}

TEST_CASE_FIXTURE(FactsFixture,
                  "Facts: a Query of one whole key names one item; a range does not") {
  auto one = run("Query", R"({"TableName":"tbl","KeyConditionExpression":"pk = :p AND sk = :s",
    "ExpressionAttributeValues":{":p":{"S":"U#a"},":s":{"S":"N#1"}}})");
  CHECK(one.facts.pages.at(0).single_item);
  auto range = run("Query", R"({"TableName":"tbl","KeyConditionExpression":"pk = :p AND sk >= :s",
    "ExpressionAttributeValues":{":p":{"S":"U#a"},":s":{"S":"N#1"}}})");
  CHECK_FALSE(range.facts.pages.at(0).single_item);
}

TEST_CASE_FIXTURE(FactsFixture, "Facts: a Scan of an index lists the table keys of its entries") {
  auto r = run("Scan", R"({"TableName":"tbl","IndexName":"GSI1"})");
  const auto& page = r.facts.pages.at(0);
  CHECK_FALSE(page.query);
  CHECK(page.index == "GSI1");
  CHECK(page.evaluated == 3);
  CHECK(page.keys.at(1).key == R"({"pk":{"S":"U#a"},"sk":{"S":"N#2"}})");
}

TEST_CASE_FIXTURE(FactsFixture, "Facts: a write names its key, size, partition and index cost") {
  const std::string big(3000, 'x');
  auto r = run("PutItem", R"({"TableName":"tbl","Item":{"pk":{"S":"U#b"},"sk":{"S":"N#9"},
    "gsi1pk":{"S":"X#b"},"gsi1sk":{"S":"N#9"},"body":{"S":")" +
                              big + R"("}}})");
  REQUIRE(r.facts.writes.size() == 1);
  const auto& w = r.facts.writes[0];
  CHECK(w.table == "tbl");
  CHECK(w.partition_key == "U#b");
  CHECK(w.key == R"({"pk":{"S":"U#b"},"sk":{"S":"N#9"}})");
  CHECK(w.created);
  CHECK_FALSE(w.removed);
  CHECK(w.item_bytes > 3000);
  CHECK(w.units == 3.0);
  REQUIRE(w.indexes.size() == 1);
  CHECK(w.indexes[0].index == "GSI1");
  CHECK(w.indexes[0].projection == "ALL");
  CHECK(w.indexes[0].units == 3.0);            // the whole item, in GSI1 too
  CHECK(w.indexes[0].keys_only_units == 1.0);  // keys only: under 1 KB
  // Rewriting it under the same keys changes its ALL entry; a KEYS_ONLY
  // entry would not change.
  auto again = run("UpdateItem", R"({"TableName":"tbl","Key":{"pk":{"S":"U#b"},"sk":{"S":"N#9"}},
    "UpdateExpression":"SET body = :b","ExpressionAttributeValues":{":b":{"S":"short"}}})");
  const auto& index = again.facts.writes.at(0).indexes.at(0);
  CHECK(index.units == 3.0);  // the larger of the old entry's delete and the new one's put
  CHECK(index.keys_only_units == 0.0);
}

TEST_CASE_FIXTURE(FactsFixture,
                  "Facts: leaving a sparse index is an index write; a delete removes") {
  auto update = run("UpdateItem", R"({"TableName":"tbl","Key":{"pk":{"S":"U#a"},"sk":{"S":"N#0"}},
    "UpdateExpression":"REMOVE gsi1pk, gsi1sk"})");
  const auto& w = update.facts.writes.at(0);
  CHECK_FALSE(w.created);
  CHECK(w.indexes.at(0).index == "GSI1");
  auto del = run("DeleteItem", R"({"TableName":"tbl","Key":{"pk":{"S":"U#a"},"sk":{"S":"N#1"}}})");
  CHECK(del.facts.writes.at(0).removed);
  auto nothing =
      run("DeleteItem", R"({"TableName":"tbl","Key":{"pk":{"S":"U#z"},"sk":{"S":"N#1"}}})");
  CHECK(nothing.facts.writes.empty());
}

TEST_CASE_FIXTURE(FactsFixture,
                  "Facts: a transaction lists each write; a refused call lists none") {
  auto r = run("TransactWriteItems", R"({"TransactItems":[
    {"Put":{"TableName":"tbl","Item":{"pk":{"S":"U#c"},"sk":{"S":"A"}}}},
    {"Update":{"TableName":"tbl","Key":{"pk":{"S":"U#c"},"sk":{"S":"B"}},"UpdateExpression":"SET n = :one",
      "ExpressionAttributeValues":{":one":{"N":"1"}}}}]})");
  CHECK(r.facts.writes.size() == 2);
  auto refused =
      db->execute("PutItem", R"json({"TableName":"tbl","Item":{"pk":{"S":"U#a"},"sk":{"S":"N#2"}},
    "ConditionExpression":"attribute_not_exists(pk)"})json",
                  kFacts);
  CHECK_FALSE(refused.ok());
  CHECK(refused.facts.writes.empty());
}
