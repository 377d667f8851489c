#include "cors.h"

namespace dynamini::server {

CorsHeaders cors_headers(const AccessRules& rules, std::string_view host, std::string_view origin) {
  if (admits_every_origin(rules)) return {};
  if (!origin.empty() && origin_admitted(rules, host, origin)) {
    return {.allow = true, .allow_origin = std::string(origin), .vary = true};
  }
  return {.allow = false, .allow_origin = {}, .vary = true};
}

void apply_cors(Response& response, const AccessRules& rules, std::string_view host,
                std::string_view origin) {
  const CorsHeaders cors = cors_headers(rules, host, origin);
  if (cors.vary) response.set(http::field::vary, "Origin");
  if (cors.allow) {
    response.set(http::field::access_control_allow_origin,
                 boost::beast::string_view(cors.allow_origin.data(), cors.allow_origin.size()));
  } else {
    response.erase(http::field::access_control_allow_origin);
  }
}

}  // namespace dynamini::server
