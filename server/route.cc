#include "route.h"

#include <boost/beast/core/string.hpp>
#include <cctype>
#include <chrono>
#include <exception>
#include <string>
#include <string_view>

#include "console_route.h"
#include "crc32.h"
#include "error_body.h"
#include "request_id.h"

namespace dynamini::server {
namespace {

constexpr std::string_view kTargetPrefixes[] = {
    "DynamoDB_20120810.",
    "DynamoDBStreams_20120810.",
};
constexpr std::string_view kAcceptedContentTypes[] = {
    "application/x-amz-json-1.0",
    "application/x-amz-json-1.1",
    "application/json",
};
constexpr const char* kContentType = "application/x-amz-json-1.0";
constexpr const char* kHealthBody = R"({"service":"dynamini","status":"ok"})";
constexpr const char* kDefaultAllowedHeaders =
    "Content-Type, X-Amz-Target, X-Amz-Date, X-Amz-Security-Token, "
    "X-Amz-User-Agent, X-Amz-Content-Sha256, Authorization, "
    "amz-sdk-invocation-id, amz-sdk-request";

// Beast 1.74's string_view is boost::string_view.
std::string_view std_view(boost::beast::string_view s) {
  return std::string_view(s.data(), s.size());
}
boost::beast::string_view beast_view(std::string_view s) {
  return boost::beast::string_view(s.data(), s.size());
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) {
    s.remove_prefix(1);
  }
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) {
    s.remove_suffix(1);
  }
  return s;
}

// A missing Content-Type is accepted; otherwise its media type (parameters
// such as charset ignored) must be a JSON one.
bool content_type_accepted(std::string_view value) {
  value = trim(value.substr(0, value.find(';')));
  if (value.empty()) return true;
  for (std::string_view accepted : kAcceptedContentTypes) {
    if (boost::beast::iequals(beast_view(value), beast_view(accepted))) {
      return true;
    }
  }
  return false;
}

// Adds the headers every response carries, then fixes Content-Length.
void finish(Response& response, bool keep_alive) {
  response.set(http::field::server, "dynamini");
  response.set(http::field::content_type, kContentType);
  response.set("x-amzn-RequestId", new_request_id());
  response.set("x-amz-crc32", std::to_string(crc32(response.body())));
  response.set(http::field::access_control_allow_origin, "*");
  response.set(http::field::access_control_expose_headers,
               "x-amzn-RequestId, x-amz-crc32, x-amz-id-2");
  response.keep_alive(keep_alive);
  response.prepare_payload();
}

Response body_response(http::status status, std::string body, const Request& request) {
  Response response{status, request.version()};
  response.body() = std::move(body);
  finish(response, request.keep_alive());
  return response;
}

Response error_for(const Request& request, ErrorCode code, std::string message) {
  return error_response(ApiError{code, std::move(message), {}}, request.version(),
                        request.keep_alive());
}

Response health(const Request& request) {
  Response response = body_response(http::status::ok, kHealthBody, request);
  if (request.method() == http::verb::head) {
    // Same headers (Content-Length of the GET body), no body.
    const std::string length = std::to_string(response.body().size());
    response.body().clear();
    response.set(http::field::content_length, length);
  }
  return response;
}

Response preflight(const Request& request) {
  Response response{http::status::ok, request.version()};
  std::string_view requested = std_view(request[http::field::access_control_request_headers]);
  response.set(http::field::access_control_allow_methods, "GET, HEAD, POST, OPTIONS");
  response.set(
      http::field::access_control_allow_headers,
      beast_view(requested.empty() ? std::string_view(kDefaultAllowedHeaders) : requested));
  response.set(http::field::access_control_max_age, "86400");
  finish(response, request.keep_alive());
  return response;
}

Response api_call(Database& db, const Request& request) {
  std::string_view target = trim(std_view(request["X-Amz-Target"]));
  std::string_view operation;
  for (std::string_view prefix : kTargetPrefixes) {
    if (target.starts_with(prefix)) {
      operation = target.substr(prefix.size());
      break;
    }
  }
  if (operation.empty()) {
    return error_for(request, ErrorCode::kUnknownOperation,
                     target.empty() ? "Missing X-Amz-Target header (expected "
                                      "DynamoDB_20120810.<Operation>)"
                                    : "Unrecognized X-Amz-Target: " + std::string(target));
  }
  std::string_view content_type = std_view(request[http::field::content_type]);
  if (!content_type_accepted(content_type)) {
    return error_for(request, ErrorCode::kUnknownOperation,
                     "Unsupported Content-Type: " + std::string(content_type) +
                         " (expected application/x-amz-json-1.0)");
  }
  Result result = db.execute(operation, request.body());
  if (!result.ok()) {
    return error_response(*result.error, request.version(), request.keep_alive());
  }
  return body_response(http::status::ok, std::move(result.body), request);
}

// api_call(), recorded in `log` for the console's request log.
Response logged_api_call(Database& db, const Request& request, RequestLog& log) {
  const auto start = std::chrono::steady_clock::now();
  Response response = api_call(db, request);
  std::string_view client = std_view(request["x-dynamini-client"]);
  if (client.empty()) client = std_view(request[http::field::user_agent]);
  log.record({.target = trim(std_view(request["X-Amz-Target"])),
              .client = client,
              .request_body = request.body(),
              .status = response.result_int(),
              .response_body = response.body(),
              .latency = std::chrono::duration_cast<std::chrono::microseconds>(
                  std::chrono::steady_clock::now() - start)});
  return response;
}

}  // namespace

Response error_response(const ApiError& error, unsigned version, bool keep_alive,
                        unsigned status_override) {
  Response response{
      static_cast<http::status>(status_override != 0 ? status_override
                                                     : static_cast<unsigned>(error.http_status())),
      version};
  response.body() = error_body(error);
  finish(response, keep_alive);
  return response;
}

Response route(Database& db, const Request& request, RequestLog* log) {
  try {
    switch (request.method()) {
      case http::verb::post:
        return log != nullptr ? logged_api_call(db, request, *log) : api_call(db, request);
      case http::verb::get:
      case http::verb::head:
        if (is_console_target(std_view(request.target()))) return console_response(request, log);
        return health(request);
      case http::verb::options:
        return preflight(request);
      default:
        return error_for(request, ErrorCode::kUnknownOperation,
                         "Unsupported HTTP method " +
                             std::string(std_view(request.method_string())) +
                             " (DynamoDB calls are POST)");
    }
  } catch (const std::exception& e) {
    return error_for(request, ErrorCode::kInternalServerError,
                     std::string("Internal server error: ") + e.what());
  } catch (...) {
    return error_for(request, ErrorCode::kInternalServerError, "Internal server error");
  }
}

}  // namespace dynamini::server
