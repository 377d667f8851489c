#pragma once

// The executor `dynamini inbox` gives the model: sends each request to an
// ApiTarget and, for requests made on the command's own thread, prints the
// exact request, the response and what it cost (ConsumedCapacity, and for
// Query/Scan the items evaluated (ScannedCount) against those returned
// (Count)). Requests from other threads (the read-all worker) are only
// counted. Serialises calls: an endpoint target has one connection.

#include <atomic>
#include <mutex>
#include <ostream>
#include <thread>

#include "cli/api_target.h"
#include "model/executor.h"

namespace dynamini::cli {

class InboxTrace {
 public:
  // `out` receives the trace; `quiet` prints nothing.
  InboxTrace(ApiTarget& target, std::ostream& out, bool quiet);
  model::Executor executor();

  // Requests sent from other threads, and their total capacity units.
  int64_t background_requests() const { return background_requests_; }
  double background_capacity() const;

 private:
  Result run(std::string_view operation, std::string_view request);

  ApiTarget& target_;
  std::ostream& out_;
  bool quiet_;
  std::thread::id owner_;
  std::mutex mu_;
  std::atomic<int64_t> background_requests_{0};
  double background_capacity_ = 0;
};

// `json` indented for reading (as is when it does not parse).
std::string pretty_json(std::string_view json);

}  // namespace dynamini::cli
