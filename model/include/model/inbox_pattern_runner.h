#pragma once

// Runs one access pattern of the catalogue (inbox_patterns.h) by its id, with
// the model's own C++ (Inbox), and records every request it sent and what
// came back: what the console shows when it runs a pattern. The requests are
// the catalogue's templates instantiated, so the catalogue and the run never
// disagree; which of a pattern's steps are sent is decided by Inbox, as in
// any program using it.

#include <chrono>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "model/executor.h"
#include "model/inbox.h"
#include "model/inbox_fanout.h"
#include "model/request_template.h"

namespace dynamini::model {

struct PatternCall {
  std::string operation;  // "Query"
  std::string request;    // the JSON request sent
  Result result;          // what came back
  std::chrono::microseconds latency{0};
  bool background = false;  // sent by a worker the pattern started (the read-all job)
  // The template it was instantiated from (inbox_requests.h's id, the
  // pattern's own steps first), or empty.
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
  // The stream trigger serving the table. With it, W3 waits up to
  // `fanout_wait_ms` for the post's fan-out and says how it went; without,
  // W3 only writes the post.
  FanOut* fanout = nullptr;
  int64_t fanout_wait_ms = 10000;
};

// Runs pattern `id` ("AP1") with `params` ({"user": "u_alice", ...});
// parameters left out take their defaults (inbox_parameters()), "table"
// defaults to the inbox's table. Every request goes to `executor`. Blocks
// until the pattern is done, the read-all job of AP5 included.
// Throws PatternError before sending anything when `id` or `params` do not
// fit.
PatternRun run_inbox_pattern(std::string_view id, const TemplateParams& params,
                             const Executor& executor, const PatternRunOptions& options = {});

// What a mark-read or a delivery did, in words.
std::string_view describe(MarkRead outcome);
std::string_view describe(Delivery outcome);

}  // namespace dynamini::model
