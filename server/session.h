#pragma once

// One HTTP connection: read a request (with time bounds and a body limit),
// answer it with route(), repeat while the client keeps the connection alive.
//
// Time bounds: waiting for the first byte of a request is bounded by
// read_timeout (the keep-alive idle timeout), then the whole header by
// header_timeout and the whole body by body_timeout: totals, so a client
// trickling bytes cannot hold a connection longer than their sum. Writing a
// response (or the 100 Continue) is bounded by write_timeout. When a bound
// passes the socket is closed (ConnectionDeadline, one timer per connection).
//
// Pipelining: one request at a time. The next request is not read before
// the previous response is written, so a client pipelining any number of
// requests is answered in order while the server holds at most one request
// (header_limit + body_limit) and one read chunk per connection; the rest
// waits in the client's socket (TCP flow control pushes back).
//
// Threads: a session runs on its socket's io_context, which one thread runs
// (Server gives each serving thread its own io_context), so its handlers
// never run concurrently and it needs no strand. Only finish_and_close() is
// called from other threads; it posts to that executor.
//
// Reading uses Beast's request parser, storing into a flat HttpRequest
// (request_reader.h); large responses use Beast's serializer. Both are
// driven here: the parser is fed from one flat_buffer exactly as
// http::async_read_header / http::async_read feed it (the same read sizes,
// the same end-of-stream handling). A response is first written without
// waiting (the socket is non-blocking) and only goes through the reactor
// when the socket's send buffer is full; a small one is rendered into one
// buffer first (one send()): an API answer by hand (api_response.h), any
// other as the serializer would (response_bytes.h).
// Pipelined requests already buffered are answered in a row, a few at a
// time (other connections of the thread get their turn in between).

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <memory>
#include <optional>
#include <string>

#include "connection_deadline.h"
#include "connection_registry.h"
#include "dynamini/database.h"
#include "dynamini/server.h"
#include "http_request.h"
#include "request_log.h"
#include "request_reader.h"
#include "route.h"

namespace dynamini::server {

namespace beast = boost::beast;

class Session : public std::enable_shared_from_this<Session> {
 public:
  using Socket = boost::asio::basic_stream_socket<boost::asio::ip::tcp,
                                                  boost::asio::io_context::executor_type>;

  // REQUIRES: everything `context` refers to, and `registry`, outlive the
  // session (context.options must be set).
  Session(Socket&& socket, const RouteContext& context, ConnectionRegistry& registry);
  ~Session();

  // Starts the read loop (any thread: it is posted to the socket's
  // executor). The session keeps itself alive through its pending
  // operations and ends when the connection closes.
  void run();

  // Graceful shutdown (any thread): an idle connection closes at once; a
  // request being read or answered finishes, its response says
  // Connection: close, then the connection closes.
  void finish_and_close();

 private:
  enum class State { kIdle, kReading, kAnswering };
  enum class Phase { kHeader, kBody };

  // Serves the requests already buffered, one after the other, until one
  // needs an asynchronous read or write (whose handler comes back here).
  void serve();
  void wait_for_request();
  void on_first_bytes(beast::error_code ec, std::size_t bytes);
  void begin_request();
  // Feeds the buffer to the parser. True when the request is complete;
  // false when a read or write was started or the request was rejected.
  bool parse();
  void read_more();
  void on_read(beast::error_code ec, std::size_t bytes);
  // The request cannot be read (phase-specific error mapping, as
  // async_read_header / async_read report them).
  void on_header_error(beast::error_code ec);
  void on_body_error(beast::error_code ec);
  // After the header: limit checks, 100-continue. True to go on parsing.
  bool on_header_done();
  void start_body();
  // Answers the parsed request. True when the response was written at once
  // and the connection stays open for the next request.
  bool answer();
  // Writes response_ (non-blocking first). True when written at once.
  bool write_response();
  // Sends a small response rendered into one buffer (`bytes`, which may be
  // reused once this returns): one system call, non-blocking first; what
  // does not fit the send buffer is copied and waits for the reactor. True
  // when written at once.
  bool write_rendered(const std::string& bytes);
  void on_write(beast::error_code ec);
  // After a response is written: false (and the connection closed) when it
  // was the last one.
  bool after_response();
  // Answers a request that cannot be read (too large, malformed HTTP), then
  // closes the connection after draining what the client still sends, so
  // the client gets the answer rather than a connection reset.
  void reject(const ApiError& error, unsigned status);
  void reject_too_large();  // 413 ValidationException
  void drain();
  void close();

  Socket socket_;
  ConnectionDeadline deadline_;
  beast::flat_buffer buffer_;
  RouteContext context_;
  const ServerOptions& options_;
  ConnectionRegistry& registry_;
  State state_ = State::kIdle;  // touched on the executor only
  Phase phase_ = Phase::kHeader;
  bool closing_ = false;      // finish_and_close() was called; executor only
  bool close_after_ = false;  // response_ is the connection's last
  HttpRequest request_;       // the request being read, then answered; reused
  std::optional<RequestReader> parser_;
  Response response_;  // the response being written
  std::optional<http::serializer<false, http::string_body>> serializer_;
  std::string unsent_;               // a rendered response's tail that waits for the reactor
  std::shared_ptr<void> in_flight_;  // the 100 Continue being written
};

}  // namespace dynamini::server
