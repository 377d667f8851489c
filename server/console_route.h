#pragma once

// GET/HEAD/POST /console...: the teaching console's pages, its endpoints and
// the routes the embedding program adds (ServerOptions::console_routes).
// Everything else the console does goes through the ordinary DynamoDB API
// (POST / with X-Amz-Target).
//   GET  /console, /console/       -> index.html
//   GET  /console/<file>           -> an embedded asset (ETag, Cache-Control: no-cache)
//   GET  /console/api/requests?after=<id>&limit=<n>
//                                  -> RequestLog::entries_json (Cache-Control: no-store)
//   POST /console/api/render       -> the AWS CLI command and capacity of one call
//                                     (console_render.h)
//   GET or POST <a registered path> -> that ConsoleRoute's handler
// API endpoints answer JSON and are never cached.

#include <functional>
#include <string_view>
#include <vector>

#include "dynamini/console_extension.h"
#include "request_log.h"
#include "route.h"

namespace dynamini::server {

// Sends an API call on a console client's behalf (ConsoleRouteRequest::call).
using ConsoleApiCaller = std::function<Result(std::string_view client, std::string_view operation,
                                              std::string_view request_json)>;

struct ConsoleContext {
  const RequestLog* log = nullptr;                    // null: the log endpoint lists nothing
  const std::vector<ConsoleRoute>* routes = nullptr;  // null: none registered
  ConsoleApiCaller call;                              // REQUIRED when `routes` has any
};

// True when `target` (path and query) belongs to the console.
bool is_console_target(std::string_view target);

// Answers a GET, HEAD or POST for a console target.
Response console_response(const Request& request, const ConsoleContext& context);

}  // namespace dynamini::server
