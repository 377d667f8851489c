#include "dynamini/test_server.h"

namespace dynamini {

TestServer::TestServer(Options database_options, ServerOptions server_options)
    : db_(Database::open(std::move(database_options))),
      server_(std::make_unique<Server>(*db_, std::move(server_options))) {
  server_->start();
}

TestServer::~TestServer() {
  server_.reset();  // stop serving before the database goes away
  db_.reset();
}

}  // namespace dynamini
