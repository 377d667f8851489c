#pragma once

// CORS with DynamoDB Local's -cors semantics: "*" allows every origin;
// otherwise a comma-separated allow list.

#include <string_view>

#include "route.h"

namespace dynamini::server {

// Sets Access-Control-Allow-Origin on `response`: "*" when `allowed` is
// "*"; the request's `origin` when it is in the list (with Vary: Origin);
// no header at all otherwise.
void apply_cors(Response& response, std::string_view origin, std::string_view allowed);

// True when `origin` is in the comma-separated list `allowed` (or `allowed`
// is "*").
bool origin_allowed(std::string_view origin, std::string_view allowed);

}  // namespace dynamini::server
