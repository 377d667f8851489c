#pragma once

// CORS headers from a server's access rules (dynamini/access_rules.h), with
// DynamoDB Local's -cors semantics for "*".

#include <string>
#include <string_view>

#include "dynamini/access_rules.h"
#include "http_message.h"

namespace dynamini::server {

// The CORS headers of one response.
struct CorsHeaders {
  bool allow = true;               // send Access-Control-Allow-Origin
  std::string allow_origin = "*";  // its value
  bool vary = false;               // send Vary: Origin (the answer depends on it)
};

// The headers for a request with these Host and Origin values: "*" when
// `rules` admit every origin; otherwise Vary: Origin, and the request's
// origin when `rules` admit it (no Access-Control-Allow-Origin when there is
// no Origin or it is not admitted).
CorsHeaders cors_headers(const AccessRules& rules, std::string_view host, std::string_view origin);

// Sets (or removes) `response`'s CORS headers as cors_headers() says.
void apply_cors(Response& response, const AccessRules& rules, std::string_view host,
                std::string_view origin);

}  // namespace dynamini::server
