// route() with a server's options: CORS allow list, request observer (with
// the capacity probe), admin endpoint and SigV4 verification.

#include <doctest/doctest.h>

#include <ctime>
#include <memory>
#include <string>
#include <vector>

#include "admin_route.h"
#include "json_helpers.h"
#include "route.h"
#include "sigv4/signature.h"
#include "sigv4_check.h"
#include "test_client.h"

namespace dynamini {
namespace {

namespace http = boost::beast::http;
using server::AdminSnapshots;
using server::route;
using server::RouteContext;
using test::api_request;
using test::member;
using test::parse_json;

constexpr const char* kCreate =
    R"({"TableName":"things","BillingMode":"PAY_PER_REQUEST",)"
    R"("AttributeDefinitions":[{"AttributeName":"id","AttributeType":"S"}],)"
    R"("KeySchema":[{"AttributeName":"id","KeyType":"HASH"}]})";

std::string error_name(const server::Response& response) {
  std::string type = member(parse_json(response.body()), "__type");
  return type.substr(type.find('#') + 1);
}

server::Request with_origin(server::Request request, const char* origin) {
  request.set(http::field::origin, origin);
  return request;
}

server::Request admin_request(const std::string& target) {
  server::Request request{http::verb::post, target, 11};
  request.prepare_payload();
  return request;
}

std::string amz_now() {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y%m%dT%H%M%SZ", &tm);
  return buf;
}

// `request` signed with SigV4 for `key`/`secret` (region us-west-2).
server::Request signed_request(server::Request request, const std::string& key,
                               const std::string& secret) {
  const std::string date = amz_now();
  request.set(http::field::host, "localhost");
  request.set("X-Amz-Date", date);
  const std::string scope = date.substr(0, 8) + "/us-west-2/dynamodb/aws4_request";
  sigv4::SignedRequest s{.method = "POST", .target = "/", .headers = {}, .body = request.body()};
  for (const auto& field : request) {
    s.headers.emplace_back(std::string_view(field.name_string().data(), field.name_string().size()),
                           std::string_view(field.value().data(), field.value().size()));
  }
  const char* signed_headers = "content-type;host;x-amz-date;x-amz-target";
  const std::string signature = sigv4::compute_signature(s, signed_headers, secret, date, scope);
  request.set(http::field::authorization, "AWS4-HMAC-SHA256 Credential=" + key + "/" + scope +
                                              ", SignedHeaders=" + signed_headers +
                                              ", Signature=" + signature);
  return request;
}

// The access rules a Server on a loopback address makes of `options`.
AccessRules loopback_rules(const ServerOptions& options) {
  return AccessRules{.origins = split_origins(options.cors_origins),
                     .hosts = options.allowed_hosts,
                     .check_host = true};
}

server::Request with_host(server::Request request, const char* host) {
  request.set(http::field::host, host);
  return request;
}

TEST_CASE("cors: '*' allows every origin") {
  auto db = Database::open();
  ServerOptions options;
  options.cors_origins = "*";
  const AccessRules rules = loopback_rules(options);
  auto response =
      route(RouteContext{.db = *db, .options = &options, .access = &rules},
            with_origin(api_request("DynamoDB_20120810.ListTables", "{}"), "https://app.example"));
  CHECK(response.result_int() == 200);
  CHECK(response[http::field::access_control_allow_origin] == "*");
}

TEST_CASE("cors: by default loopback origins and the server's own are echoed back") {
  auto db = Database::open();
  ServerOptions options;
  const AccessRules rules = loopback_rules(options);
  const RouteContext context{.db = *db, .options = &options, .access = &rules};
  for (const char* origin : {"http://localhost:5173", "http://127.0.0.1:3000", "http://[::1]:8080",
                             "https://localhost", "http://127.0.0.1:8000"}) {
    CAPTURE(origin);
    auto response = route(
        context, with_host(with_origin(api_request("DynamoDB_20120810.ListTables", "{}"), origin),
                           "127.0.0.1:8000"));
    CHECK(response.result_int() == 200);
    CHECK(response[http::field::access_control_allow_origin] == origin);
    CHECK(response[http::field::vary] == "Origin");
  }
  // No Origin (an SDK): answered, without Access-Control-Allow-Origin.
  auto sdk = route(context, api_request("DynamoDB_20120810.ListTables", "{}"));
  CHECK(sdk.result_int() == 200);
  CHECK(sdk.find(http::field::access_control_allow_origin) == sdk.end());
}

TEST_CASE("cors: by default another site's page is refused with 403, naming --cors") {
  auto db = Database::open();
  ServerOptions options;
  const AccessRules rules = loopback_rules(options);
  const RouteContext context{.db = *db, .options = &options, .access = &rules};
  for (const char* origin : {"https://evil.example", "http://localhost.evil.example", "null"}) {
    CAPTURE(origin);
    auto call =
        route(context, with_origin(api_request("DynamoDB_20120810.ListTables", "{}"), origin));
    CHECK(call.result_int() == 403);
    CHECK(error_name(call) == "AccessDeniedException");
    CHECK(member(parse_json(call.body()), "message").find("--cors " + std::string(origin)) !=
          std::string::npos);
    CHECK(call.find(http::field::access_control_allow_origin) == call.end());
    CHECK(call.body().find("TableNames") == std::string::npos);
  }
  server::Request preflight{http::verb::options, "/", 11};
  auto answer = route(context, with_origin(preflight, "https://evil.example"));
  CHECK(answer.result_int() == 403);
  CHECK(answer.find(http::field::access_control_allow_origin) == answer.end());
}

TEST_CASE("cors: a listed origin is echoed back, an unlisted one refused") {
  auto db = Database::open();
  ServerOptions options;
  options.cors_origins = "https://a.example, https://app.example/";
  const AccessRules rules = loopback_rules(options);
  const RouteContext context{.db = *db, .options = &options, .access = &rules};
  auto response = route(context, with_origin(api_request("DynamoDB_20120810.ListTables", "{}"),
                                             "https://app.example"));
  CHECK(response.result_int() == 200);
  CHECK(response[http::field::access_control_allow_origin] == "https://app.example");
  CHECK(response[http::field::vary] == "Origin");
  auto call = route(context, with_origin(api_request("DynamoDB_20120810.ListTables", "{}"),
                                         "https://evil.example"));
  CHECK(call.result_int() == 403);
  CHECK(call.find(http::field::access_control_allow_origin) == call.end());
}

TEST_CASE("hosts: on loopback another Host name is refused with 403, naming --allow-host") {
  auto db = Database::open();
  ServerOptions options;
  options.admin = true;
  AdminSnapshots snapshots;
  const AccessRules rules = loopback_rules(options);
  const RouteContext context{
      .db = *db, .options = &options, .snapshots = &snapshots, .access = &rules};
  for (const char* host : {"127.0.0.1:8000", "localhost:8000", "[::1]:8000", "127.0.0.1"}) {
    CAPTURE(host);
    CHECK(route(context, with_host(api_request("DynamoDB_20120810.ListTables", "{}"), host))
              .result_int() == 200);
  }
  // The API and the admin endpoint: DynamoDB's error, which SDKs show.
  for (auto request : {api_request("DynamoDB_20120810.ListTables", "{}"),
                       admin_request("/dynamini/admin/reset")}) {
    auto response = route(context, with_host(request, "evil.example:8000"));
    CAPTURE(request.target());
    CHECK(response.result_int() == 403);
    CHECK(error_name(response) == "AccessDeniedException");
    CHECK(member(parse_json(response.body()), "message").find("--allow-host evil.example ") !=
          std::string::npos);
  }
  // The console and the health check, opened in a browser: the same words
  // as text.
  for (const char* target : {"/console", "/"}) {
    auto response =
        route(context, with_host(server::Request{http::verb::get, target, 11}, "evil.example"));
    CAPTURE(target);
    CHECK(response.result_int() == 403);
    CHECK(response[http::field::content_type] == "text/plain; charset=utf-8");
    CHECK(response.body().find("--allow-host evil.example ") != std::string::npos);
  }
  // HEAD: the same status, no body.
  auto head = route(context, with_host(server::Request{http::verb::head, "/", 11}, "evil.example"));
  CHECK(head.result_int() == 403);
  CHECK(head.body().empty());
}

TEST_CASE("hosts: --allow-host admits a name; off a loopback address every name is answered") {
  auto db = Database::open();
  ServerOptions options;
  options.allowed_hosts = {"dynamini"};
  const AccessRules allowed = loopback_rules(options);
  const RouteContext listed{.db = *db, .options = &options, .access = &allowed};
  auto request = api_request("DynamoDB_20120810.ListTables", "{}");
  CHECK(route(listed, with_host(request, "dynamini:8000")).result_int() == 200);
  CHECK(route(listed, with_host(request, "evil.example")).result_int() == 403);
  const AccessRules open{.origins = {}, .hosts = {}, .check_host = false};
  const RouteContext any{.db = *db, .options = &options, .access = &open};
  CHECK(route(any, with_host(request, "evil.example")).result_int() == 200);
}

TEST_CASE("observer: called once per API call with target, bodies, status and latency") {
  auto db = Database::open();
  std::vector<std::string> seen;
  ServerOptions options;
  options.request_observer = [&](const ApiCall& call) {
    seen.push_back(std::string(call.target) + " " + std::to_string(call.status) + " " +
                   std::string(call.request_body));
  };
  RouteContext context{.db = *db, .options = &options};
  route(context, api_request("DynamoDB_20120810.ListTables", "{}"));
  route(context, api_request("DynamoDB_20120810.DescribeTable", R"({"TableName":"none"})"));
  REQUIRE(seen.size() == 2);
  CHECK(seen[0] == "DynamoDB_20120810.ListTables 200 {}");
  CHECK(seen[1] == R"(DynamoDB_20120810.DescribeTable 400 {"TableName":"none"})");
}

TEST_CASE("observer: sees the capacity the client did not ask for, as data; the client does not") {
  auto db = Database::open();
  REQUIRE(db->execute("CreateTable", kCreate).ok());
  std::string observed_body;
  std::vector<api::ConsumedCapacity> observed;
  ServerOptions options;
  options.request_observer = [&](const ApiCall& call) {
    observed_body = call.response_body;
    if (call.consumed_capacity) observed = *call.consumed_capacity;
  };
  auto response = route(RouteContext{.db = *db, .options = &options},
                        api_request("DynamoDB_20120810.PutItem",
                                    R"({"TableName":"things","Item":{"id":{"S":"a"}}})"));
  CHECK(response.result_int() == 200);
  CHECK(response.body() == "{}");
  CHECK(observed_body == "{}");
  REQUIRE(observed.size() == 1);
  CHECK(observed[0].table_name == "things");
  CHECK(observed[0].capacity_units == 1.0);
}

TEST_CASE("observer: a client that asks for capacity gets it unchanged") {
  auto db = Database::open();
  REQUIRE(db->execute("CreateTable", kCreate).ok());
  ServerOptions options;
  options.request_observer = [](const ApiCall&) {};
  auto response = route(
      RouteContext{.db = *db, .options = &options},
      api_request(
          "DynamoDB_20120810.GetItem",
          R"({"TableName":"things","Key":{"id":{"S":"a"}},"ReturnConsumedCapacity":"TOTAL"})"));
  CHECK(response.body().find("\"ConsumedCapacity\"") != std::string::npos);
}

TEST_CASE("admin: off by default, /dynamini/admin paths answer 404") {
  auto db = Database::open();
  ServerOptions options;
  AdminSnapshots snapshots;
  auto response = route(RouteContext{.db = *db, .options = &options, .snapshots = &snapshots},
                        admin_request("/dynamini/admin/reset"));
  CHECK(response.result_int() == 404);
}

TEST_CASE("admin: reset returns to the marked initial state") {
  auto db = Database::open();
  REQUIRE(db->execute("CreateTable", kCreate).ok());
  db->mark_initial_state();
  REQUIRE(db->execute("PutItem", R"({"TableName":"things","Item":{"id":{"S":"a"}}})").ok());
  ServerOptions options;
  options.admin = true;
  AdminSnapshots snapshots;
  auto response = route(RouteContext{.db = *db, .options = &options, .snapshots = &snapshots},
                        admin_request("/dynamini/admin/reset"));
  CHECK(response.result_int() == 200);
  CHECK(response.body() == R"({"reset":true})");
  CHECK(db->execute("Scan", R"({"TableName":"things"})").body.find("\"Count\":0") !=
        std::string::npos);
}

TEST_CASE("admin: snapshot then restore by name brings the data back") {
  auto db = Database::open();
  REQUIRE(db->execute("CreateTable", kCreate).ok());
  REQUIRE(db->execute("PutItem", R"({"TableName":"things","Item":{"id":{"S":"a"}}})").ok());
  ServerOptions options;
  options.admin = true;
  AdminSnapshots snapshots;
  RouteContext context{.db = *db, .options = &options, .snapshots = &snapshots};
  CHECK(route(context, admin_request("/dynamini/admin/snapshot?name=one")).body() ==
        R"({"snapshot":"one"})");
  REQUIRE(db->execute("DeleteTable", R"({"TableName":"things"})").ok());
  CHECK(route(context, admin_request("/dynamini/admin/restore?name=one")).result_int() == 200);
  CHECK(db->execute("GetItem", R"({"TableName":"things","Key":{"id":{"S":"a"}}})")
            .body.find("Item") != std::string::npos);
}

TEST_CASE("admin: restoring an unknown name is 404, a missing name 400") {
  auto db = Database::open();
  ServerOptions options;
  options.admin = true;
  AdminSnapshots snapshots;
  RouteContext context{.db = *db, .options = &options, .snapshots = &snapshots};
  CHECK(route(context, admin_request("/dynamini/admin/restore?name=nope")).result_int() == 404);
  CHECK(route(context, admin_request("/dynamini/admin/snapshot")).result_int() == 400);
}

TEST_CASE("auth: an unsigned API call is MissingAuthenticationTokenException") {
  auto db = Database::open();
  ServerOptions options;
  options.auth = AccessKey{"AKID", "secret"};
  auto response = route(RouteContext{.db = *db, .options = &options},
                        api_request("DynamoDB_20120810.ListTables", "{}"));
  CHECK(response.result_int() == 400);
  CHECK(error_name(response) == "MissingAuthenticationTokenException");
}

TEST_CASE("auth: a call signed with the configured key and any region is served") {
  auto db = Database::open();
  ServerOptions options;
  options.auth = AccessKey{"AKID", "secret"};
  auto response =
      route(RouteContext{.db = *db, .options = &options},
            signed_request(api_request("DynamoDB_20120810.ListTables", "{}"), "AKID", "secret"));
  CHECK(response.result_int() == 200);
}

TEST_CASE("auth: an unsigned admin reset is refused") {
  auto db = Database::open();
  ServerOptions options;
  options.admin = true;
  options.auth = AccessKey{"AKID", "secret"};
  AdminSnapshots snapshots;
  auto response = route(RouteContext{.db = *db, .options = &options, .snapshots = &snapshots},
                        admin_request("/dynamini/admin/reset"));
  CHECK(response.result_int() == 400);
  CHECK(error_name(response) == "MissingAuthenticationTokenException");
}

TEST_CASE("auth: the console answers 403 with an explanation instead of its page and log") {
  auto db = Database::open();
  ServerOptions options;
  options.auth = AccessKey{"AKID", "secret"};
  for (const char* target : {"/console", "/console/api/requests"}) {
    server::Request request{http::verb::get, target, 11};
    auto response = route(RouteContext{.db = *db, .options = &options}, request);
    CHECK(response.result_int() == 403);
    CHECK(response.body().find("--auth") != std::string::npos);
  }
}

}  // namespace
}  // namespace dynamini
