// The HTTP framing fuzz body: the bytes arrive on a connection to a real
// server Session (server/session.h: Beast's parser driven by the session,
// limits, pipelining, 100-continue, the drain after a rejection) whose other
// end then closes for writing. The session must answer or close, never
// crash or hang (libFuzzer's -timeout catches a session that waits forever),
// and leave nothing behind (ASan's leak check). First, the session's request
// reader must read the bytes as Beast's own parser does (reader_parity.h).
//
// The connection is a Unix socket pair wrapped as a TCP socket: the session
// only reads, writes and closes it, which behave the same, and no port is
// used per input.
#include <fcntl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <boost/asio/io_context.hpp>
#include <cerrno>
#include <chrono>
#include <memory>

#include "connection_registry.h"
#include "fuzz_bodies.h"
#include "fuzz_database.h"
#include "reader_parity.h"
#include "route.h"
#include "session.h"

namespace dynamini::fuzz {
namespace {

namespace asio = boost::asio;

ServerOptions fuzz_server_options() {
  ServerOptions options;
  // Small enough that fuzz inputs reach the 413 path; timeouts short enough
  // that a stuck session fails the run (-timeout) rather than idling.
  options.body_limit = 2048;
  options.read_timeout = std::chrono::milliseconds(2000);
  options.header_timeout = std::chrono::milliseconds(2000);
  options.body_timeout = std::chrono::milliseconds(2000);
  options.write_timeout = std::chrono::milliseconds(2000);
  return options;
}

// Reads and discards what the session sent; false once it closed its end.
bool drain(int fd) {
  char buffer[65536];
  while (true) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n > 0) continue;
    return n < 0;  // 0: end of stream; -1 (EAGAIN): open, nothing more now
  }
}

}  // namespace

void http(const uint8_t* data, size_t size) {
  static asio::io_context io;
  static const ServerOptions options = fuzz_server_options();
  static server::ConnectionRegistry registry(options.max_connections);
  note_input();
  if (!reader_matches_beast({reinterpret_cast<const char*>(data), size})) __builtin_trap();
  const server::RouteContext context{.db = fuzz_database(), .log = nullptr, .options = &options};

  int fds[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, fds) != 0) __builtin_trap();
  server::Session::Socket socket(io.get_executor());
  socket.assign(asio::ip::tcp::v4(), fds[0]);
  auto session = std::make_shared<server::Session>(std::move(socket), context, registry);
  registry.add(session);
  session->run();
  session.reset();  // the session keeps itself alive through its handlers

  size_t sent = 0;
  bool shut = false, open = true;
  while (open) {
    if (sent < size) {
      const ssize_t n = ::write(fds[1], data + sent, size - sent);
      if (n > 0) sent += static_cast<size_t>(n);
      if (n < 0 && errno != EAGAIN) sent = size;  // the session closed: stop sending
    }
    if (sent == size && !shut) {
      ::shutdown(fds[1], SHUT_WR);
      shut = true;
    }
    io.run_one_for(std::chrono::milliseconds(10));
    open = drain(fds[1]);
  }
  ::close(fds[1]);
  io.run();  // the session's last handlers; returns when nothing is left
  io.restart();
  if (registry.size() != 0) __builtin_trap();  // a session outlived its connection
}

}  // namespace dynamini::fuzz
