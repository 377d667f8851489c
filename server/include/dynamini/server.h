#pragma once

// dynamini's HTTP front end: DynamoDB's JSON wire protocol over HTTP/1.1.
//
//   auto db = dynamini::Database::open();
//   dynamini::Server server(*db, {.port = 0});   // binds now, throws if it can't
//   server.start();                              // serves on background threads
//   ... point an SDK at server.endpoint() ...
//   server.stop();                               // or let the destructor do it

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "dynamini/database.h"

namespace dynamini {

struct ServerOptions {
  // Address to listen on: an IPv4/IPv6 literal or a resolvable name.
  // Default: loopback only. Use "0.0.0.0" to accept remote clients.
  std::string host = "127.0.0.1";
  // TCP port. Default 8000 (DynamoDB Local's). 0 picks a free port; read it
  // back with Server::port().
  uint16_t port = 8000;
  // Number of threads serving requests. Default 0: one per hardware core.
  unsigned threads = 0;
  // Largest accepted request body in bytes. Default 16 MiB (DynamoDB's
  // request size limit). Larger requests get a 413 error and the connection
  // is closed.
  size_t body_limit = 16 * 1024 * 1024;
  // How long a connection may take to deliver the next request (this is also
  // the keep-alive idle timeout). Default 30 s.
  std::chrono::milliseconds read_timeout{30000};
  // How long writing one response may take. Default 30 s.
  std::chrono::milliseconds write_timeout{30000};
};

// An HTTP server answering DynamoDB API calls from `db`.
//
// Thread safety: start(), stop(), port() and endpoint() may be called from
// any thread. REQUIRES: `db` outlives the Server.
class Server {
 public:
  // Binds and listens on options.host:options.port. Throws std::runtime_error
  // with a readable message ("cannot listen on 127.0.0.1:8000: Address already
  // in use") when it cannot. No request is served before start().
  Server(Database& db, ServerOptions options = {});
  // Stops (see stop()).
  ~Server();
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // The bound TCP port (the picked one when options.port was 0).
  uint16_t port() const;
  // "http://HOST:PORT" with the configured host and the bound port.
  std::string endpoint() const;

  // Starts serving on background threads and returns at once. Calling it
  // again, or after stop(), does nothing.
  void start();
  // Stops accepting, closes every connection and joins the serving threads.
  // A request already inside the engine completes; its response is dropped.
  // Idempotent; after stop() the port is free again.
  void stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace dynamini
