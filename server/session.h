#pragma once

// One HTTP connection: read a request (with time bounds and a body limit),
// answer it with route(), repeat while the client keeps the connection alive.
//
// Time bounds: waiting for the first byte of a request is bounded by
// read_timeout (the keep-alive idle timeout), then the whole header by
// header_timeout and the whole body by body_timeout: totals, so a client
// trickling bytes cannot hold a connection longer than their sum.
//
// Pipelining: one request at a time. The next request is not read before
// the previous response is written, so a client pipelining any number of
// requests is answered in order while the server holds at most one request
// (header_limit + body_limit) and one read chunk per connection; the rest
// waits in the client's socket (TCP flow control pushes back).

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <memory>
#include <optional>

#include "dynamini/database.h"
#include "dynamini/server.h"
#include "connection_registry.h"
#include "request_log.h"
#include "route.h"

namespace dynamini::server {

namespace beast = boost::beast;

class Session : public std::enable_shared_from_this<Session> {
 public:
  // REQUIRES: everything `context` refers to, and `registry`, outlive the
  // session (context.options must be set).
  Session(boost::asio::ip::tcp::socket&& socket, const RouteContext& context,
          ConnectionRegistry& registry);
  ~Session();

  // Starts the read loop. The session keeps itself alive through its
  // pending operations and ends when the connection closes.
  void run();

  // Graceful shutdown (any thread): an idle connection closes at once; a
  // request being read or answered finishes, its response says
  // Connection: close, then the connection closes.
  void finish_and_close();

 private:
  enum class State { kIdle, kReading, kAnswering };

  void wait_for_request();
  void on_first_bytes(beast::error_code ec, std::size_t bytes);
  void read_request();
  void on_header(beast::error_code ec, std::size_t bytes);
  void read_body();
  void on_body(beast::error_code ec, std::size_t bytes);
  void send(Response response);
  void on_write(bool close, beast::error_code ec);
  // Answers a request that cannot be read (too large, malformed HTTP), then
  // closes the connection after draining what the client still sends, so
  // the client gets the answer rather than a connection reset.
  void reject(const ApiError& error, unsigned status);
  void reject_too_large();  // 413 ValidationException
  void drain();
  void close();

  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  RouteContext context_;
  const ServerOptions& options_;
  ConnectionRegistry& registry_;
  State state_ = State::kIdle;  // touched on the strand only
  bool closing_ = false;        // finish_and_close() was called; strand only
  std::optional<http::request_parser<http::string_body>> parser_;
  std::shared_ptr<void> in_flight_;  // the response being written
};

}  // namespace dynamini::server
