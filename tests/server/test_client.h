#pragma once

// A small synchronous Beast HTTP client for the socket tests.

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <cstdint>
#include <string>

namespace dynamini::test {

namespace http = boost::beast::http;

// One keep-alive connection to 127.0.0.1:port.
class TestClient {
 public:
  explicit TestClient(uint16_t port) : stream_(io_) {
    stream_.expires_after(std::chrono::seconds(10));
    stream_.connect(
        boost::asio::ip::tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), port));
  }

  http::response<http::string_body> send(http::request<http::string_body> request) {
    request.set(http::field::host, "127.0.0.1");
    if (!request.chunked()) request.prepare_payload();
    stream_.expires_after(std::chrono::seconds(10));
    http::write(stream_, request);
    return receive();
  }

  http::response<http::string_body> receive() {
    http::response<http::string_body> response;
    stream_.expires_after(std::chrono::seconds(10));
    http::read(stream_, buffer_, response);
    return response;
  }

  // The socket's descriptor, for a second thread that writes while this
  // client reads (the stream's timer must stay on one thread).
  int native_handle() { return stream_.socket().native_handle(); }

  // Writes raw bytes (for requests that are not valid HTTP).
  void write_raw(const std::string& bytes) {
    stream_.expires_after(std::chrono::seconds(10));
    boost::asio::write(stream_, boost::asio::buffer(bytes));
  }

  // True when the server closed the connection (reads EOF).
  bool closed_by_server() {
    char byte;
    boost::beast::error_code ec;
    stream_.expires_after(std::chrono::seconds(10));
    stream_.socket().read_some(boost::asio::buffer(&byte, 1), ec);
    return ec == boost::asio::error::eof || ec == boost::asio::error::connection_reset;
  }

 private:
  boost::asio::io_context io_;
  boost::beast::tcp_stream stream_;
  boost::beast::flat_buffer buffer_;
};

inline http::request<http::string_body> api_request(std::string target, std::string body) {
  http::request<http::string_body> request{http::verb::post, "/", 11};
  if (!target.empty()) request.set("X-Amz-Target", target);
  request.set(http::field::content_type, "application/x-amz-json-1.0");
  request.body() = std::move(body);
  request.keep_alive(true);
  request.prepare_payload();
  return request;
}

}  // namespace dynamini::test
