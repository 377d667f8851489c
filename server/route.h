#pragma once

// The pure request handler: one HTTP request in, one HTTP response out. No
// sockets, so it is unit-tested directly (tests/server/route_test.cc).

#include <variant>

#include "api_response.h"
#include "dynamini/api_error.h"
#include "dynamini/database.h"
#include "dynamini/server.h"
#include "http_request.h"

namespace dynamini::faults {
class ThroughputLimiter;
}

namespace dynamini::server {

class RequestLog;

// Answers one request:
//   POST with X-Amz-Target "DynamoDB_20120810.<Op>" or
//        "DynamoDBStreams_20120810.<Op>"  -> db.execute(Op, body)
//   GET / HEAD /console...                 -> the teaching console (console_route.h)
//   GET / HEAD (any other path)            -> 200 health check
//   OPTIONS                                -> CORS preflight
// Anything else answers UnknownOperationException. Every response carries
// x-amzn-RequestId, x-amz-crc32, Content-Type application/x-amz-json-1.0,
// Content-Length and CORS headers, and honours the request's keep-alive.
// Never throws: an unexpected exception becomes a 500 InternalServerError.
// When `log` is set, every API call (POST) is recorded in it.
Response route(Database& db, const Request& request, RequestLog* log = nullptr);

class AdminSnapshots;

// What a server's route() works with beyond the database.
struct RouteContext {
  Database& db;
  RequestLog* log = nullptr;                        // the console's request log
  const ServerOptions* options = nullptr;           // observer, admin, auth; null: defaults
  AdminSnapshots* snapshots = nullptr;              // the admin endpoint's named snapshots
  faults::ThroughputLimiter* throughput = nullptr;  // provisioned throughput enforced; null: off
  // Which web pages and Host names are answered (dynamini/access_rules.h):
  // others get 403, and answers carry CORS headers by these rules. Null:
  // every request is answered, with Access-Control-Allow-Origin: * on API
  // answers (route() alone, in unit tests; a Server always sets it).
  const AccessRules* access = nullptr;
};

// route() with a server's options: its access rules (403 for a web page or
// a Host name they do not admit) and CORS headers, the request observer
// (ServerOptions::request_observer), the admin endpoint (POST
// /dynamini/admin/..., 404 unless enabled) and SigV4 verification (with
// ServerOptions::auth every API and admin request must be signed; the
// console answers 403 with an explanation, as it does not sign).
Response route(const RouteContext& context, const Request& request);

// route()'s answer before it is a Beast message: an API call's, errors
// included (api_response.h, rendered by hand), or any other response
// (console, admin, health, preflight). route() is to_beast() of it. The
// session reads requests as HttpRequest; an API call is answered from it
// directly, any other request through Beast's message (to_beast()).
using Answer = std::variant<ApiResponse, Response>;
Answer route_answer(const RouteContext& context, const HttpRequest& request);

// The answer to `error` (status `error.http_status()` unless
// `status_override` is non-zero), with the headers of every API answer;
// error_response() is it as a Beast message.
ApiResponse api_error_response(const ApiError& error, unsigned version, bool keep_alive,
                               unsigned status_override = 0);
Response error_response(const ApiError& error, unsigned version, bool keep_alive,
                        unsigned status_override = 0);

}  // namespace dynamini::server
