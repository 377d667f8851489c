#include "dynamini/server.h"

#include <algorithm>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

#include "admin_route.h"
#include "connection_registry.h"
#include "faults/throughput_limiter.h"
#include "listener.h"
#include "request_log.h"
#include "session.h"

namespace dynamini {
namespace {

namespace asio = boost::asio;
using asio::ip::tcp;

// "[::1]" for IPv6 literals, the host as given otherwise.
std::string url_host(const std::string& host) {
  return host.find(':') != std::string::npos ? "[" + host + "]" : host;
}

tcp::endpoint resolve(asio::io_context& io, const std::string& host, uint16_t port,
                      const std::string& display) {
  boost::system::error_code ec;
  auto address = asio::ip::make_address(host, ec);
  if (!ec) return tcp::endpoint(address, port);
  tcp::resolver resolver(io);
  auto results = resolver.resolve(host, std::to_string(port), tcp::resolver::passive, ec);
  if (ec || results.empty()) {
    throw std::runtime_error("cannot listen on " + display + ": cannot resolve host '" + host +
                             "'" + (ec ? ": " + ec.message() : std::string()));
  }
  return results.begin()->endpoint();
}

}  // namespace

struct Server::Impl {
  Database& db;
  ServerOptions options;
  // The recent API calls, shown by the console (GET /console/api/requests).
  server::RequestLog request_log;
  // The admin endpoint's named snapshots.
  server::AdminSnapshots admin_snapshots;
  // ServerOptions::enforce_throughput_burst_s >= 0: the token buckets.
  std::unique_ptr<faults::ThroughputLimiter> throughput;
  // Which web pages and Host names are answered (set once bound).
  AccessRules access;
  // Open connections; declared before ios so sessions die before it.
  server::ConnectionRegistry connections;
  // One io_context per serving thread, each run by that thread alone, so a
  // connection (which lives on one of them) needs no strand; the first also
  // accepts. Declared before the listener: handlers and sockets die with them.
  std::vector<std::unique_ptr<asio::io_context>> ios;
  std::shared_ptr<server::Listener> listener;
  // Keeps each run() going while its context has no connection yet.
  std::vector<asio::executor_work_guard<asio::io_context::executor_type>> work;
  uint16_t port = 0;

  std::mutex mutex;  // guards the fields below
  std::vector<std::thread> threads;
  bool started = false;
  bool stopped = false;

  Impl(Database& database, ServerOptions opts)
      : db(database),
        options(std::move(opts)),
        connections(std::max<size_t>(options.max_connections, 1)) {
    if (!options.faults) options.faults = std::make_shared<FaultInjector>();
    if (options.enforce_throughput_burst_s >= 0) {
      throughput = std::make_unique<faults::ThroughputLimiter>(options.enforce_throughput_burst_s);
    }
  }
};

Server::Server(Database& db, ServerOptions options)
    : impl_(std::make_unique<Impl>(db, std::move(options))) {
  const ServerOptions& opts = impl_->options;
  const std::string display = url_host(opts.host) + ":" + std::to_string(opts.port);
  const unsigned threads = opts.threads != 0 ? opts.threads : 1;
  std::vector<asio::io_context*> serving;
  for (unsigned i = 0; i < threads; ++i) {
    impl_->ios.push_back(std::make_unique<asio::io_context>(1));  // one thread runs it
    serving.push_back(impl_->ios.back().get());
  }
  tcp::endpoint endpoint = resolve(*impl_->ios.front(), opts.host, opts.port, display);
  impl_->access =
      AccessRules{.origins = split_origins(opts.cors_origins),
                  .hosts = opts.allowed_hosts,
                  .check_host = endpoint.address().is_loopback() || !opts.allowed_hosts.empty()};
  server::RouteContext context{.db = db,
                               .log = &impl_->request_log,
                               .options = &impl_->options,
                               .snapshots = &impl_->admin_snapshots,
                               .throughput = impl_->throughput.get(),
                               .access = &impl_->access};
  impl_->listener = std::make_shared<server::Listener>(
      *impl_->ios.front(), std::move(serving), endpoint, display, context, impl_->connections);
  impl_->port = impl_->listener->port();
}

Server::~Server() { stop(); }

uint16_t Server::port() const { return impl_->port; }

std::string Server::endpoint() const {
  return "http://" + url_host(impl_->options.host) + ":" + std::to_string(impl_->port);
}

const AccessRules& Server::access_rules() const { return impl_->access; }

void Server::start() {
  std::lock_guard lock(impl_->mutex);
  if (impl_->started || impl_->stopped) return;
  impl_->started = true;
  impl_->listener->run();
  impl_->threads.reserve(impl_->ios.size());
  for (const auto& io : impl_->ios) {
    impl_->work.push_back(asio::make_work_guard(*io));
    impl_->threads.emplace_back([io = io.get()] { io->run(); });
  }
}

bool Server::shutdown(std::chrono::milliseconds grace) {
  const auto deadline = std::chrono::steady_clock::now() + grace;
  bool finished = true;
  bool draining = false;
  {
    std::lock_guard lock(impl_->mutex);
    draining = !impl_->stopped && impl_->started;
    if (draining) {
      impl_->listener->stop_accepting();
      impl_->connections.begin_shutdown(
          [](const std::shared_ptr<server::Session>& session) { session->finish_and_close(); });
    }
  }
  if (draining) finished = impl_->connections.wait_empty(deadline);
  stop();
  return finished;
}

void Server::stop() {
  std::lock_guard lock(impl_->mutex);
  if (impl_->stopped) return;
  impl_->stopped = true;
  for (const auto& io : impl_->ios) io->stop();
  for (std::thread& t : impl_->threads) t.join();
  impl_->threads.clear();
  // Destroying the io_contexts destroys every pending handler, and with them
  // the sessions and their sockets; the acceptor goes with the listener.
  impl_->listener.reset();
  impl_->work.clear();
  impl_->ios.clear();
}

}  // namespace dynamini
