#pragma once

// JSON answers of the admin endpoint's routes (faults, triggers).

#include <string>
#include <string_view>

#include "route.h"

namespace dynamini::server {

// `body` (JSON) with `status`, Content-Type application/json, no-store.
Response admin_json(const Request& request, http::status status, std::string body);
// {"message": "..."} with `status`.
Response admin_failure(const Request& request, http::status status, std::string_view message);

}  // namespace dynamini::server
