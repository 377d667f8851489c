// Patterns run from their templates (model/model_runner.h): the
// notifications feed and the shop, on an in-memory database.

#include "model/model_runner.h"

#include <doctest/doctest.h>
#include <rapidjson/document.h>

#include <memory>
#include <string>

#include "model/model_library.h"
#include "model/model_seed.h"

namespace dynamini::model {
namespace {

struct ModelFixture {
  std::unique_ptr<Database> db = Database::open();
  const ModelDefinition& model;
  Executor executor = [this](std::string_view op, std::string_view request) {
    return db->execute(
        op, request, {.measure_capacity = false, .collect_facts = true, .collect_read_keys = true});
  };
  explicit ModelFixture(const char* name) : model(*shipped_model(name)) {
    load_model_data(database_executor(*db), model, ExistingTables::kFail);
  }
  PatternRun run(const char* id, const char* params = "{}") {
    return run_model_pattern(model, id, TemplateParams::from_json(params), executor);
  }
};

rapidjson::Document body(const PatternCall& call) {
  rapidjson::Document doc;
  doc.Parse(call.result.body.c_str());
  return doc;
}

double units(const PatternCall& call) {
  return call.result.consumed_capacity.at(0).capacity_units.value();
}

TEST_CASE("generic runner: a page of the feed, newest first, with its cursor for the next") {
  ModelFixture f("notifications");
  auto first = f.run("F1");
  REQUIRE(first.ok);
  REQUIRE(first.calls.size() == 1);
  auto page = body(first.calls[0]);
  CHECK(page["Count"].GetInt() == 10);
  CHECK(std::string(page["Items"][0]["sk"]["S"].GetString()) == "NOTIF#2025-01-22T15:00:00Z#a0519");
  REQUIRE(first.cursor.has_value());
  CHECK(first.outcome ==
        "Query returned 10 of 10 item(s) read (0.5 RCU); more: the next page starts at "
        "LastEvaluatedKey");
  TemplateParams next = TemplateParams::from_json(R"({"pageSize": 10})");
  next.json("cursor", *first.cursor);
  auto second = run_model_pattern(f.model, "F1", next, f.executor);
  CHECK(std::string(body(second.calls[0])["Items"][0]["sk"]["S"].GetString()) ==
        "NOTIF#2025-01-22T05:00:00Z#a0509");
}

TEST_CASE("generic runner: page fifty costs what page one costs") {
  ModelFixture f("notifications");
  auto run = f.run("F2");
  REQUIRE(run.ok);
  REQUIRE(run.calls.size() == 50);
  CHECK(units(run.calls.front()) == units(run.calls.back()));
  // Each page resumed from the one before: page 50's first item is the 491st newest.
  CHECK(std::string(body(run.calls.back())["Items"][0]["sk"]["S"].GetString()) ==
        "NOTIF#2025-01-02T05:00:00Z#a0029");
  CHECK(run.outcome.starts_with(
      "50 pages of Query: page 1 returned 10 of 10 item(s) read (0.5 RCU); page 50"));
}

TEST_CASE(
    "generic runner: a filter reads everything and keeps the unread; the index reads them only") {
  ModelFixture f("notifications");
  auto filtered = f.run("F4");
  const CallFacts::Page& page = filtered.calls.at(0).result.facts.pages.at(0);
  CHECK(page.filtered);
  CHECK(page.evaluated == 520);
  CHECK(page.returned == 75);
  int returned = 0;
  for (const auto& k : page.keys) returned += k.returned ? 1 : 0;
  CHECK(returned == 75);
  auto indexed = f.run("F3", R"({"pageSize": 100})");
  CHECK(indexed.calls.at(0).result.facts.pages.at(0).evaluated == 75);
  CHECK(units(indexed.calls[0]) < units(filtered.calls[0]));
}

TEST_CASE("generic runner: an expected refusal is the pattern's outcome, not a failure") {
  ModelFixture f("notifications");
  const char* params = R"({"sk": "NOTIF#2025-01-01T00:00:00Z#a0000"})";
  auto first = f.run("F5", params);
  CHECK(first.ok);
  CHECK(first.outcome == "UpdateItem done (2 WCU)");  // the item, and its GSI1 entry deleted
  CHECK(first.calls[0].result.facts.writes.at(0).indexes.at(0).index == "GSI1");
  auto again = f.run("F5", params);
  CHECK(again.ok);
  CHECK(again.outcome.starts_with(
      "UpdateItem refused, as it can be: ConditionalCheckFailedException"));
}

TEST_CASE("generic runner: now, nowSeconds and ulid are filled in for a new item") {
  ModelFixture f("notifications");
  auto run = f.run("F6", R"({"user": "u_ben"})");
  REQUIRE(run.ok);
  auto unread = f.run("F3", R"({"user": "u_ben"})");
  CHECK(body(unread.calls[0])["Count"].GetInt() == 2);
}

TEST_CASE("generic runner: optimistic locking refuses the stale writer; read-then-pay succeeds") {
  ModelFixture f("shop");
  const char* pay = R"({"amount": "-30", "expectedVersion": "1", "minBalance": "30"})";
  auto first = f.run("S10", pay);
  REQUIRE(first.ok);
  CHECK(std::string(body(first.calls[0])["Attributes"]["version"]["N"].GetString()) == "2");
  auto stale = f.run("S10", pay);
  CHECK(stale.ok);
  CHECK(std::string_view(stale.calls[0].result.error->name()) == "ConditionalCheckFailedException");
  auto fresh = f.run("S11", R"({"amount": "-30", "minBalance": "30"})");
  REQUIRE(fresh.calls.size() == 2);
  CHECK(fresh.calls[1].request.find(R"(":expectedVersion":{"N":"2"})") != std::string::npos);
  CHECK(std::string(body(fresh.calls[1])["Attributes"]["balance"]["N"].GetString()) == "40");
  auto overdraft = f.run("S11", R"({"amount": "-100", "minBalance": "100"})");
  CHECK(std::string_view(overdraft.calls[1].result.error->name()) ==
        "ConditionalCheckFailedException");
}

TEST_CASE("generic runner: one query returns a whole item collection") {
  ModelFixture f("shop");
  auto run = f.run("S1");
  CHECK(body(run.calls[0])["Count"].GetInt() == 8);
  auto members = f.run("S5");
  CHECK(body(members.calls[0])["Count"].GetInt() == 3);
  auto queue = f.run("S7");
  CHECK(body(queue.calls[0])["Count"].GetInt() == 3);
  auto scan = f.run("S12");
  CHECK(scan.calls[0].result.facts.pages.at(0).query == false);
}

TEST_CASE("generic runner: unknown patterns and bad parameters send nothing") {
  ModelFixture f("shop");
  int sent = 0;
  Executor counting = [&](std::string_view op, std::string_view r) {
    ++sent;
    return f.db->execute(op, r);
  };
  CHECK_THROWS_WITH_AS(run_model_pattern(f.model, "S99", TemplateParams(), counting),
                       "no pattern S99", PatternError);
  CHECK_THROWS_WITH_AS(
      run_model_pattern(f.model, "S2", TemplateParams::from_json(R"({"limit": "x"})"), counting),
      "parameter limit must be a positive number", PatternError);
  CHECK(sent == 0);
  CHECK(run_model_pattern(f.model, "orders", TemplateParams(), counting)
            .ok);  // by its command's name
}

}  // namespace
}  // namespace dynamini::model
