#pragma once

// Runs a model's access pattern by its id and records every request it sent
// (model/pattern_run.h): what the console shows when a pattern runs and
// what `dynamini model run` prints.
//
// A model with "runner": "inbox" runs its patterns with its C++ behaviours
// (model/inbox_pattern_runner.h: the mark-all-read job, the fan-out). Any
// other model's patterns run from their templates: each step's template is
// instantiated with the pattern's parameters (defaults filled in, plus
// `now` (ISO 8601, seconds), `nowSeconds` (epoch seconds) and `ulid` (a
// fresh ULID) unless given) and sent, in order. A step with "pages": N is
// sent again with the pattern's cursor parameter set to the LastEvaluatedKey,
// up to N pages; "capture" sets parameters from its response for the steps
// after it; an error named in "expect" ends the pattern as its outcome, any
// other error ends it as a failure (PatternRun::ok false).

#include <string_view>

#include "model/executor.h"
#include "model/model_definition.h"
#include "model/pattern_run.h"
#include "model/request_template.h"

namespace dynamini::model {

// Throws PatternError, before sending anything, for an unknown pattern or
// parameters that do not fit.
PatternRun run_model_pattern(const ModelDefinition& model, std::string_view id,
                             const TemplateParams& params, const Executor& executor,
                             const PatternRunOptions& options = {});

}  // namespace dynamini::model
