// RequestReader (Beast's parser writing a flat HttpRequest) against Beast's
// own request_parser<string_body>: the same bytes must give the same request
// line, fields (in order), keep-alive and body, and the same errors.

#include "request_reader.h"

#include <doctest/doctest.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "http_request.h"

namespace dynamini {
namespace {

namespace http = server::http;
using server::HttpRequest;
using server::RequestReader;

std::string std_string(boost::beast::string_view s) { return std::string(s.data(), s.size()); }

// Feeds `bytes` to `parser` `piece` bytes at a time, as the session does:
// what put() leaves unconsumed is offered again with the next bytes.
template <typename Parser>
boost::beast::error_code feed(Parser& parser, std::string_view bytes, size_t piece) {
  parser.eager(true);
  parser.body_limit(1024);
  std::string pending;
  size_t next = 0;
  while (!parser.is_done()) {
    if (next < bytes.size()) {
      const size_t n = std::min(piece, bytes.size() - next);
      pending.append(bytes.substr(next, n));
      next += n;
    } else if (pending.empty()) {
      boost::beast::error_code ec;
      parser.put_eof(ec);
      return ec;
    }
    boost::beast::error_code ec;
    const size_t used = parser.put(boost::asio::buffer(pending), ec);
    pending.erase(0, used);
    if (ec == http::error::need_more) {
      if (next >= bytes.size()) {
        parser.put_eof(ec);
        return ec;
      }
      continue;
    }
    if (ec) return ec;
  }
  return {};
}

struct Fields {
  std::vector<std::string> names, values;
  std::vector<http::field> known;
};

void check_same_request(std::string_view bytes) {
  for (size_t piece : {bytes.size(), size_t{7}, size_t{1}}) {
    CAPTURE(piece);
    http::request_parser<http::string_body> beast_parser;
    HttpRequest flat;
    RequestReader reader(flat);
    const auto beast_error = feed(beast_parser, bytes, piece);
    const auto flat_error = feed(reader, bytes, piece);
    CHECK(flat_error == beast_error);
    if (beast_error) continue;
    const auto& message = beast_parser.get();
    CHECK(flat.method() == message.method());
    CHECK(flat.method_string() == std_string(message.method_string()));
    CHECK(flat.target() == std_string(message.target()));
    CHECK(flat.version() == message.version());
    CHECK(flat.keep_alive() == message.keep_alive());
    CHECK(flat.body() == message.body());
    std::vector<std::string> beast_fields, flat_fields;
    for (const auto& field : message) {
      beast_fields.push_back(std::to_string(static_cast<int>(field.name())) + " " +
                             std_string(field.name_string()) + ": " + std_string(field.value()));
    }
    for (const HttpRequest::Field& field : flat.fields()) {
      flat_fields.push_back(std::to_string(static_cast<int>(field.name)) + " " +
                            std::string(field.name_string) + ": " + std::string(field.value));
    }
    CHECK(flat_fields == beast_fields);
  }
}

TEST_CASE("request reader: the same request as Beast's parser gives") {
  SUBCASE("an API call") {
    check_same_request(
        "POST / HTTP/1.1\r\nHost: 127.0.0.1:8000\r\nContent-Type: application/x-amz-json-1.0\r\n"
        "X-Amz-Target: DynamoDB_20120810.GetItem\r\nContent-Length: 19\r\n\r\n"
        "{\"TableName\":\"t\"} ");
  }
  SUBCASE("HTTP/1.0, with and without keep-alive") {
    check_same_request("GET / HTTP/1.0\r\nHost: x\r\n\r\n");
    check_same_request("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n");
  }
  SUBCASE("Connection: close, among other tokens") {
    check_same_request("POST / HTTP/1.1\r\nConnection: foo, close\r\nContent-Length: 2\r\n\r\n{}");
  }
  SUBCASE("a chunked body with an extension and a trailer") {
    check_same_request(
        "POST /x?y=1 HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"
        "3;ext=1\r\n{\"a\r\n4\r\n\":1}\r\n0\r\nTrailer-Field: v\r\n\r\n");
  }
  SUBCASE("repeated fields, whitespace around values, an unknown method") {
    check_same_request(
        "BREW /pot HTTP/1.1\r\nX-A:   one  \r\nx-a: two\r\nX-Amz-Target:\tT\t\r\n"
        "Content-Length: 0\r\n\r\n");
  }
  SUBCASE("the same errors") {
    check_same_request("POST / HTTP/1.1\r\nBad Field: x\r\n\r\n");
    check_same_request("POST / HTTP/1.1\r\nContent-Length: 2000\r\n\r\n");  // over body_limit
    check_same_request("POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n");
    check_same_request("POST / HTTP/1.1\r\nContent-Length: 10\r\n\r\n{}");  // ends early
    check_same_request("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n");
  }
}

TEST_CASE("request reader: every Connection field counts (RFC 9110 §5.3), not only the first") {
  HttpRequest request;
  RequestReader reader(request);
  REQUIRE_FALSE(feed(reader, "GET / HTTP/1.1\r\nConnection: x\r\nConnection: close\r\n\r\n", 64));
  CHECK_FALSE(request.keep_alive());
}

TEST_CASE("request reader: a trailer's Connection field does not count (RFC 9110 §6.5.1)") {
  HttpRequest request;
  RequestReader reader(request);
  REQUIRE_FALSE(feed(reader,
                     "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n"
                     "2\r\n{}\r\n0\r\nConnection: close\r\n\r\n",
                     64));
  CHECK(request.keep_alive());
  CHECK(request.body() == "{}");
  CHECK(request[http::field::connection] == "close");  // kept as a field, as Beast keeps it
}

TEST_CASE("HttpRequest: lookups, reuse and Beast's message") {
  HttpRequest request;
  RequestReader first(request);
  REQUIRE_FALSE(feed(first,
                     "POST /a HTTP/1.1\r\nX-Amz-Target: T1\r\nx-amz-target: T2\r\n"
                     "Origin: http://o\r\nContent-Length: 3\r\n\r\nabc",
                     64));
  CHECK(request["X-AMZ-TARGET"] == "T1");  // the first, by name in any case
  CHECK(request[http::field::origin] == "http://o");
  CHECK(request[http::field::expect].empty());
  CHECK(request["absent"].empty());

  const server::Request message = server::to_beast(request);
  CHECK(message.target() == "/a");
  CHECK(message["x-amz-target"] == "T1");
  CHECK(message.body() == "abc");
  HttpRequest again;
  server::from_beast(message, again);
  CHECK(again.target() == "/a");
  CHECK(again.fields().size() == request.fields().size());
  CHECK(again.body() == "abc");

  // The next request on the same object starts empty.
  RequestReader second(request);
  REQUIRE_FALSE(feed(second, "GET /b HTTP/1.0\r\n\r\n", 64));
  CHECK(request.target() == "/b");
  CHECK(request.fields().empty());
  CHECK(request.body().empty());
  CHECK_FALSE(request.keep_alive());

  // A large request's buffers are let go; small ones are kept for reuse.
  request.body().assign(100000, 'x');
  request.release_buffers_over(65536);
  CHECK(request.body().capacity() < 65536);
  CHECK(request.fields().empty());
  request.body().assign(1000, 'x');
  const size_t small = request.body().capacity();
  request.release_buffers_over(65536);
  CHECK(request.body().capacity() == small);
}

}  // namespace
}  // namespace dynamini
