#pragma once

// A pattern run (model/pattern_run.h) as the console's JSON transcript: the
// body of POST /console/api/model/run (model_console_routes.h documents the
// shape): each call with its cost and AWS CLI command (the server's
// renderings), the items it read and wrote (Result::facts) and the request
// reviewer's line; the run's total cost and its price per million calls.

#include <string>
#include <string_view>

#include "model/advisor.h"
#include "model/model_definition.h"
#include "model/pattern_run.h"

namespace dynamini::cli {

// `endpoint` is the server as the browser reached it (for the AWS CLI
// commands); `advisor` may be null.
std::string run_json(const model::ModelDefinition& model, std::string_view pattern,
                     const model::PatternRun& run, std::string_view endpoint,
                     const model::Advisor* advisor);

}  // namespace dynamini::cli
