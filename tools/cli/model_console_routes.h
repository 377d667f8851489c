#pragma once

// The console routes through which the `dynamini` command publishes the
// loaded model (the inbox) and runs its patterns. The server knows them
// only as ConsoleRoutes (dynamini/console_extension.h).
//
//   GET  /console/api/model      -> the catalogue (model/inbox_catalogue.h)
//   POST /console/api/model/run  {"pattern": "AP1", "params": {"user": "u_alice", ...}}
//     -> {"pattern", "ok", "outcome", "cursor" (the next page's
//         LastEvaluatedKey, or null),
//         "calls": [{"operation", "request", "status", "response" (or null),
//                    "error": {type, message} or null, "latencyMs",
//                    "background", "cost" (capacity_json), "awsCli"}],
//         "total": capacity_json of the calls' sum, plus "requests"}
//     Every call is sent through ConsoleRouteRequest::call, so it is in the
//     request log and --log-requests like any client's; each call asks for
//     ReturnConsumedCapacity TOTAL, so its cost is the response's.
//     400 {"error"} for an unknown pattern or parameters that do not fit.
// Without a model loaded the command registers none: GET /console/api/model
// answers 404 and the console offers no patterns.

#include <vector>

#include "dynamini/console_extension.h"
#include "model/inbox_fanout.h"

namespace dynamini::cli {

// `fanout` (may be null) is the stream trigger serving the inbox table;
// with it, a run of W3 waits for the post's fan-out. It must outlive the
// routes' use.
std::vector<ConsoleRoute> model_console_routes(model::FanOut* fanout);

}  // namespace dynamini::cli
