// The teaching console's routes: embedded assets and the request log
// endpoint (GET /console/api/requests), through route() without sockets.

#include <doctest/doctest.h>

#include <memory>
#include <string>

#include "console_assets.h"
#include "json_helpers.h"
#include "request_log.h"
#include "route.h"
#include "test_client.h"

namespace dynamini {
namespace {

namespace http = boost::beast::http;
using server::RequestLog;
using server::route;
using test::api_request;
using test::parse_json;

std::string header(const server::Response& response, http::field field) {
  auto value = response[field];
  return std::string(value.data(), value.size());
}

http::request<http::string_body> get(std::string target) {
  return http::request<http::string_body>{http::verb::get, target, 11};
}

rapidjson::Document log_json(Database& db, RequestLog& log, const std::string& query = "") {
  auto response = route(db, get("/console/api/requests" + query), &log);
  REQUIRE(response.result_int() == 200);
  return parse_json(response.body());
}

TEST_CASE("console: GET /console serves index.html as HTML with an ETag and no-cache") {
  auto db = Database::open();
  for (const char* target : {"/console", "/console/", "/console/index.html"}) {
    auto response = route(*db, get(target));
    CHECK(response.result_int() == 200);
    CHECK(header(response, http::field::content_type) == "text/html; charset=utf-8");
    CHECK(header(response, http::field::cache_control) == "no-cache");
    CHECK(header(response, http::field::etag) == server::find_console_asset("index.html")->etag);
    CHECK(response.body().find("/console/main.js") != std::string::npos);
  }
}

TEST_CASE("console: every embedded asset is served with its Content-Type") {
  auto db = Database::open();
  REQUIRE(server::find_console_asset("main.js") != nullptr);
  REQUIRE(server::find_console_asset("console.css") != nullptr);
  for (const auto& asset : server::console_assets()) {
    auto response = route(*db, get("/console/" + std::string(asset.name)));
    CHECK(response.result_int() == 200);
    CHECK(header(response, http::field::content_type) == std::string(asset.content_type));
    CHECK(response.body() == asset.body);
  }
  CHECK(header(route(*db, get("/console/main.js")), http::field::content_type) ==
        "text/javascript; charset=utf-8");
}

TEST_CASE("console: a matching If-None-Match answers 304 without a body") {
  auto db = Database::open();
  auto request = get("/console/console.css");
  request.set(http::field::if_none_match, server::find_console_asset("console.css")->etag);
  auto response = route(*db, request);
  CHECK(response.result_int() == 304);
  CHECK(response.body().empty());
}

TEST_CASE("console: an unknown console file is a 404") {
  auto db = Database::open();
  CHECK(route(*db, get("/console/nope.js")).result_int() == 404);
  CHECK(route(*db, get("/console/../route.cc")).result_int() == 404);
}

TEST_CASE("console: paths that merely start with /console are still the health check") {
  auto db = Database::open();
  auto response = route(*db, get("/consoles"));
  CHECK(response.result_int() == 200);
  CHECK(header(response, http::field::content_type) == "application/x-amz-json-1.0");
}

TEST_CASE("console: the request log records operation, table, key, status and capacity") {
  auto db = Database::open();
  RequestLog log;
  route(*db,
        api_request("DynamoDB_20120810.CreateTable",
                    R"({"TableName":"things","BillingMode":"PAY_PER_REQUEST",)"
                    R"("AttributeDefinitions":[{"AttributeName":"id","AttributeType":"S"}],)"
                    R"("KeySchema":[{"AttributeName":"id","KeyType":"HASH"}]})"),
        &log);
  route(*db,
        api_request(
            "DynamoDB_20120810.GetItem",
            R"({"TableName":"things","Key":{"id":{"S":"a"}},"ReturnConsumedCapacity":"TOTAL"})"),
        &log);
  auto doc = log_json(*db, log);
  const auto& entries = doc["entries"];
  REQUIRE(entries.Size() == 2);
  const auto& get_item = entries[1];
  CHECK(std::string(get_item["operation"].GetString()) == "GetItem");
  CHECK(std::string(get_item["service"].GetString()) == "dynamodb");
  CHECK(std::string(get_item["table"].GetString()) == "things");
  CHECK(std::string(get_item["key"]["id"]["S"].GetString()) == "a");
  CHECK(get_item["status"].GetUint() == 200);
  CHECK(get_item["consumedCapacity"]["CapacityUnits"].GetDouble() == 0.5);
  CHECK(get_item["error"].IsNull());
  CHECK(std::string(get_item["request"]["TableName"].GetString()) == "things");
  CHECK(doc["lastId"].GetUint64() == 2);
}

TEST_CASE("console: a failed call is logged with its error type and message") {
  auto db = Database::open();
  RequestLog log;
  route(*db, api_request("DynamoDB_20120810.GetItem", R"({"TableName":"missing","Key":{}})"), &log);
  auto doc = log_json(*db, log);
  const auto& entry = doc["entries"][0];
  CHECK(entry["status"].GetUint() == 400);
  CHECK(std::string(entry["error"]["type"].GetString()) == "ResourceNotFoundException");
  CHECK(std::string(entry["error"]["message"].GetString()).size() > 0);
}

TEST_CASE("console: requests?after=<id> returns only newer entries, oldest first") {
  auto db = Database::open();
  RequestLog log;
  for (int i = 0; i < 3; ++i) route(*db, api_request("DynamoDB_20120810.ListTables", "{}"), &log);
  auto doc = log_json(*db, log, "?after=1");
  REQUIRE(doc["entries"].Size() == 2);
  CHECK(doc["entries"][0]["id"].GetUint64() == 2);
  CHECK(doc["entries"][1]["id"].GetUint64() == 3);
  CHECK(log_json(*db, log, "?after=3")["entries"].Size() == 0);
  auto limited = log_json(*db, log, "?after=0&limit=1");
  REQUIRE(limited["entries"].Size() == 1);
  CHECK(limited["entries"][0]["id"].GetUint64() == 3);
}

TEST_CASE("console: the requests endpoint is JSON that is never cached") {
  auto db = Database::open();
  RequestLog log;
  auto response = route(*db, get("/console/api/requests"), &log);
  CHECK(header(response, http::field::content_type) == "application/json");
  CHECK(header(response, http::field::cache_control) == "no-store");
}

TEST_CASE("console: GET requests are not recorded in the request log") {
  auto db = Database::open();
  RequestLog log;
  route(*db, get("/"), &log);
  route(*db, get("/console/main.js"), &log);
  CHECK(log_json(*db, log)["entries"].Size() == 0);
}

TEST_CASE("request log: keeps only the last `capacity` entries") {
  RequestLog log(2);
  for (int i = 0; i < 5; ++i) {
    log.record({.target = "DynamoDB_20120810.ListTables", .request_body = "{}", .status = 200});
  }
  auto doc = parse_json(log.entries_json(0, 100));
  REQUIRE(doc["entries"].Size() == 2);
  CHECK(doc["entries"][0]["id"].GetUint64() == 4);
  CHECK(doc["entries"][1]["id"].GetUint64() == 5);
}

TEST_CASE("request log: a body over the kept prefix is flagged truncated, without request") {
  RequestLog log;
  std::string body = R"({"TableName":"t","Item":{"x":{"S":")" +
                     std::string(RequestLog::kBodyPrefix, 'a') + R"("}}})";
  log.record({.target = "DynamoDB_20120810.PutItem", .request_body = body, .status = 200});
  auto doc = parse_json(log.entries_json(0, 10));
  CHECK(doc["entries"][0]["truncated"].GetBool());
  CHECK(doc["entries"][0]["request"].IsNull());
}

}  // namespace
}  // namespace dynamini
