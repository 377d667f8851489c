#pragma once

// GET/HEAD /console...: the teaching console's pages and its one read-only
// endpoint. Everything else the console does goes through the ordinary
// DynamoDB API (POST / with X-Amz-Target).
//   /console, /console/          -> index.html
//   /console/<file>              -> an embedded asset (ETag, Cache-Control: no-cache)
//   /console/api/requests?after=<id>&limit=<n>
//                                -> RequestLog::entries_json (Cache-Control: no-store)

#include <string_view>

#include "request_log.h"
#include "route.h"

namespace dynamini::server {

// True when `target` (path and query) belongs to the console.
bool is_console_target(std::string_view target);

// Answers a GET or HEAD for a console target. `log` may be null (no server
// log attached): the requests endpoint then answers an empty list.
Response console_response(const Request& request, const RequestLog* log);

}  // namespace dynamini::server
