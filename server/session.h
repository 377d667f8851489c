#pragma once

// One HTTP connection: read a request (with a timeout and a body limit),
// answer it with route(), repeat while the client keeps the connection alive.

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <memory>
#include <optional>

#include "dynamini/database.h"
#include "dynamini/server.h"
#include "request_log.h"
#include "route.h"

namespace dynamini::server {

namespace beast = boost::beast;

class Session : public std::enable_shared_from_this<Session> {
 public:
  // REQUIRES: `db`, `options` and `log` outlive the session.
  Session(boost::asio::ip::tcp::socket&& socket, Database& db, const ServerOptions& options,
          RequestLog& log);

  // Starts the read loop. The session keeps itself alive through its
  // pending operations and ends when the connection closes.
  void run();

 private:
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
  Database& db_;
  const ServerOptions& options_;
  RequestLog& log_;  // every API call, for the console
  std::optional<http::request_parser<http::string_body>> parser_;
  std::shared_ptr<void> in_flight_;  // the response being written
};

}  // namespace dynamini::server
