#include "admin_reply.h"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cctype>

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

std::string query_value(const Request& request, std::string_view name) {
  std::string_view target(request.target().data(), request.target().size());
  const size_t q = target.find('?');
  if (q == target.npos) return "";
  std::string_view query = target.substr(q + 1);
  while (!query.empty()) {
    std::string_view pair = query.substr(0, query.find('&'));
    query.remove_prefix(std::min(query.size(), pair.size() + 1));
    const size_t eq = pair.find('=');
    if (pair.substr(0, eq) != name) continue;
    std::string value;
    std::string_view raw = eq == pair.npos ? std::string_view() : pair.substr(eq + 1);
    for (size_t i = 0; i < raw.size(); ++i) {
      if (raw[i] == '%' && i + 2 < raw.size() &&
          std::isxdigit(static_cast<unsigned char>(raw[i + 1])) &&
          std::isxdigit(static_cast<unsigned char>(raw[i + 2]))) {
        value += static_cast<char>(std::stoi(std::string(raw.substr(i + 1, 2)), nullptr, 16));
        i += 2;
      } else {
        value += raw[i] == '+' ? ' ' : raw[i];
      }
    }
    return value;
  }
  return "";
}

}  // namespace dynamini::server
