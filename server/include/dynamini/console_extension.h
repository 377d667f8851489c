#pragma once

// Extra endpoints of the teaching console, registered by the program that
// embeds the server (ServerOptions::console_routes). The server knows nothing
// of what they serve: the `dynamini` command uses this to publish a data
// model's access patterns and run them; the console discovers them by path.
//
//   options.console_routes.push_back({.method = "GET", .path = "/console/api/hello",
//       .handler = [](const ConsoleRouteRequest&) {
//         return ConsoleRouteResponse{.body = R"({"hello":"world"})"};
//       }});

#include <functional>
#include <string>
#include <string_view>

#include "dynamini/database.h"

namespace dynamini {

// What a console route's handler is given. Every view is valid only during
// the handler call.
struct ConsoleRouteRequest {
  std::string_view method;    // "GET", "HEAD" or "POST"
  std::string_view path;      // the target's path ("/console/api/hello")
  std::string_view query;     // after '?', or empty
  std::string_view body;      // the request body (POST)
  std::string_view client;    // x-dynamini-client, else the User-Agent
  std::string_view endpoint;  // "http://<Host header>": the server as the browser
                              // reached it; empty without a Host header
  // Sends one DynamoDB API call ("Query", a JSON request) as a client of this
  // server would: it is answered by the database, recorded in the console's
  // request log and given to ServerOptions::request_observer, labelled with
  // `client`. Returns what a client gets (ConsumedCapacity only when the
  // request asked for it), and in Result::facts what the call read and
  // wrote (dynamini/call_facts.h). Thread-safe; may be called from threads the
  // handler starts, as long as the handler has not returned.
  std::function<Result(std::string_view operation, std::string_view request_json)> call;
};

struct ConsoleRouteResponse {
  unsigned status = 200;
  std::string body;
  std::string content_type = "application/json";
};

struct ConsoleRoute {
  // "GET" (which also answers HEAD) or "POST". A POST must come with a JSON
  // Content-Type (application/json), so a browser cannot send one across
  // origins without a CORS preflight.
  std::string method;
  // The exact path, under /console/api/ (e.g. "/console/api/model"); query
  // strings are passed to the handler. The console's own endpoints
  // (/console/api/requests, /console/api/render) cannot be replaced.
  std::string path;
  // Called on a serving thread; must be thread-safe. An exception becomes a
  // 500 with {"error": what()}.
  std::function<ConsoleRouteResponse(const ConsoleRouteRequest&)> handler;
};

}  // namespace dynamini
