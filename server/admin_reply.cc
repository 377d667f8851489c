#include "admin_reply.h"

#include "json/json_text.h"

namespace dynamini::server {

Response admin_json(const Request& request, http::status status, std::string body) {
  Response response{status, request.version()};
  response.set(http::field::server, "dynamini");
  response.set(http::field::content_type, "application/json");
  response.set(http::field::cache_control, "no-store");
  response.keep_alive(request.keep_alive());
  response.body() = std::move(body);
  response.prepare_payload();
  return response;
}

Response admin_failure(const Request& request, http::status status, std::string_view message) {
  return admin_json(request, status, "{\"message\":" + json_quote(message) + "}");
}

}  // namespace dynamini::server
