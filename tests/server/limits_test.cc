// Server resource limits and graceful shutdown over real sockets: total
// header/body read deadlines (slowloris), the keep-alive idle bound, the
// connection limit, bounded pipelining, and Server::shutdown().

#include <doctest/doctest.h>
#include <sys/socket.h>

#include <atomic>
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <chrono>
#include <future>
#include <string>
#include <thread>

#include "dynamini/server.h"
#include "json_helpers.h"
#include "test_client.h"

namespace dynamini {
namespace {

namespace asio = boost::asio;
using asio::ip::tcp;
using Clock = std::chrono::steady_clock;
using test::api_request;
using test::TestClient;

ServerOptions test_options() {
  ServerOptions options;
  options.port = 0;
  options.threads = 2;
  return options;
}

std::string raw_put(int i) {
  const std::string body = R"({"TableName":"things","Item":{"id":{"S":"k"},"v":{"N":")" +
                           std::to_string(i) + R"("}},"ReturnValues":"ALL_OLD"})";
  return "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Amz-Target: DynamoDB_20120810.PutItem\r\n"
         "Content-Type: application/x-amz-json-1.0\r\nContent-Length: " +
         std::to_string(body.size()) + "\r\n\r\n" + body;
}

void create_things(Database& db) {
  REQUIRE(db.execute("CreateTable",
                     R"({"TableName":"things","BillingMode":"PAY_PER_REQUEST",)"
                     R"("AttributeDefinitions":[{"AttributeName":"id","AttributeType":"S"}],)"
                     R"("KeySchema":[{"AttributeName":"id","KeyType":"HASH"}]})")
              .ok());
}

// Sends `prefix`, then trickles `trickle` a byte every 100 ms. Returns how
// long until the server closed the connection (or the whole trickle time).
std::chrono::milliseconds trickle_until_closed(uint16_t port, const std::string& prefix,
                                               const std::string& trickle) {
  asio::io_context io;
  tcp::socket socket(io);
  socket.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
  const auto start = Clock::now();
  boost::system::error_code ec;
  if (!prefix.empty()) asio::write(socket, asio::buffer(prefix), ec);
  for (char c : trickle) {
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    asio::write(socket, asio::buffer(&c, 1), ec);
    if (ec) break;
    // Closed by the server? (a non-blocking peek for EOF)
    socket.non_blocking(true);
    char byte;
    socket.receive(asio::buffer(&byte, 1), tcp::socket::message_peek, ec);
    socket.non_blocking(false);
    if (ec && ec != asio::error::would_block) break;
    if (!ec) continue;  // an answer arrived: keep going, the caller checks time
  }
  return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start);
}

TEST_CASE("limits: a header trickled a byte at a time is cut off at header_timeout") {
  auto db = Database::open();
  ServerOptions options = test_options();
  options.header_timeout = std::chrono::milliseconds(500);
  Server server(*db, options);
  server.start();
  // 60 bytes at 10 per second would take 6 s; each byte arrives well within
  // any per-read timeout, but the header as a whole must be done in 0.5 s.
  auto elapsed = trickle_until_closed(
      server.port(), "",
      "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Amz-Target: DynamoDB_20120810.Li");
  CHECK(elapsed < std::chrono::milliseconds(2500));
}

TEST_CASE("limits: a body trickled a byte at a time is cut off at body_timeout") {
  auto db = Database::open();
  ServerOptions options = test_options();
  options.body_timeout = std::chrono::milliseconds(500);
  Server server(*db, options);
  server.start();
  auto elapsed = trickle_until_closed(
      server.port(),
      "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\n"
      "Content-Length: 60\r\n\r\n",
      std::string(60, ' '));
  CHECK(elapsed < std::chrono::milliseconds(2500));
}

TEST_CASE("limits: an idle keep-alive connection is closed at read_timeout, not before") {
  auto db = Database::open();
  ServerOptions options = test_options();
  options.read_timeout = std::chrono::milliseconds(1200);
  // Shorter than the idle bound: the connection's timer is then armed at most
  // this far ahead and must carry the longer idle bound over its wake-ups.
  options.header_timeout = std::chrono::milliseconds(200);
  Server server(*db, options);
  server.start();
  TestClient client(server.port());
  CHECK(client.send(api_request("DynamoDB_20120810.ListTables", "{}")).result_int() == 200);
  std::this_thread::sleep_for(std::chrono::milliseconds(600));  // idle, within read_timeout
  CHECK(client.send(api_request("DynamoDB_20120810.ListTables", "{}")).result_int() == 200);
  const auto idle_since = Clock::now();
  CHECK(client.closed_by_server());
  const auto idle = Clock::now() - idle_since;
  CHECK(idle >= std::chrono::milliseconds(1000));
  CHECK(idle < std::chrono::milliseconds(5000));
}

