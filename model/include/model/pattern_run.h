#pragma once

// A run of one access pattern: every request it sent and what came back,
// what the console shows and `dynamini model run` prints. Made by
// run_model_pattern() (model/model_runner.h).

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "dynamini/database.h"

namespace dynamini::model {

class FanOut;  // model/inbox_fanout.h

struct PatternCall {
  std::string operation;  // "Query"
  std::string request;    // the JSON request sent
  Result result;          // what came back (Result::facts when the executor collects them)
  std::chrono::microseconds latency{0};
  bool background = false;  // sent by a worker the pattern started (the read-all job)
  // The template it was instantiated from (the pattern's own steps first),
  // or empty.
  std::string template_id;
};

struct PatternRun {
  std::vector<PatternCall> calls;  // in the order they were sent
  bool ok = true;                  // false: a request was refused and the pattern stopped
  std::string outcome;             // what happened, one line
  // For a pattern with a cursor parameter: the LastEvaluatedKey to pass as
  // it for the next page (JSON); absent on the last page.
  std::optional<std::string> cursor;
};

// An unknown pattern, or a parameter missing or of the wrong type. Nothing
// was sent.
class PatternError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

struct PatternRunOptions {
  // The inbox's stream trigger serving its table. With it, W3 waits up to
  // `fanout_wait_ms` for the post's fan-out and says how it went; without,
  // W3 only writes the post.
  FanOut* fanout = nullptr;
  int64_t fanout_wait_ms = 10000;
  // A database without threads (Options::background_work = kHostDriven):
  // AP5's read-all job runs on the calling thread before the run returns
  // (its calls still marked background, as the worker's are), and W3 calls
  // `run_background_work` (Database::run_background_work) before it looks
  // for the fan-out. Default: threads.
  bool host_driven = false;
  std::function<void()> run_background_work;
};

}  // namespace dynamini::model
