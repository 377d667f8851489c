#include "console_route.h"

#include <charconv>
#include <string>

#include "console_assets.h"

namespace dynamini::server {
namespace {

constexpr std::string_view kPrefix = "/console";
constexpr std::string_view kRequestsPath = "/console/api/requests";
constexpr size_t kDefaultLimit = 100;
constexpr size_t kMaxLimit = 500;
// The console loads only its own files and talks only to this server.
constexpr const char* kContentSecurityPolicy =
    "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self'; frame-ancestors 'none'";

std::string_view std_view(boost::beast::string_view s) { return {s.data(), s.size()}; }

// The value of `name` in a query string "a=1&b=2", or empty.
std::string_view query_param(std::string_view query, std::string_view name) {
  while (!query.empty()) {
    std::string_view pair = query.substr(0, query.find('&'));
    query.remove_prefix(std::min(query.size(), pair.size() + 1));
    if (pair.starts_with(name) && pair.size() > name.size() && pair[name.size()] == '=') {
      return pair.substr(name.size() + 1);
    }
  }
  return {};
}

uint64_t to_number(std::string_view text, uint64_t fallback) {
  uint64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc() && end == text.data() + text.size() ? value : fallback;
}

Response respond(const Request& request, http::status status, std::string_view content_type,
                 std::string body, std::string_view cache_control) {
  Response response{status, request.version()};
  response.set(http::field::server, "dynamini");
  response.set(http::field::content_type,
               boost::beast::string_view(content_type.data(), content_type.size()));
  response.set(http::field::cache_control,
               boost::beast::string_view(cache_control.data(), cache_control.size()));
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

}  // namespace

bool is_console_target(std::string_view target) {
  if (!target.starts_with(kPrefix)) return false;
  target.remove_prefix(kPrefix.size());
  return target.empty() || target.front() == '/' || target.front() == '?';
}

Response console_response(const Request& request, const RequestLog* log) {
  std::string_view target = std_view(request.target());
  std::string_view path = target.substr(0, target.find('?'));
  std::string_view query =
      path.size() < target.size() ? target.substr(path.size() + 1) : std::string_view();

  if (path == kRequestsPath) {
    uint64_t after = to_number(query_param(query, "after"), 0);
    size_t limit = std::min<uint64_t>(to_number(query_param(query, "limit"), kDefaultLimit),
                                      kMaxLimit);
    std::string body = log != nullptr ? log->entries_json(after, limit)
                                      : R"({"entries":[],"lastId":0,"capacity":0})";
    return respond(request, http::status::ok, "application/json", std::move(body), "no-store");
  }
  std::string_view name = path.substr(kPrefix.size());
  if (name.starts_with('/')) name.remove_prefix(1);
  if (name.empty()) name = "index.html";
  if (const ConsoleAsset* asset = find_console_asset(name)) {
    return asset_response(request, *asset);
  }
  return respond(request, http::status::not_found, "text/plain; charset=utf-8",
                 "Not found: " + std::string(path) + "\n", "no-store");
}

}  // namespace dynamini::server
