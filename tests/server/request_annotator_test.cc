// ServerOptions::request_annotator: a note per API call, written by the
// embedding program from the call and its facts; the server only carries it
// to the request log and the observer.

#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "json_helpers.h"
#include "request_log.h"
#include "route.h"
#include "test_client.h"

namespace dynamini {
namespace {

using server::RequestLog;
using server::route;
using server::RouteContext;
using test::parse_json;

constexpr const char* kCreate =
    R"({"TableName":"things","BillingMode":"PAY_PER_REQUEST",)"
    R"("AttributeDefinitions":[{"AttributeName":"id","AttributeType":"S"}],)"
    R"("KeySchema":[{"AttributeName":"id","KeyType":"HASH"}]})";

TEST_CASE("request annotator: sees each call's facts; its note reaches the log and the observer") {
  auto db = Database::open();
  REQUIRE(db->execute("CreateTable", kCreate).ok());
  REQUIRE(db->execute("PutItem", R"({"TableName":"things","Item":{"id":{"S":"a"}}})").ok());
  RequestLog log;
  std::vector<std::string> seen;
  ServerOptions options;
  options.request_annotator = [&](const ApiCall& call) {
    REQUIRE(call.facts != nullptr);
    CHECK(call.note.empty());
    if (call.facts->pages.empty()) return RequestNote{};
    const auto& page = call.facts->pages[0];
    return RequestNote{.text = "read " + std::to_string(page.evaluated), .link = "#why"};
  };
  options.request_observer = [&](const ApiCall& call) { seen.push_back(std::string(call.note)); };
  RouteContext context{.db = *db, .log = &log, .options = &options};
  CHECK(route(context, test::api_request("DynamoDB_20120810.Scan", R"({"TableName":"things"})"))
            .result_int() == 200);
  CHECK(route(context, test::api_request("DynamoDB_20120810.ListTables", "{}")).result_int() ==
        200);
  CHECK(seen == std::vector<std::string>{"read 1", ""});
  auto entries = parse_json(log.entries_json(0, 10));
  REQUIRE(entries["entries"].Size() == 2);
  CHECK(std::string(entries["entries"][0]["note"]["text"].GetString()) == "read 1");
  CHECK(std::string(entries["entries"][0]["note"]["link"].GetString()) == "#why");
  CHECK(entries["entries"][1]["note"].IsNull());
}

TEST_CASE("request annotator: without one, no facts are collected and no note is logged") {
  auto db = Database::open();
  RequestLog log;
  static const CallFacts sentinel;
  const CallFacts* facts = &sentinel;  // replaced by what the observer sees
  ServerOptions options;
  options.request_observer = [&](const ApiCall& call) { facts = call.facts; };
  route(RouteContext{.db = *db, .log = &log, .options = &options},
        test::api_request("DynamoDB_20120810.ListTables", "{}"));
  CHECK(facts == nullptr);
  CHECK(parse_json(log.entries_json(0, 10))["entries"][0]["note"].IsNull());
}

}  // namespace
}  // namespace dynamini
