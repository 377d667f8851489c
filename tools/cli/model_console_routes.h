#pragma once

// The console routes through which the `dynamini` command publishes its
// models and runs their patterns (model/model_host.h holds them). The server
// knows them only as ConsoleRoutes (dynamini/console_extension.h).
//
//   GET  /console/api/model      -> the current model's catalogue
//                                   (model/model_catalogue.h); 404 without one
//   GET  /console/api/models     -> {"current": name or null, "models": [{"name", "title",
//                                   "description", "builtIn", "loaded",
//                                   "lessons": [{"id", "title"}]}]}
//   POST /console/api/model/load {"name": "shop"} or {"model": {a model file or a
//                                   NoSQL Workbench export}}, optional "reset": true
//                                   (make its tables again with only the sample items)
//     -> the model's catalogue, now current; 400 {"error"} for a model that does not load
//   POST /console/api/model/run  {"pattern": "AP1", "params": {"user": "u_alice", ...}}
//     -> {"pattern", "model", "ok", "outcome", "cursor" (the next page's
//         LastEvaluatedKey, or null),
//         "calls": [{"operation", "template", "request", "status", "response" (or null),
//                    "error": {type, message} or null, "latencyMs", "background",
//                    "cost" (capacity_json), "awsCli",
//                    "pages": [{"table", "index", "query", "filtered", "evaluated",
//                               "returned", "keys": [{"key": {...}, "returned"}]}],
//                    "writes": [{"table", "key": {...}, "created", "removed",
//                                "indexes": [names]}],
//                    "review": {"text", "link"} or null}],
//         "total": capacity_json of the calls' sum, "requests",
//         "price": {"perMillion", "currency", "table", "readOn", "text"}}
//     Every call is sent through ConsoleRouteRequest::call, so it is in the
//     request log, reviewed and observed like any client's.
//     400 {"error"} for an unknown pattern or parameters that do not fit.
//   GET  /console/api/notes      -> the request reviewer's notes (model/review_notes.h)

#include <memory>
#include <vector>

#include "dynamini/console_extension.h"
#include "model/advisor.h"
#include "model/model_host.h"

namespace dynamini::cli {

// `host` must outlive the routes' use. `advisor` (may be null) reviews the
// calls a pattern run shows, without counting them twice.
std::vector<ConsoleRoute> model_console_routes(model::ModelHost& host,
                                               std::shared_ptr<const model::Advisor> advisor);

}  // namespace dynamini::cli
