#include "console_api.h"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <exception>
#include <string>

#include "console_render.h"
#include "query_string.h"

namespace dynamini::server {
namespace {

constexpr std::string_view kApiPrefix = "/console/api/";
constexpr std::string_view kRequestsPath = "/console/api/requests";
constexpr std::string_view kRenderPath = "/console/api/render";
constexpr size_t kDefaultLimit = 100;
constexpr size_t kMaxLimit = 500;

uint64_t to_number(std::string_view text, uint64_t fallback) {
  uint64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc() && end == text.data() + text.size() ? value : fallback;
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

ConsoleRouteResponse json_answer(unsigned status, std::string body) {
  return {.status = status, .body = std::move(body), .content_type = "application/json"};
}

bool is_json_content_type(std::string_view type) {
  type = type.substr(0, type.find(';'));
  while (!type.empty() && type.back() == ' ') type.remove_suffix(1);
  constexpr std::string_view kJson = "application/json";
  return type.size() == kJson.size() &&
         std::equal(type.begin(), type.end(), kJson.begin(), [](char a, char b) {
           return std::tolower(static_cast<unsigned char>(a)) == b;
         });
}

const ConsoleRoute* find_route(const ConsoleContext& context, const ConsoleApiRequest& request) {
  if (context.routes == nullptr) return nullptr;
  const bool post = request.method == "POST";
  for (const ConsoleRoute& route : *context.routes) {
    if (route.path == request.path && (route.method == "POST") == post) return &route;
  }
  return nullptr;
}

ConsoleRouteResponse extension_answer(const ConsoleApiRequest& request,
                                      const ConsoleContext& context, const ConsoleRoute& route) {
  if (request.method == "POST" && !is_json_content_type(request.content_type)) {
    return json_answer(415, error_json("a console POST needs Content-Type: application/json"));
  }
  const std::string_view client = request.client;
  ConsoleRouteRequest route_request{
      .method = request.method,
      .path = request.path,
      .query = request.query,
      .body = request.body,
      .client = client,
      .endpoint = request.endpoint,
      .call = [&context, client](std::string_view operation, std::string_view json) {
        return context.call(client, operation, json);
      }};
  try {
    return route.handler(route_request);
  } catch (const std::exception& e) {
    return json_answer(500, error_json(e.what()));
  }
}

ConsoleRouteResponse render_answer(const ConsoleApiRequest& request) {
  if (request.method != "POST") {
    return json_answer(405, error_json("POST {target, request, response?} to render a call"));
  }
  auto body = render_call(request.body, request.endpoint);
  if (!body) {
    return json_answer(400, error_json("expected {\"target\": string, \"request\": string, "
                                       "\"response\": object?}"));
  }
  return json_answer(200, std::move(*body));
}

}  // namespace

bool is_console_api_path(std::string_view path) { return path.starts_with(kApiPrefix); }

ConsoleRouteResponse answer_console_api(const ConsoleApiRequest& request,
                                        const ConsoleContext& context) {
  if (request.path == kRenderPath) return render_answer(request);
  if (request.path == kRequestsPath && request.method != "POST") {
    uint64_t after = to_number(query_value(request.query, "after").value_or(""), 0);
    size_t limit = std::min<uint64_t>(
        to_number(query_value(request.query, "limit").value_or(""), kDefaultLimit), kMaxLimit);
    return json_answer(200, context.log != nullptr
                                ? context.log->entries_json(after, limit, request.endpoint)
                                : R"({"entries":[],"lastId":0,"capacity":0})");
  }
  if (const ConsoleRoute* route = find_route(context, request)) {
    return extension_answer(request, context, *route);
  }
  return json_answer(404, error_json("no console endpoint " + std::string(request.method) + " " +
                                     std::string(request.path)));
}

}  // namespace dynamini::server
