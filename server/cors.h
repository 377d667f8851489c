#pragma once

// CORS with DynamoDB Local's -cors semantics: "*" allows every origin;
// otherwise a comma-separated allow list.

#include <string>
#include <string_view>

#include "http_message.h"

namespace dynamini::server {

// The CORS headers of one response.
struct CorsHeaders {
  bool allow = true;               // send Access-Control-Allow-Origin
  std::string allow_origin = "*";  // its value
  bool vary = false;               // send Vary: Origin (the answer depends on it)
};

// The headers for a request from `origin` under the allow list `allowed`:
// "*" when `allowed` is "*"; otherwise Vary: Origin, and the request's
// origin when it is in the list (no Access-Control-Allow-Origin when not).
CorsHeaders cors_headers(std::string_view origin, std::string_view allowed);

// Sets (or removes) `response`'s CORS headers as cors_headers() says.
void apply_cors(Response& response, std::string_view origin, std::string_view allowed);

// True when `origin` is in the comma-separated list `allowed` (or `allowed`
// is "*").
bool origin_allowed(std::string_view origin, std::string_view allowed);

}  // namespace dynamini::server
