// route(): the pure request handler, without sockets.

#include "route.h"

#include <doctest/doctest.h>

#include <memory>
#include <string>

#include "crc32.h"
#include "json_helpers.h"
#include "test_client.h"

namespace dynamini {
namespace {

namespace http = boost::beast::http;
using server::route;
using test::api_request;
using test::member;
using test::parse_json;

std::unique_ptr<Database> memory_db() { return Database::open(); }

std::string error_name(const server::Response& response) {
  std::string type = member(parse_json(response.body()), "__type");
  return type.substr(type.find('#') + 1);
}

TEST_CASE("route: x-amz-crc32 is the CRC32 of the exact body bytes") {
  auto db = memory_db();
  for (const auto& response :
       {route(*db, api_request("", "{}")),
        route(*db, api_request("DynamoDB_20120810.ListTables", "{}")),
        route(*db, http::request<http::string_body>{http::verb::get, "/", 11})}) {
    CHECK(response[http::field::content_length] == std::to_string(response.body().size()));
    CHECK(response["x-amz-crc32"] == std::to_string(server::crc32(response.body())));
  }
}

TEST_CASE("route: every response has a fresh 52-character x-amzn-RequestId") {
  auto db = memory_db();
  auto first = route(*db, api_request("", "{}"));
  auto second = route(*db, api_request("", "{}"));
  CHECK(first["x-amzn-RequestId"].size() == 52);
  CHECK(second["x-amzn-RequestId"].size() == 52);
  CHECK(first["x-amzn-RequestId"] != second["x-amzn-RequestId"]);
}

TEST_CASE("route: Content-Type is application/x-amz-json-1.0") {
  auto db = memory_db();
  auto response = route(*db, api_request("DynamoDB_20120810.ListTables", "{}"));
  CHECK(response[http::field::content_type] == "application/x-amz-json-1.0");
}

TEST_CASE("route: a missing X-Amz-Target is UnknownOperationException 400") {
  auto db = memory_db();
  auto response = route(*db, api_request("", "{}"));
  CHECK(response.result_int() == 400);
  CHECK(error_name(response) == "UnknownOperationException");
  // No message member, as DynamoDB answers (dynalite's test/connection.js).
  CHECK(response.body() == R"({"__type":"com.amazon.coral.service#UnknownOperationException"})");
}

TEST_CASE("route: an unknown target prefix is UnknownOperationException 400") {
  auto db = memory_db();
  auto response = route(*db, api_request("DynamoDB_20111205.ListTables", "{}"));
  CHECK(response.result_int() == 400);
  CHECK(error_name(response) == "UnknownOperationException");
}

TEST_CASE("route: an unknown operation is UnknownOperationException 400") {
  auto db = memory_db();
  auto response = route(*db, api_request("DynamoDB_20120810.Frobnicate", "{}"));
  CHECK(response.result_int() == 400);
  CHECK(error_name(response) == "UnknownOperationException");
  CHECK(response.body() == R"({"__type":"com.amazon.coral.service#UnknownOperationException"})");
}

TEST_CASE("route: a malformed JSON body is SerializationException 400") {
  auto db = memory_db();
  auto response = route(*db, api_request("DynamoDB_20120810.ListTables", "{\"Limit\":"));
  CHECK(response.result_int() == 400);
  CHECK(error_name(response) == "SerializationException");
  // No message member, as DynamoDB answers (dynalite's test/connection.js).
  CHECK(response.body() == R"({"__type":"com.amazon.coral.service#SerializationException"})");
}

TEST_CASE("route: the DynamoDBStreams_20120810 prefix reaches the engine") {
  auto db = memory_db();
  // The engine, not route(), answers: the JSON is checked, so the prefix was
  // accepted and the operation name passed on.
  auto response = route(*db, api_request("DynamoDBStreams_20120810.ListTables", "{\"Limit\":"));
  CHECK(response.result_int() == 400);
  CHECK(error_name(response) == "SerializationException");
}

TEST_CASE("route: a successful call answers the engine's body as is") {
  auto db = memory_db();
  auto response = route(*db, api_request("DynamoDB_20120810.ListTables", "{}"));
  CHECK(response.result_int() == 200);
  CHECK(response.body() == db->execute("ListTables", "{}").body);
}

TEST_CASE("route: application/json and x-amz-json-1.1 are accepted") {
  auto db = memory_db();
  for (const char* type : {"application/json", "application/x-amz-json-1.1",
                           "application/x-amz-json-1.0; charset=utf-8"}) {
    auto request = api_request("DynamoDB_20120810.ListTables", "{}");
    request.set(http::field::content_type, type);
    CHECK_MESSAGE(route(*db, request).result_int() == 200, type);
  }
}

TEST_CASE("route: a non-JSON Content-Type is rejected with a 400") {
  auto db = memory_db();
  auto request = api_request("DynamoDB_20120810.ListTables", "{}");
  request.set(http::field::content_type, "application/x-www-form-urlencoded");
  auto response = route(*db, request);
  CHECK(response.result_int() == 400);
  CHECK(error_name(response) == "UnknownOperationException");
}

TEST_CASE("route: any region and credentials reach the same tables") {
  auto db = memory_db();
  auto create =
      api_request("DynamoDB_20120810.CreateTable",
                  R"({"TableName":"tbl","KeySchema":[{"AttributeName":"pk","KeyType":"HASH"}],)"
                  R"("AttributeDefinitions":[{"AttributeName":"pk","AttributeType":"S"}],)"
                  R"("BillingMode":"PAY_PER_REQUEST"})");
  create.set(http::field::authorization,
             "AWS4-HMAC-SHA256 Credential=AKIDONE/20240101/eu-west-3/dynamodb/"
             "aws4_request, SignedHeaders=host, Signature=abc");
  REQUIRE(route(*db, create).result_int() == 200);
  auto describe = api_request("DynamoDB_20120810.DescribeTable", R"({"TableName":"tbl"})");
  describe.set(http::field::authorization,
               "AWS4-HMAC-SHA256 Credential=other/20240101/localhost/dynamodb/"
               "aws4_request, SignedHeaders=host, Signature=def");
  CHECK(route(*db, describe).result_int() == 200);
  auto unsigned_describe = api_request("DynamoDB_20120810.DescribeTable", R"({"TableName":"tbl"})");
  CHECK(route(*db, unsigned_describe).result_int() == 200);
}

TEST_CASE("route: GET / is a 200 health check") {
  auto db = memory_db();
  auto response = route(*db, http::request<http::string_body>{http::verb::get, "/", 11});
  CHECK(response.result_int() == 200);
  auto doc = parse_json(response.body());
  CHECK(member(doc, "status") == "ok");
  CHECK(member(doc, "service") == "dynamini");
}

TEST_CASE("route: HEAD / answers the health headers without a body") {
  auto db = memory_db();
  auto response = route(*db, http::request<http::string_body>{http::verb::head, "/", 11});
  CHECK(response.result_int() == 200);
  CHECK(response.body().empty());
  CHECK(response[http::field::content_length] != "0");
}

TEST_CASE("route: OPTIONS answers a CORS preflight") {
  auto db = memory_db();
  http::request<http::string_body> request{http::verb::options, "/", 11};
  request.set(http::field::origin, "http://localhost:3000");
  request.set(http::field::access_control_request_method, "POST");
  request.set(http::field::access_control_request_headers,
              "content-type,x-amz-target,authorization");
  auto response = route(*db, request);
  CHECK(response.result_int() == 200);
  CHECK(response[http::field::access_control_allow_origin] == "*");
  CHECK(std::string(response[http::field::access_control_allow_methods]).find("POST") !=
        std::string::npos);
  CHECK(response[http::field::access_control_allow_headers] ==
        "content-type,x-amz-target,authorization");
}

TEST_CASE("route: API responses allow any origin") {
  auto db = memory_db();
  auto response = route(*db, api_request("DynamoDB_20120810.ListTables", "{}"));
  CHECK(response[http::field::access_control_allow_origin] == "*");
  CHECK(std::string(response[http::field::access_control_expose_headers]).find("x-amz-crc32") !=
        std::string::npos);
}

TEST_CASE("route: keep-alive follows the request") {
  auto db = memory_db();
  auto request = api_request("DynamoDB_20120810.ListTables", "{}");
  request.keep_alive(true);
  CHECK(route(*db, request).keep_alive());
  request.keep_alive(false);
  CHECK_FALSE(route(*db, request).keep_alive());
}

TEST_CASE("route: other HTTP methods answer UnknownOperationException") {
  auto db = memory_db();
  auto response = route(*db, http::request<http::string_body>{http::verb::delete_, "/", 11});
  CHECK(response.result_int() == 400);
  CHECK(error_name(response) == "UnknownOperationException");
}

}  // namespace
}  // namespace dynamini
