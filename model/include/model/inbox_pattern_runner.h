#pragma once

// Runs one of the inbox's access patterns (model/models/inbox.json) by its
// id, with the model's own C++ (Inbox), and records every request it sent and
// what came back. The requests are the model file's templates instantiated,
// so the catalogue and the run never disagree; which of a pattern's steps
// are sent is decided by Inbox, as in any program using it.
// run_model_pattern() (model/model_runner.h) calls it for the inbox.

#include <string_view>

#include "model/executor.h"
#include "model/inbox.h"
#include "model/model_definition.h"
#include "model/pattern_run.h"
#include "model/request_template.h"

namespace dynamini::model {

// Runs pattern `id` ("AP1") of `inbox_model` with `params` ({"user":
// "u_alice", ...}); parameters left out take the model's defaults, "table"
// defaults to the inbox's table. Every request goes to `executor`. Blocks
// until the pattern is done, the read-all job of AP5 included.
// Throws PatternError before sending anything when `id` or `params` do not
// fit.
PatternRun run_inbox_pattern(const ModelDefinition& inbox_model, std::string_view id,
                             const TemplateParams& params, const Executor& executor,
                             const PatternRunOptions& options = {});

// What a mark-read or a delivery did, in words.
std::string_view describe(MarkRead outcome);
std::string_view describe(Delivery outcome);

}  // namespace dynamini::model
