#pragma once

// The console's JSON endpoints, answered without HTTP: the one seam between
// the console's pages and an engine. The server's console route
// (console_route.h) wraps the answer in a Beast response; the WebAssembly
// build (tools/wasm/browser_host.h) hands it to the page's JavaScript. Both
// serve the same console (server/console/*.js).
//   GET  /console/api/requests?after=<id>&limit=<n>
//                                  -> RequestLog::entries_json
//   POST /console/api/render       -> the AWS CLI command and capacity of one call
//                                     (console_render.h)
//   GET or POST <a registered path> -> that ConsoleRoute's handler
//   anything else under /console/api/ -> 404 {"error"}

#include <functional>
#include <optional>
#include <string_view>
#include <vector>

#include "dynamini/console_extension.h"
#include "request_log.h"

namespace dynamini::server {

// Sends an API call on a console client's behalf (ConsoleRouteRequest::call).
using ConsoleApiCaller = std::function<Result(std::string_view client, std::string_view operation,
                                              std::string_view request_json)>;

struct ConsoleContext {
  const RequestLog* log = nullptr;                    // null: the log endpoint lists nothing
  const std::vector<ConsoleRoute>* routes = nullptr;  // null: none registered
  ConsoleApiCaller call;                              // REQUIRED when `routes` has any
};

// One request to the console, as the page sent it. Views valid during the call.
struct ConsoleApiRequest {
  std::string_view method;        // "GET", "HEAD" or "POST"
  std::string_view path;          // "/console/api/model"
  std::string_view query;         // after '?', or empty
  std::string_view body;          // POST's
  std::string_view content_type;  // the Content-Type field, or empty
  std::string_view client;        // x-dynamini-client, else the User-Agent
  std::string_view endpoint;      // "http://<Host>", or empty (console_extension.h)
};

// True when `path` is one of the console's endpoints (under /console/api/).
bool is_console_api_path(std::string_view path);

// The answer to a request for a console endpoint, never cached by the page
// (the caller adds Cache-Control: no-store). A handler's exception becomes a
// 500 {"error": what()}. REQUIRES: is_console_api_path(request.path).
ConsoleRouteResponse answer_console_api(const ConsoleApiRequest& request,
                                        const ConsoleContext& context);

}  // namespace dynamini::server
