#pragma once

// Where a command sends its DynamoDB requests: a database file opened in this
// process, or a running server reached over HTTP (--endpoint URL).

#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "dynamini/database.h"

namespace dynamini::cli {

class ApiTarget {
 public:
  virtual ~ApiTarget() = default;
  // Same contract as Database::execute.
  virtual Result execute(std::string_view operation, std::string_view request_json) = 0;
  // "http://127.0.0.1:8000" or "file:inbox.db", for messages.
  virtual std::string describe() const = 0;
};

// Opens `path` (empty: a new in-memory database). Throws std::runtime_error.
std::unique_ptr<ApiTarget> open_database_target(const std::string& path);
// Sends each call as an HTTP POST to `endpoint` ("http://host:port" or
// https://), once (cli/dynamodb_client.h, the command's one HTTP client).
// Throws std::runtime_error for a malformed URL; connection failures come
// back as an InternalServerError result naming the endpoint.
std::unique_ptr<ApiTarget> open_endpoint_target(const std::string& endpoint);

// POSTs an empty body to `path` on a running server (its admin endpoint,
// enabled with --admin) and returns the status and body. Throws
// std::runtime_error when the server cannot be reached.
std::pair<unsigned, std::string> post_to_endpoint(const std::string& endpoint,
                                                  const std::string& path);

// Wraps a Database owned elsewhere.
std::unique_ptr<ApiTarget> borrow_database_target(Database& db);

}  // namespace dynamini::cli
