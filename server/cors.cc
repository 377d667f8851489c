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

void apply_cors(Response& response, std::string_view origin, std::string_view allowed) {
  if (trim(allowed) == "*") {
    response.set(http::field::access_control_allow_origin, "*");
    return;
  }
  response.set(http::field::vary, "Origin");
  if (origin_allowed(origin, allowed)) {
    response.set(http::field::access_control_allow_origin,
                 boost::beast::string_view(origin.data(), origin.size()));
  } else {
    response.erase(http::field::access_control_allow_origin);
  }
}

}  // namespace dynamini::server
