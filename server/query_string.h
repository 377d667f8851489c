#pragma once

// Parameters of a request target's query string ("/path?a=1&b=x%20y").

#include <optional>
#include <string>
#include <string_view>

namespace dynamini::server {

// The value of parameter `name` in the query of `target` (a path and query as
// received), percent-decoded with '+' as a space; nullopt when absent.
std::optional<std::string> query_param(std::string_view target, std::string_view name);

}  // namespace dynamini::server
