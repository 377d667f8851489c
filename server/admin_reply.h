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
// `text` as a JSON string literal, quotes included.
std::string json_quoted(std::string_view text);
// The path of the request's target (before '?') and the decoded value of
// query parameter `name` (empty when absent).
std::string_view target_path(const Request& request);
std::string query_value(const Request& request, std::string_view name);

}  // namespace dynamini::server
