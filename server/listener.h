#pragma once

// Owns the listening socket and starts a Session per accepted connection.
// Accepted connections are handed to the serving io_contexts in turn (each
// run by one thread), so a connection's handlers always run on one thread.

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/error.hpp>
#include <cstdint>
#include <memory>
#include <vector>

#include "connection_registry.h"
#include "dynamini/database.h"
#include "dynamini/server.h"
#include "request_log.h"
#include "route.h"

namespace dynamini::server {

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  using Socket = boost::asio::basic_stream_socket<boost::asio::ip::tcp,
                                                  boost::asio::io_context::executor_type>;

  // Binds and listens on `endpoint` (accepting on `accept_io`, which one
  // thread runs). Throws std::runtime_error naming `display_address` when
  // it cannot.
  // REQUIRES: `serving` is not empty; `accept_io`, the `serving` contexts,
  // everything `context` refers to and `registry` outlive the listener and
  // its sessions.
  Listener(boost::asio::io_context& accept_io, std::vector<boost::asio::io_context*> serving,
           const boost::asio::ip::tcp::endpoint& endpoint, const std::string& display_address,
           const RouteContext& context, ConnectionRegistry& registry);

  uint16_t port() const { return port_; }

  // Starts accepting connections.
  void run();
  // Stops accepting (closes the listening socket). Any thread.
  void stop_accepting();

 private:
  void accept();
  void on_accept(boost::beast::error_code ec, Socket socket);

  std::vector<boost::asio::io_context*> serving_;
  size_t next_ = 0;  // the serving context of the next connection; acceptor's thread only
  boost::asio::ip::tcp::acceptor acceptor_;
  RouteContext context_;
  ConnectionRegistry& registry_;
  uint16_t port_ = 0;
};

}  // namespace dynamini::server
