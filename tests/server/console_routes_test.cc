// Console routes the embedding program registers (ServerOptions::
// console_routes) and the console's render endpoint, through route()
// without sockets. The server knows nothing of what the routes serve.

#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <vector>

#include "json_helpers.h"
#include "request_log.h"
#include "route.h"
#include "test_client.h"

namespace dynamini {
namespace {

namespace http = boost::beast::http;
using server::RequestLog;
using server::route;
using server::RouteContext;
using test::member;
using test::parse_json;

constexpr const char* kCreate =
    R"({"TableName":"things","BillingMode":"PAY_PER_REQUEST",)"
    R"("AttributeDefinitions":[{"AttributeName":"id","AttributeType":"S"}],)"
    R"("KeySchema":[{"AttributeName":"id","KeyType":"HASH"}]})";

server::Request get(std::string target) {
  server::Request request{http::verb::get, target, 11};
  request.set(http::field::host, "127.0.0.1:8000");
  return request;
}

server::Request post_json(std::string target, std::string body) {
  server::Request request{http::verb::post, target, 11};
  request.set(http::field::host, "127.0.0.1:8000");
  request.set(http::field::content_type, "application/json");
  request.set("x-dynamini-client", "console");
  request.body() = std::move(body);
  request.prepare_payload();
  return request;
}

std::string header(const server::Response& response, http::field field) {
  auto value = response[field];
  return std::string(value.data(), value.size());
}

// A route that echoes what its handler was given.
ConsoleRoute echo_route() {
  return {
      .method = "GET", .path = "/console/api/echo", .handler = [](const ConsoleRouteRequest& r) {
        return ConsoleRouteResponse{.status = 200,
                                    .body = R"({"query":")" + std::string(r.query) +
                                            R"(","endpoint":")" + std::string(r.endpoint) + R"("})",
                                    .content_type = "application/json"};
      }};
}

// A route that creates a table and reads it through ConsoleRouteRequest::call.
ConsoleRoute calling_route() {
  return {
      .method = "POST", .path = "/console/api/create", .handler = [](const ConsoleRouteRequest& r) {
        Result created = r.call("CreateTable", kCreate);
        Result missing = r.call("GetItem", R"({"TableName":"nope","Key":{"id":{"S":"a"}}})");
        return ConsoleRouteResponse{
            .status = created.ok() && !missing.ok() ? 200u : 500u,
            .body = R"({"body":")" + std::string(r.body.size() > 0 ? "yes" : "no") + R"("})",
            .content_type = "application/json"};
      }};
}

TEST_CASE("console routes: a registered GET route answers with its handler's reply") {
  auto db = Database::open();
  ServerOptions options;
  options.console_routes = {echo_route()};
  auto response = route(RouteContext{.db = *db, .options = &options}, get("/console/api/echo?x=1"));
  CHECK(response.result_int() == 200);
  CHECK(header(response, http::field::content_type) == "application/json");
  CHECK(header(response, http::field::cache_control) == "no-store");
  auto body = parse_json(response.body());
  CHECK(member(body, "query") == "x=1");
  CHECK(member(body, "endpoint") == "http://127.0.0.1:8000");
}

TEST_CASE("console routes: call() is answered by the database, logged with the client, observed") {
  auto db = Database::open();
  RequestLog log;
  std::vector<std::string> observed;
  ServerOptions options;
  options.console_routes = {calling_route()};
  options.request_observer = [&](const ApiCall& call) {
    observed.push_back(std::string(call.target) + " " + std::to_string(call.status));
  };
  auto response = route(RouteContext{.db = *db, .log = &log, .options = &options},
                        post_json("/console/api/create", "{}"));
  CHECK(response.result_int() == 200);
  CHECK(db->execute("DescribeTable", R"({"TableName":"things"})").ok());
  CHECK(observed == std::vector<std::string>{"DynamoDB_20120810.CreateTable 200",
                                             "DynamoDB_20120810.GetItem 400"});
  auto entries = parse_json(log.entries_json(0, 10));
  REQUIRE(entries["entries"].Size() == 2);
  CHECK(std::string(entries["entries"][0]["client"].GetString()) == "console");
  CHECK(std::string(entries["entries"][1]["error"]["type"].GetString()) ==
        "ResourceNotFoundException");
}

TEST_CASE("console routes: a POST without a JSON Content-Type is refused with 415") {
  auto db = Database::open();
  ServerOptions options;
  options.console_routes = {calling_route()};
  auto request = post_json("/console/api/create", "{}");
  request.set(http::field::content_type, "text/plain");
  auto response = route(RouteContext{.db = *db, .options = &options}, request);
  CHECK(response.result_int() == 415);
  CHECK(!db->execute("DescribeTable", R"({"TableName":"things"})").ok());
}

