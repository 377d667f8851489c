#pragma once

// Owns the listening socket and starts a Session per accepted connection.

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/error.hpp>
#include <cstdint>
#include <memory>

#include "dynamini/database.h"
#include "dynamini/server.h"
#include "connection_registry.h"
#include "request_log.h"
#include "route.h"

namespace dynamini::server {

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  // Binds and listens on `endpoint`. Throws std::runtime_error naming
  // `display_address` when it cannot.
  // REQUIRES: `io`, everything `context` refers to and `registry` outlive
  // the listener and its sessions.
  Listener(boost::asio::io_context& io, const boost::asio::ip::tcp::endpoint& endpoint,
           const std::string& display_address, const RouteContext& context,
           ConnectionRegistry& registry);

  uint16_t port() const { return port_; }

  // Starts accepting connections.
  void run();
  // Stops accepting (closes the listening socket). Any thread.
  void stop_accepting();

 private:
  void accept();
  void on_accept(boost::beast::error_code ec, boost::asio::ip::tcp::socket socket);

  boost::asio::io_context& io_;
  boost::asio::ip::tcp::acceptor acceptor_;
  RouteContext context_;
  ConnectionRegistry& registry_;
  uint16_t port_ = 0;
};

}  // namespace dynamini::server
