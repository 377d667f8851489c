#pragma once

// An in-process dynamini for test suites: a private in-memory Database served
// over HTTP on a free port, reset between tests in milliseconds.
//
//   dynamini::TestServer dynamo;                    // binds 127.0.0.1:<free port>
//   client.endpoint_url = dynamo.endpoint();        // "http://127.0.0.1:41234"
//   ... test ...
//   dynamo.reset();                                 // back to the initial state
//
// The initial state is an empty database, or whatever the test set up before
// calling mark_initial_state() (tables, seed items, a data model).

#include <memory>
#include <string>

#include "dynamini/database.h"
#include "dynamini/server.h"

namespace dynamini {

class TestServer {
 public:
  // Opens the database and starts serving at once. Throws std::runtime_error
  // when it cannot.
  explicit TestServer(Options database_options = {}, ServerOptions server_options = {.port = 0});
  // Stops the server (connections closed), then closes the database.
  ~TestServer();
  TestServer(const TestServer&) = delete;
  TestServer& operator=(const TestServer&) = delete;

  // "http://127.0.0.1:PORT".
  std::string endpoint() const { return server_->endpoint(); }
  uint16_t port() const { return server_->port(); }
  // The embedded database, for direct calls and set-up.
  Database& database() { return *db_; }

  // Records the current state as the one reset() returns to.
  void mark_initial_state() { db_->mark_initial_state(); }
  // Returns to the initial state (a snapshot restore: milliseconds).
  void reset() { db_->reset(); }

 private:
  std::unique_ptr<Database> db_;
  std::unique_ptr<Server> server_;
};

}  // namespace dynamini
