#include "listener.h"

#include <boost/asio/post.hpp>
#include <boost/beast/core/bind_handler.hpp>
#include <stdexcept>
#include <string>
#include <utility>

#include "session.h"

namespace dynamini::server {
namespace {

void check(boost::beast::error_code ec, const char* what, const std::string& address) {
  if (ec) {
    throw std::runtime_error(std::string("cannot ") + what + " " + address + ": " + ec.message());
  }
}

}  // namespace

Listener::Listener(boost::asio::io_context& accept_io,
                   std::vector<boost::asio::io_context*> serving,
                   const boost::asio::ip::tcp::endpoint& endpoint,
                   const std::string& display_address, const RouteContext& context,
                   ConnectionRegistry& registry)
    : serving_(std::move(serving)), acceptor_(accept_io), context_(context), registry_(registry) {
  boost::beast::error_code ec;
  acceptor_.open(endpoint.protocol(), ec);
  check(ec, "open a socket for", display_address);
  // Lets a restarted server rebind while old connections sit in TIME_WAIT.
  // (On Linux this does not allow two listeners on one port.)
  acceptor_.set_option(boost::asio::socket_base::reuse_address(true), ec);
  check(ec, "set SO_REUSEADDR on", display_address);
  acceptor_.bind(endpoint, ec);
  check(ec, "listen on", display_address);
  acceptor_.listen(boost::asio::socket_base::max_listen_connections, ec);
  check(ec, "listen on", display_address);
  port_ = acceptor_.local_endpoint(ec).port();
  check(ec, "read the bound port of", display_address);
}

// The acceptor's io_context is run by one thread: posting to it is enough
// to touch the acceptor from any thread.
void Listener::run() {
  boost::asio::post(acceptor_.get_executor(),
                    boost::beast::bind_front_handler(&Listener::accept, shared_from_this()));
}

void Listener::stop_accepting() {
  boost::asio::post(acceptor_.get_executor(), [self = shared_from_this()] {
    boost::beast::error_code ignored;
    self->acceptor_.close(ignored);
  });
}

void Listener::accept() {
  // The connection lives on the next serving context (round robin).
  boost::asio::io_context& serving = *serving_[next_];
  next_ = (next_ + 1) % serving_.size();
  acceptor_.async_accept(
      serving, boost::beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
}

void Listener::on_accept(boost::beast::error_code ec, Socket socket) {
  if (ec == boost::asio::error::operation_aborted || !acceptor_.is_open()) {
    return;  // shutting down
  }
  if (!ec) {
    boost::beast::error_code ignored;
    socket.set_option(boost::asio::ip::tcp::no_delay(true), ignored);
    auto session = std::make_shared<Session>(std::move(socket), context_, registry_);
    if (registry_.add(session)) {
      session->run();
    }
    // Else over max_connections (or shutting down): the session, and with
    // it the socket, is destroyed here, closing the connection at once.
  }
  // On other errors (e.g. too many open files) keep accepting.
  accept();
}

}  // namespace dynamini::server
