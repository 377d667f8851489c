#include "console_route.h"

#include <string>

#include "beast_string.h"
#include "console_assets.h"

namespace dynamini::server {
namespace {

constexpr std::string_view kConsolePrefix = "/console";
// The console loads only its own files and talks only to this server.
constexpr const char* kContentSecurityPolicy =
    "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self'; frame-ancestors 'none'";

Response respond(const Request& request, http::status status, std::string_view content_type,
                 std::string body, std::string_view cache_control) {
  Response response{status, request.version()};
  response.set(http::field::server, "dynamini");
  response.set(http::field::content_type, beast_view(content_type));
  response.set(http::field::cache_control, beast_view(cache_control));
  response.set("X-Content-Type-Options", "nosniff");
  response.set("Content-Security-Policy", kContentSecurityPolicy);
  response.keep_alive(request.keep_alive());
  response.body() = std::move(body);
  response.prepare_payload();
  if (request.method() == http::verb::head) {
    const std::string length = std::to_string(response.body().size());
    response.body().clear();
    response.set(http::field::content_length, length);
  }
  return response;
}

Response asset_response(const Request& request, const ConsoleAsset& asset) {
  if (std_view(request[http::field::if_none_match]) == asset.etag) {
    Response response{http::status::not_modified, request.version()};
    response.set(http::field::server, "dynamini");
    response.set(http::field::etag, asset.etag);
    response.set(http::field::cache_control, "no-cache");
    response.keep_alive(request.keep_alive());
    return response;
  }
  Response response =
      respond(request, http::status::ok, asset.content_type, std::string(asset.body), "no-cache");
  response.set(http::field::etag, asset.etag);
  return response;
}

// "http://<Host>" as the client reached the server, or empty.
std::string endpoint_of(const Request& request) {
  std::string_view host = std_view(request[http::field::host]);
  return host.empty() ? std::string() : "http://" + std::string(host);
}

std::string_view method_name(const Request& request) {
  switch (request.method()) {
    case http::verb::get:
      return "GET";
    case http::verb::head:
      return "HEAD";
    default:
      return "POST";
  }
}

// A console endpoint's answer (console_api.h) as an HTTP response.
Response api_response(const Request& request, const ConsoleContext& context, std::string_view path,
                      std::string_view query) {
  std::string_view client = std_view(request["x-dynamini-client"]);
  if (client.empty()) client = std_view(request[http::field::user_agent]);
  const std::string endpoint = endpoint_of(request);
  ConsoleRouteResponse answer =
      answer_console_api({.method = method_name(request),
                          .path = path,
                          .query = query,
                          .body = request.body(),
                          .content_type = std_view(request[http::field::content_type]),
                          .client = client,
                          .endpoint = endpoint},
                         context);
  return respond(request, static_cast<http::status>(answer.status), answer.content_type,
                 std::move(answer.body), "no-store");
}

}  // namespace

bool is_console_target(std::string_view target) {
  if (!target.starts_with(kConsolePrefix)) return false;
  target.remove_prefix(kConsolePrefix.size());
  return target.empty() || target.front() == '/' || target.front() == '?';
}

Response console_response(const Request& request, const ConsoleContext& context) {
  std::string_view target = std_view(request.target());
  std::string_view path = target.substr(0, target.find('?'));
  // The query as received, for console extensions (ConsoleRequest::query).
  std::string_view query = target.substr(std::min(target.size(), path.size() + 1));

  if (is_console_api_path(path)) return api_response(request, context, path, query);
  std::string_view name = path.substr(kConsolePrefix.size());
  if (name.starts_with('/')) name.remove_prefix(1);
  if (name.empty()) name = "index.html";
  const ConsoleAsset* asset = find_console_asset(name);
  if (asset != nullptr && request.method() != http::verb::post) {
    return asset_response(request, *asset);
  }
  return respond(request, http::status::not_found, "text/plain; charset=utf-8",
                 "Not found: " + std::string(path) + "\n", "no-store");
}

}  // namespace dynamini::server