TEST_CASE("console routes: unregistered API paths and methods are JSON 404s") {
  auto db = Database::open();
  ServerOptions options;
  options.console_routes = {echo_route()};
  RouteContext context{.db = *db, .options = &options};
  auto missing = route(context, get("/console/api/model"));
  CHECK(missing.result_int() == 404);
  CHECK(header(missing, http::field::content_type) == "application/json");
  CHECK(member(parse_json(missing.body()), "error") ==
        "no console endpoint GET /console/api/model");
  CHECK(route(context, post_json("/console/api/echo", "{}")).result_int() == 404);
}

TEST_CASE("console routes: a handler's exception is a 500 with its message") {
  auto db = Database::open();
  ServerOptions options;
  options.console_routes = {{.method = "GET",
                             .path = "/console/api/boom",
                             .handler = [](const ConsoleRouteRequest&) -> ConsoleRouteResponse {
                               throw std::runtime_error("boom");
                             }}};
  auto response = route(RouteContext{.db = *db, .options = &options}, get("/console/api/boom"));
  CHECK(response.result_int() == 500);
  CHECK(member(parse_json(response.body()), "error") == "boom");
}

TEST_CASE("console routes: with --auth they are off like the rest of the console") {
  auto db = Database::open();
  ServerOptions options;
  options.console_routes = {calling_route()};
  options.auth = AccessKey{"AKID", "secret"};
  auto response =
      route(RouteContext{.db = *db, .options = &options}, post_json("/console/api/create", "{}"));
  CHECK(response.result_int() == 403);
  CHECK(!db->execute("DescribeTable", R"({"TableName":"things"})").ok());
}

TEST_CASE("console render: the AWS CLI command and the cost of one call") {
  auto db = Database::open();
  auto response = route(
      *db,
      post_json("/console/api/render",
                R"({"target":"DynamoDB_20120810.GetItem",)"
                R"("request":"{\"TableName\":\"things\",\"Key\":{\"id\":{\"S\":\"a\"}}}",)"
                R"("response":{"ConsumedCapacity":{"TableName":"things","CapacityUnits":0.5}}})"));
  REQUIRE(response.result_int() == 200);
  auto body = parse_json(response.body());
  CHECK(member(body, "awsCli") ==
        R"(aws dynamodb get-item --table-name things --key '{"id":{"S":"a"}}' )"
        "--endpoint-url http://127.0.0.1:8000");
  CHECK(body["cost"]["read"].GetDouble() == 0.5);
  CHECK(body["cost"]["write"].GetDouble() == 0);
  CHECK(std::string(body["cost"]["text"].GetString()) == "0.5 RCU");
}

TEST_CASE("console render: without a response there is no cost; a bad body is a 400") {
  auto db = Database::open();
  auto no_cost =
      route(*db, post_json("/console/api/render", R"({"target":"PutItem","request":"not json"})"));
  REQUIRE(no_cost.result_int() == 200);
  auto body = parse_json(no_cost.body());
  CHECK(member(body, "awsCli") ==
        "aws dynamodb put-item --cli-input-json 'not json' --endpoint-url http://127.0.0.1:8000");
  CHECK(body["cost"].IsNull());
  CHECK(route(*db, post_json("/console/api/render", R"({"target":"PutItem"})")).result_int() ==
        400);
  CHECK(route(*db, get("/console/api/render")).result_int() == 405);
}

TEST_CASE("console: the request log's entries carry the server's cost and AWS CLI command") {
  auto db = Database::open();
  RequestLog log;
  route(*db, test::api_request("DynamoDB_20120810.CreateTable", kCreate), &log);
  route(*db,
        test::api_request(
            "DynamoDB_20120810.GetItem",
            R"({"TableName":"things","Key":{"id":{"S":"a"}},"ReturnConsumedCapacity":"TOTAL"})"),
        &log);
  auto response = route(*db, get("/console/api/requests"), &log);
  auto doc = parse_json(response.body());
  const auto& get_item = doc["entries"][1];
  CHECK(std::string(get_item["cost"]["text"].GetString()) == "0.5 RCU");
  CHECK(std::string(get_item["awsCli"].GetString()) ==
        R"(aws dynamodb get-item --table-name things --key '{"id":{"S":"a"}}' )"
        "--return-consumed-capacity TOTAL --endpoint-url http://127.0.0.1:8000");
  CHECK(doc["entries"][0]["cost"].IsNull());
}

}  // namespace
}  // namespace dynamini
