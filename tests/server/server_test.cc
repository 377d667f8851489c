// Server: a real listener on port 0, spoken to over real sockets.

#include "dynamini/server.h"

#include <doctest/doctest.h>

#include <boost/asio/ip/tcp.hpp>
#include <memory>
#include <stdexcept>
#include <string>

#include "json_helpers.h"
#include "test_client.h"

namespace dynamini {
namespace {

namespace http = boost::beast::http;
using test::api_request;
using test::member;
using test::parse_json;
using test::TestClient;

ServerOptions test_options() {
  ServerOptions options;
  options.port = 0;
  options.threads = 2;
  return options;
}

std::string error_name(const http::response<http::string_body>& response) {
  std::string type = member(parse_json(response.body()), "__type");
  return type.substr(type.find('#') + 1);
}

http::request<http::string_body> health_request() {
  http::request<http::string_body> request{http::verb::get, "/", 11};
  request.keep_alive(true);
  return request;
}

TEST_CASE("Server: port 0 binds a free port and answers over a socket") {
  auto db = Database::open();
  Server server(*db, test_options());
  REQUIRE(server.port() != 0);
  CHECK(server.endpoint() == "http://127.0.0.1:" + std::to_string(server.port()));
  server.start();
  TestClient client(server.port());
  auto response = client.send(api_request("DynamoDB_20120810.ListTables", "{}"));
  CHECK(response.result_int() == 200);
  CHECK(response["x-amzn-RequestId"].size() == 52);
  CHECK_FALSE(response["x-amz-crc32"].empty());
  server.stop();
}

TEST_CASE("Server: two sequential requests share one keep-alive connection") {
  auto db = Database::open();
  Server server(*db, test_options());
  server.start();
  TestClient client(server.port());
  auto first = client.send(api_request("DynamoDB_20120810.ListTables", "{}"));
  CHECK(first.result_int() == 200);
  CHECK(first.keep_alive());
  auto second = client.send(api_request("DynamoDB_20120810.ListTables", "{\"Limit\":"));
  CHECK(second.result_int() == 400);
  CHECK(error_name(second) == "SerializationException");
  auto third = client.send(health_request());
  CHECK(third.result_int() == 200);
}

TEST_CASE("Server: pipelined requests are answered in order") {
  auto db = Database::open();
  Server server(*db, test_options());
  server.start();
  TestClient client(server.port());
  const std::string list_tables =
      "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\n"
      "X-Amz-Target: DynamoDB_20120810.ListTables\r\n"
      "Content-Type: application/x-amz-json-1.0\r\nContent-Length: 2\r\n\r\n{}";
  client.write_raw(list_tables + "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" + list_tables);
  auto first = client.receive();
  auto second = client.receive();
  auto third = client.receive();
  CHECK(first.result_int() == 200);
  CHECK(member(parse_json(first.body()), "service").starts_with("<missing"));
  CHECK(member(parse_json(second.body()), "service") == "dynamini");
  CHECK(third.result_int() == 200);
}

TEST_CASE("Server: Connection: close is honoured") {
  auto db = Database::open();
  Server server(*db, test_options());
  server.start();
  TestClient client(server.port());
  auto request = health_request();
  request.keep_alive(false);
  auto response = client.send(request);
  CHECK(response.result_int() == 200);
  CHECK_FALSE(response.keep_alive());
  CHECK(client.closed_by_server());
}

TEST_CASE("Server: a body over the limit gets 413 and the server keeps serving") {
  auto db = Database::open();
  ServerOptions options = test_options();
  options.body_limit = 1024;
  Server server(*db, options);
  server.start();
  {
    TestClient client(server.port());
    auto response =
        client.send(api_request("DynamoDB_20120810.ListTables", std::string(200 * 1024, ' ')));
    CHECK(response.result_int() == 413);
    CHECK(error_name(response) == "ValidationException");
    CHECK(client.closed_by_server());
  }
  TestClient client(server.port());
  CHECK(client.send(health_request()).result_int() == 200);
}

TEST_CASE("Server: a chunked body over the limit gets 413") {
  auto db = Database::open();
  ServerOptions options = test_options();
  options.body_limit = 1024;
  Server server(*db, options);
  server.start();
  TestClient client(server.port());
  auto request = api_request("DynamoDB_20120810.ListTables", std::string(8 * 1024, ' '));
  request.chunked(true);
  auto response = client.send(request);
  CHECK(response.result_int() == 413);
  TestClient next(server.port());
  CHECK(next.send(health_request()).result_int() == 200);
}

TEST_CASE("Server: a 16 MiB body limit is the default") {
  CHECK(ServerOptions{}.body_limit == 16u * 1024 * 1024);
}

TEST_CASE("Server: malformed HTTP gets a 400 and the server keeps serving") {
  auto db = Database::open();
  Server server(*db, test_options());
  server.start();
  {
    TestClient client(server.port());
    client.write_raw("POST / HTTP/1.1\r\nContent-Length: banana\r\n\r\n{}");
    auto response = client.receive();
    CHECK(response.result_int() == 400);
  }
  TestClient client(server.port());
  CHECK(client.send(health_request()).result_int() == 200);
}

TEST_CASE("Server: Expect: 100-continue gets a 100 before the answer") {
  auto db = Database::open();
  Server server(*db, test_options());
  server.start();
  TestClient client(server.port());
  client.write_raw(
      "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\n"
      "X-Amz-Target: DynamoDB_20120810.ListTables\r\n"
      "Content-Type: application/x-amz-json-1.0\r\n"
      "Expect: 100-continue\r\nContent-Length: 2\r\n\r\n");
  auto interim = client.receive();
  CHECK(interim.result_int() == 100);
  client.write_raw("{}");
  CHECK(client.receive().result_int() == 200);
}

TEST_CASE("Server: the constructor throws a clear error when the port is taken") {
  auto db = Database::open();
  Server first(*db, test_options());
  ServerOptions options = test_options();
  options.port = first.port();
  try {
    Server second(*db, options);
    FAIL("a second server bound the same port");
  } catch (const std::runtime_error& e) {
    std::string message = e.what();
    CHECK(message.find("cannot listen on 127.0.0.1:" + std::to_string(first.port())) !=
          std::string::npos);
  }
}

TEST_CASE("Server: stop() is idempotent and frees the port") {
  auto db = Database::open();
  auto server = std::make_unique<Server>(*db, test_options());
  const uint16_t port = server->port();
  server->start();
  {
    TestClient client(port);
    CHECK(client.send(health_request()).result_int() == 200);
    server->stop();
    server->stop();
    CHECK(client.closed_by_server());
  }
  server.reset();
  ServerOptions options = test_options();
  options.port = port;
  Server again(*db, options);
  CHECK(again.port() == port);
}

TEST_CASE("Server: the destructor stops a server with an idle connection") {
  auto db = Database::open();
  auto server = std::make_unique<Server>(*db, test_options());
  server->start();
  TestClient client(server->port());
  CHECK(client.send(health_request()).result_int() == 200);
  server.reset();  // must not hang on the idle keep-alive connection
  CHECK(client.closed_by_server());
}

TEST_CASE("Server: stop() without start() releases the port") {
  auto db = Database::open();
  Server server(*db, test_options());
  server.stop();
  boost::asio::io_context io;
  boost::asio::ip::tcp::socket socket(io);
  boost::system::error_code ec;
  socket.connect({boost::asio::ip::make_address("127.0.0.1"), server.port()}, ec);
  CHECK(ec);
}

}  // namespace
}  // namespace dynamini