TEST_CASE("limits: a connection over max_connections is closed at once; a freed slot is reused") {
  auto db = Database::open();
  ServerOptions options = test_options();
  options.max_connections = 2;
  options.read_timeout = std::chrono::seconds(20);  // an idle close would be slow
  Server server(*db, options);
  server.start();
  auto first = std::make_unique<TestClient>(server.port());
  TestClient second(server.port());
  CHECK(first->send(api_request("DynamoDB_20120810.ListTables", "{}")).result_int() == 200);
  CHECK(second.send(api_request("DynamoDB_20120810.ListTables", "{}")).result_int() == 200);
  {
    TestClient third(server.port());
    const auto start = Clock::now();
    CHECK(third.closed_by_server());
    CHECK(Clock::now() - start < std::chrono::seconds(5));
  }
  first.reset();  // frees a slot once the server sees the close
  bool served = false;
  for (int attempt = 0; attempt < 50 && !served; ++attempt) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    try {
      TestClient again(server.port());
      served = again.send(api_request("DynamoDB_20120810.ListTables", "{}")).result_int() == 200;
    } catch (const std::exception&) {
    }
  }
  CHECK(served);
}

TEST_CASE("limits: 500 pipelined writes are answered in order") {
  auto db = Database::open();
  create_things(*db);
  Server server(*db, test_options());
  server.start();
  TestClient client(server.port());
  constexpr int kCount = 500;
  std::string all;
  for (int i = 0; i < kCount; ++i) all += raw_put(i);
  // Written from another thread: the server reads one request at a time, so
  // a writer that never reads could block on a full socket. The writer uses
  // the bare descriptor so that only this thread touches the client's timer.
  const int fd = client.native_handle();
  auto writer = std::async(std::launch::async, [&] {
    size_t sent = 0;
    while (sent < all.size()) {
      ssize_t n = ::send(fd, all.data() + sent, all.size() - sent, MSG_NOSIGNAL);
      if (n <= 0) break;
      sent += static_cast<size_t>(n);
    }
  });
  bool in_order = true;
  for (int i = 0; i < kCount; ++i) {
    auto response = client.receive();
    const std::string expected =
        i == 0 ? "{}"
               : R"({"Attributes":{"id":{"S":"k"},"v":{"N":")" + std::to_string(i - 1) + R"("}}})";
    if (response.result_int() != 200 || response.body() != expected) {
      in_order = false;
      break;
    }
  }
  writer.get();
  CHECK(in_order);
}

TEST_CASE("limits: a client pipelining without reading is held back by TCP, not buffered") {
  auto db = Database::open();
  Server server(*db, test_options());
  server.start();
  asio::io_context io;
  tcp::socket socket(io);
  socket.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), server.port()));
  socket.set_option(asio::socket_base::receive_buffer_size(4096));
  socket.set_option(asio::socket_base::send_buffer_size(4096));
  socket.non_blocking(true);
  const std::string request =
      "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\n"
      "Content-Length: 2\r\n\r\n{}";
  std::string chunk;
  while (chunk.size() < 64 * 1024) chunk += request;
  // Write without ever reading until the socket refuses for a second.
  size_t written = 0;
  auto last_progress = Clock::now();
  const size_t kCap = 256u * 1024 * 1024;
  while (written < kCap && Clock::now() - last_progress < std::chrono::seconds(1)) {
    boost::system::error_code ec;
    size_t n = socket.write_some(asio::buffer(chunk), ec);
    if (n > 0) {
      written += n;
      last_progress = Clock::now();
    } else {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }
  // Kernel buffers on both sides hold some megabytes at most; a server that
  // read ahead without bound would take all 256 MiB.
  CHECK(written < 64u * 1024 * 1024);
}

TEST_CASE("shutdown: closes idle keep-alive connections at once and returns true") {
  auto db = Database::open();
  Server server(*db, test_options());
  server.start();
  TestClient idle(server.port());
  CHECK(idle.send(api_request("DynamoDB_20120810.ListTables", "{}")).result_int() == 200);
  const auto start = Clock::now();
  CHECK(server.shutdown(std::chrono::seconds(5)));
  CHECK(Clock::now() - start < std::chrono::seconds(2));
  CHECK(idle.closed_by_server());
}

TEST_CASE("shutdown: a request in progress is answered, with Connection: close") {
  auto db = Database::open();
  Server server(*db, test_options());
  server.start();
  TestClient client(server.port());
  // Header and half the body: the request is in progress.
  client.write_raw(
      "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Amz-Target: DynamoDB_20120810.ListTables\r\n"
      "Content-Type: application/x-amz-json-1.0\r\nContent-Length: 2\r\n\r\n{");
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  auto stopping =
      std::async(std::launch::async, [&] { return server.shutdown(std::chrono::seconds(5)); });
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  client.write_raw("}");
  auto response = client.receive();
  CHECK(response.result_int() == 200);
  CHECK_FALSE(response.keep_alive());
  CHECK(stopping.get());
}

TEST_CASE("shutdown: new connections are refused once it has begun") {
  auto db = Database::open();
  Server server(*db, test_options());
  server.start();
  const uint16_t port = server.port();
  server.shutdown(std::chrono::milliseconds(100));
  asio::io_context io;
  tcp::socket socket(io);
  boost::system::error_code ec;
  socket.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port), ec);
  CHECK(ec);
}

}  // namespace
}  // namespace dynamini
