#pragma once

// GET/HEAD/POST /console...: the teaching console's pages, its endpoints and
// the routes the embedding program adds (ServerOptions::console_routes).
// Everything else the console does goes through the ordinary DynamoDB API
// (POST / with X-Amz-Target).
//   GET  /console, /console/       -> index.html
//   GET  /console/<file>           -> an embedded asset (ETag, Cache-Control: no-cache)
//   /console/api/...               -> the console's endpoints (console_api.h),
//                                     JSON, Cache-Control: no-store

#include <string_view>

#include "console_api.h"
#include "route.h"

namespace dynamini::server {

// True when `target` (path and query) belongs to the console.
bool is_console_target(std::string_view target);

// Answers a GET, HEAD or POST for a console target.
Response console_response(const Request& request, const ConsoleContext& context);

}  // namespace dynamini::server
