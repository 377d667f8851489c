#include "console_route.h"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <charconv>
#include <exception>
#include <string>

#include "beast_string.h"
#include "console_assets.h"
#include "console_render.h"
#include "query_string.h"

namespace dynamini::server {
namespace {

constexpr std::string_view kConsolePrefix = "/console";
constexpr std::string_view kRequestsPath = "/console/api/requests";
constexpr std::string_view kRenderPath = "/console/api/render";
constexpr size_t kDefaultLimit = 100;
constexpr size_t kMaxLimit = 500;
// The console loads only its own files and talks only to this server.
constexpr const char* kContentSecurityPolicy =
    "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self'; frame-ancestors 'none'";

uint64_t to_number(std::string_view text, uint64_t fallback) {
  uint64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc() && end == text.data() + text.size() ? value : fallback;
}

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

// {"error": "<message>"}
std::string error_json(std::string_view message) {
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> out(buffer);
  out.StartObject();
  out.Key("error");
  out.String(message.data(), static_cast<rapidjson::SizeType>(message.size()));
  out.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize());
}

Response json_response(const Request& request, http::status status, std::string body) {
  return respond(request, status, "application/json", std::move(body), "no-store");
}

// "http://<Host>" as the client reached the server, or empty.
std::string endpoint_of(const Request& request) {
  std::string_view host = std_view(request[http::field::host]);
  return host.empty() ? std::string() : "http://" + std::string(host);
}

bool is_json_content_type(const Request& request) {
  std::string_view type = std_view(request[http::field::content_type]);
  type = type.substr(0, type.find(';'));
  while (!type.empty() && type.back() == ' ') type.remove_suffix(1);
  return boost::beast::iequals(beast_view(type), "application/json");
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

const ConsoleRoute* find_route(const ConsoleContext& context, const Request& request,
                               std::string_view path) {
  if (context.routes == nullptr) return nullptr;
  const bool post = request.method() == http::verb::post;
  for (const ConsoleRoute& route : *context.routes) {
    if (route.path == path && (route.method == "POST") == post) return &route;
  }
  return nullptr;
}

Response extension_response(const Request& request, const ConsoleContext& context,
                            const ConsoleRoute& route, std::string_view path,
                            std::string_view query) {
  if (request.method() == http::verb::post && !is_json_content_type(request)) {
    return json_response(request, http::status::unsupported_media_type,
                         error_json("a console POST needs Content-Type: application/json"));
  }
  std::string_view client = std_view(request["x-dynamini-client"]);
  if (client.empty()) client = std_view(request[http::field::user_agent]);
  const std::string endpoint = endpoint_of(request);
  ConsoleRouteRequest route_request{
      .method = method_name(request),
      .path = path,
      .query = query,
      .body = request.body(),
      .client = client,
      .endpoint = endpoint,
      .call = [&context, client](std::string_view operation, std::string_view json) {
        return context.call(client, operation, json);
      }};
  ConsoleRouteResponse reply;
  try {
    reply = route.handler(route_request);
  } catch (const std::exception& e) {
    return json_response(request, http::status::internal_server_error, error_json(e.what()));
  }
  return respond(request, static_cast<http::status>(reply.status), reply.content_type,
                 std::move(reply.body), "no-store");
}

Response render_response(const Request& request) {
  if (request.method() != http::verb::post) {
    return json_response(request, http::status::method_not_allowed,
                         error_json("POST {target, request, response?} to render a call"));
  }
  auto body = render_call(request.body(), endpoint_of(request));
  if (!body) {
    return json_response(request, http::status::bad_request,
                         error_json("expected {\"target\": string, \"request\": string, "
                                    "\"response\": object?}"));
  }
  return json_response(request, http::status::ok, std::move(*body));
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

  if (path == kRenderPath) return render_response(request);
  if (path == kRequestsPath && request.method() != http::verb::post) {
    uint64_t after = to_number(query_param(target, "after").value_or(""), 0);
    size_t limit = std::min<uint64_t>(
        to_number(query_param(target, "limit").value_or(""), kDefaultLimit), kMaxLimit);
    std::string body = context.log != nullptr
                           ? context.log->entries_json(after, limit, endpoint_of(request))
                           : R"({"entries":[],"lastId":0,"capacity":0})";
    return json_response(request, http::status::ok, std::move(body));
  }
  if (const ConsoleRoute* route = find_route(context, request, path)) {
    return extension_response(request, context, *route, path, query);
  }
  std::string_view name = path.substr(kConsolePrefix.size());
  if (name.starts_with('/')) name.remove_prefix(1);
  if (name.empty()) name = "index.html";
  const ConsoleAsset* asset = find_console_asset(name);
  if (asset != nullptr && request.method() != http::verb::post) {
    return asset_response(request, *asset);
  }
  if (name.starts_with("api/")) {
    return json_response(request, http::status::not_found,
                         error_json("no console endpoint " + std::string(method_name(request)) +
                                    " " + std::string(path)));
  }
  return respond(request, http::status::not_found, "text/plain; charset=utf-8",
                 "Not found: " + std::string(path) + "\n", "no-store");
}

}  // namespace dynamini::server
