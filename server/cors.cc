#include "cors.h"

namespace dynamini::server {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace

bool origin_allowed(std::string_view origin, std::string_view allowed) {
  if (trim(allowed) == "*") return true;
  if (origin.empty()) return false;
  while (!allowed.empty()) {
    std::string_view entry = allowed.substr(0, allowed.find(','));
    allowed.remove_prefix(std::min(allowed.size(), entry.size() + 1));
    entry = trim(entry);
    if (entry == "*" || entry == origin) return true;
  }
  return false;
}

CorsHeaders cors_headers(std::string_view origin, std::string_view allowed) {
  if (trim(allowed) == "*") return {};
  if (origin_allowed(origin, allowed)) {
    return {.allow = true, .allow_origin = std::string(origin), .vary = true};
  }
  return {.allow = false, .allow_origin = {}, .vary = true};
}

void apply_cors(Response& response, std::string_view origin, std::string_view allowed) {
  const CorsHeaders cors = cors_headers(origin, allowed);
  if (cors.vary) response.set(http::field::vary, "Origin");
  if (cors.allow) {
    response.set(http::field::access_control_allow_origin,
                 boost::beast::string_view(cors.allow_origin.data(), cors.allow_origin.size()));
  } else {
    response.erase(http::field::access_control_allow_origin);
  }
}

}  // namespace dynamini::server
