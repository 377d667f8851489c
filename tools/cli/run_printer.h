#pragma once

// How `dynamini model run` (and its alias `dynamini inbox`) shows a pattern
// run: for each request made on the command's own thread, the exact request,
// the response and what it cost (ConsumedCapacity, and for Query/Scan the
// items evaluated (ScannedCount) against those returned (Count)); requests
// of workers the pattern started (the read-all job) only counted; then the
// outcome, the next page's cursor and the price per million calls.

#include <ostream>
#include <string>
#include <string_view>

#include "cli/api_target.h"
#include "model/executor.h"
#include "model/model_definition.h"
#include "model/pattern_run.h"

namespace dynamini::cli {

// The run; `quiet` prints the outcome line alone.
void print_run(std::ostream& out, const model::ModelDefinition& model,
               const model::ModelPattern& pattern, const model::PatternRun& run, bool quiet);

// An executor sending to `target`, one call at a time (an endpoint target has
// one connection; the read-all worker calls from its own thread).
model::Executor serialized_executor(ApiTarget& target);

// `json` indented for reading (as is when it does not parse).
std::string pretty_json(std::string_view json);

}  // namespace dynamini::cli
