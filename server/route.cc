#include "route.h"

#include <boost/beast/core/string.hpp>
#include <cctype>
#include <chrono>
#include <exception>
#include <optional>
#include <string>
#include <string_view>

#include "admin_route.h"
#include "beast_string.h"
#include "console_route.h"
#include "cors.h"
#include "crc32.h"
#include "error_body.h"
#include "faults/fault_admin_route.h"
#include "faults/throughput_limiter.h"
#include "request_id.h"
#include "request_log.h"
#include "sigv4_check.h"
#include "triggers/trigger_admin_route.h"

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
constexpr const char* kHealthBody = R"({"service":"dynamini","status":"ok"})";
constexpr const char* kDefaultAllowedHeaders =
    "Content-Type, X-Amz-Target, X-Amz-Date, X-Amz-Security-Token, "
    "X-Amz-User-Agent, X-Amz-Content-Sha256, Authorization, "
    "amz-sdk-invocation-id, amz-sdk-request";

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

// An API-shaped answer (JSON body, DynamoDB's headers) to `request`.
ApiResponse json_answer(unsigned status, std::string body, const HttpRequest& request) {
  return make_api_response(status, std::move(body), request.version(), request.keep_alive());
}

ApiResponse error_for(const HttpRequest& request, ErrorCode code, std::string message) {
  return api_error_response(ApiError{code, std::move(message), {}}, request.version(),
                            request.keep_alive());
}

Response health(const HttpRequest& request) {
  Response response = to_beast(json_answer(200, kHealthBody, request));
  if (request.method() == http::verb::head) {
    // Same headers (Content-Length of the GET body), no body.
    const std::string length = std::to_string(response.body().size());
    response.body().clear();
    response.set(http::field::content_length, length);
  }
  return response;
}

Response preflight(const HttpRequest& request) {
  Response response = to_beast(json_answer(200, std::string(), request));
  std::string_view requested = request[http::field::access_control_request_headers];
  response.set(http::field::access_control_allow_methods, "GET, HEAD, POST, OPTIONS");
  response.set(
      http::field::access_control_allow_headers,
      beast_view(requested.empty() ? std::string_view(kDefaultAllowedHeaders) : requested));
  response.set(http::field::access_control_max_age, "86400");
  return response;
}

// With ServerOptions::auth: the error for a request whose SigV4 signature
// does not verify. Nothing without auth or when it verifies.
std::optional<ApiError> signature_error(const ServerOptions* options, const HttpRequest& request) {
  if (options == nullptr || !options->auth) return std::nullopt;
  sigv4::SignedRequest signed_request{.method = request.method_string(),
                                      .target = request.target(),
                                      .headers = {},
                                      .body = request.body()};
  for (const HttpRequest::Field& field : request.fields()) {
    signed_request.headers.emplace_back(field.name_string, field.value);
  }
  const int64_t now = std::chrono::duration_cast<std::chrono::seconds>(
                          std::chrono::system_clock::now().time_since_epoch())
                          .count();
  return sigv4::verify(signed_request, options->auth->access_key_id,
                       options->auth->secret_access_key, now);
}

// What a recorded call brought back beside its response.
struct CallRecord {
  std::vector<api::ConsumedCapacity> consumed;
  CallFacts facts;
};

// True when calls are reviewed (ServerOptions::request_annotator): their
// facts are then collected.
bool is_annotated(const RouteContext& ctx) {
  return ctx.options != nullptr && static_cast<bool>(ctx.options->request_annotator);
}

// The header fields an API call reads, found in one pass over the request's
// fields (eight lookups by name in Beast's field index had cost 2.2k
// instructions per GetItem, callgrind). The first of repeated fields, as
// request[name] gives it.
struct ApiCallHeaders {
  std::string_view target;        // X-Amz-Target, trimmed
  std::string_view content_type;  // Content-Type
  std::string_view client;        // x-dynamini-client, else User-Agent
  unsigned version = 11;
  bool keep_alive = true;
};

ApiCallHeaders api_call_headers(const HttpRequest& request) {
  ApiCallHeaders headers{.target = {},
                         .content_type = {},
                         .client = {},
                         .version = request.version(),
                         .keep_alive = request.keep_alive()};
  std::optional<std::string_view> target, content_type, console_client, user_agent;
  auto first = [](std::optional<std::string_view>& slot, std::string_view value) {
    if (!slot) slot = value;
  };
  for (const HttpRequest::Field& field : request.fields()) {
    switch (field.name) {
      case http::field::content_type:
        first(content_type, field.value);
        break;
      case http::field::user_agent:
        first(user_agent, field.value);
        break;
      case http::field::unknown:
        if (boost::beast::iequals(beast_view(field.name_string), "X-Amz-Target")) {
          first(target, field.value);
        } else if (boost::beast::iequals(beast_view(field.name_string), "x-dynamini-client")) {
          first(console_client, field.value);
        }
        break;
      default:
        break;
    }
  }
  headers.target = trim(target.value_or(std::string_view()));
  headers.content_type = content_type.value_or(std::string_view());
  headers.client = console_client.value_or(std::string_view());
  if (headers.client.empty()) headers.client = user_agent.value_or(std::string_view());
  return headers;
}

// The engine's answer to a signed-if-required API call. With `record` set,
// the call's capacity is measured (even when the client did not ask) and
// stored there, with its facts when calls are reviewed.
ApiResponse api_call(const RouteContext& ctx, const HttpRequest& request,
                     const ApiCallHeaders& headers, CallRecord* record) {
  auto error_answer = [&headers](const ApiError& error) {
    return api_error_response(error, headers.version, headers.keep_alive);
  };
  if (auto error = signature_error(ctx.options, request)) return error_answer(*error);
  const std::string_view target = headers.target;
  std::string_view operation;
  for (std::string_view prefix : kTargetPrefixes) {
    if (target.starts_with(prefix)) {
      operation = target.substr(prefix.size());
      break;
    }
  }
  // A missing or unknown target, and a body of another content type, are
  // answered {"__type":"com.amazon.coral.service#UnknownOperationException"}
  // with no message member, as DynamoDB answers them (dynalite's
  // test/connection.js, recorded against DynamoDB): the empty message.
  if (operation.empty() || !content_type_accepted(headers.content_type)) {
    return error_answer(ApiError{ErrorCode::kUnknownOperation, "", {}});
  }
  // Fault rules and enforced throughput answer once the database has read
  // and checked the request, before it runs: a refused call writes nothing.
  // With throughput enforced, a call that ran is charged what it consumed.
  ExecuteOptions execute{.measure_capacity = record != nullptr || ctx.throughput != nullptr,
                         .collect_facts = record != nullptr && is_annotated(ctx)};
  // No rules (the usual case): the request's targets are not even gathered.
  FaultInjector* faults =
      ctx.options != nullptr && ctx.options->faults != nullptr && !ctx.options->faults->empty()
          ? ctx.options->faults.get()
          : nullptr;
  if (faults != nullptr || ctx.throughput != nullptr) {
    execute.admit = [&](std::string_view op, const CallTargets& targets) {
      std::optional<ApiError> refused;
      if (faults != nullptr) refused = faults->apply(op, targets);
      if (!refused && ctx.throughput != nullptr)
        refused = ctx.throughput->admit(ctx.db, op, targets);
      return refused;
    };
  }
  Result result = ctx.db.execute(operation, request.body(), execute);
  if (ctx.throughput != nullptr) {
    ctx.throughput->charge(ctx.db, operation, result.targets, result.consumed_capacity);
  }
  if (record != nullptr) {
    record->consumed = std::move(result.consumed_capacity);
    record->facts = std::move(result.facts);
  }
  if (!result.ok()) return error_answer(*result.error);
  return make_api_response(200, std::move(result.body), headers.version, headers.keep_alive);
}

// One answered call, recorded in the console's log (with what the client
// got) and given to the observer (with `observed_body`).
struct AnsweredCall {
  std::string_view target;
  std::string_view client;
  std::string_view request_body;
  unsigned status = 0;
  std::string_view response_body;
  const std::vector<api::ConsumedCapacity>* consumed_capacity = nullptr;
  std::chrono::microseconds latency{0};
  const CallFacts* facts = nullptr;
};

void record_call(const RouteContext& ctx, const AnsweredCall& call) {
  ApiCall api_call{.target = call.target,
                   .client = call.client,
                   .request_body = call.request_body,
                   .status = call.status,
                   .response_body = call.response_body,
                   .consumed_capacity = call.consumed_capacity,
                   .latency = call.latency,
                   .facts = call.facts,
                   .note = {},
                   .note_link = {}};
  RequestNote note;
  if (is_annotated(ctx)) note = ctx.options->request_annotator(api_call);
  api_call.note = note.text;
  api_call.note_link = note.link;
  if (ctx.log != nullptr) {
    ctx.log->record({.target = call.target,
                     .client = call.client,
                     .request_body = call.request_body,
                     .status = call.status,
                     .response_body = call.response_body,
                     .consumed_capacity = call.consumed_capacity,
                     .latency = call.latency,
                     .note = note.text,
                     .note_link = note.link});
  }
  if (ctx.options != nullptr && ctx.options->request_observer) {
    ctx.options->request_observer(api_call);
  }
}

bool is_observed(const RouteContext& ctx) {
  return ctx.options != nullptr && static_cast<bool>(ctx.options->request_observer);
}

std::chrono::microseconds since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() -
                                                               start);
}

// api_call(), recorded in the console's log and given to the observer.
ApiResponse logged_api_call(const RouteContext& ctx, const HttpRequest& request) {
  const auto start = std::chrono::steady_clock::now();
  const bool recorded = ctx.log != nullptr || is_observed(ctx) || is_annotated(ctx);
  CallRecord record;
  const ApiCallHeaders headers = api_call_headers(request);
  ApiResponse response = api_call(ctx, request, headers, recorded ? &record : nullptr);
  if (!recorded) return response;
  record_call(ctx, {.target = headers.target,
                    .client = headers.client,
                    .request_body = request.body(),
                    .status = response.status,
                    .response_body = response.body,
                    .consumed_capacity = &record.consumed,
                    .latency = since(start),
                    .facts = is_annotated(ctx) ? &record.facts : nullptr});
  return response;
}

// An API call a console route makes on a client's behalf
// (ConsoleRouteRequest::call): answered, logged, annotated and observed like
// one that came over the wire with X-Amz-Target. Its facts, read keys
// included, are always collected: the route may show what the call read.
Result console_api_call(const RouteContext& ctx, std::string_view client,
                        std::string_view operation, std::string_view body) {
  const auto start = std::chrono::steady_clock::now();
  const bool recorded = ctx.log != nullptr || is_observed(ctx) || is_annotated(ctx);
  Result result = ctx.db.execute(
      operation, body,
      ExecuteOptions{
          .measure_capacity = recorded, .collect_facts = true, .collect_read_keys = true});
  if (!recorded) return result;
  const bool streams = operation == "ListStreams" || operation == "DescribeStream" ||
                       operation == "GetShardIterator" || operation == "GetRecords";
  const std::string target = std::string(kTargetPrefixes[streams ? 1 : 0]) + std::string(operation);
  const std::string error = result.ok() ? std::string() : error_body(*result.error);
  record_call(ctx,
              {.target = target,
               .client = client,
               .request_body = body,
               .status = result.ok() ? 200u : static_cast<unsigned>(result.error->http_status()),
               .response_body = result.ok() ? std::string_view(result.body) : error,
               .consumed_capacity = &result.consumed_capacity,
               .latency = since(start),
               .facts = is_annotated(ctx) ? &result.facts : nullptr});
  return result;
}

// The console's pages, its endpoints and the routes ServerOptions adds.
Response console(const RouteContext& ctx, const Request& request);

// With --auth the console cannot work (it calls the API without signing),
// so it says so instead of failing call by call.
Response console_needs_unsigned_api(const Request& request) {
  Response response{http::status::forbidden, request.version()};
  response.set(http::field::server, "dynamini");
  response.set(http::field::content_type, "text/html; charset=utf-8");
  response.set(http::field::cache_control, "no-store");
  response.keep_alive(request.keep_alive());
  response.body() =
      "<!doctype html><meta charset=utf-8><title>dynamini console</title>"
      "<h1>The console is off</h1><p>This server was started with <code>--auth</code>: every "
      "API request must carry an AWS Signature Version 4 made with the configured access key. "
      "The console calls the API without signing, so it is disabled (and so is its request "
      "log). Restart dynamini without <code>--auth</code> to use the console.</p>\n";
  if (request.method() == http::verb::head) {
    const std::string length = std::to_string(response.body().size());
    response.body().clear();
    response.set(http::field::content_length, length);
  } else {
    response.prepare_payload();
  }
  return response;
}

Response console(const RouteContext& ctx, const Request& request) {
  const ServerOptions* options = ctx.options;
  if (options != nullptr && options->auth) return console_needs_unsigned_api(request);
  ConsoleContext console_context{
      .log = ctx.log,
      .routes = options != nullptr ? &options->console_routes : nullptr,
      .call = [&ctx](std::string_view client, std::string_view operation, std::string_view body) {
        return console_api_call(ctx, client, operation, body);
      }};
  return console_response(request, console_context);
}

// The admin endpoint (POST /dynamini/admin/...): 404 unless enabled, signed
// like API calls when --auth is on (an unsigned reset is refused).
Answer admin(const RouteContext& ctx, const HttpRequest& request) {
  const ServerOptions* options = ctx.options;
  if (options == nullptr || !options->admin || ctx.snapshots == nullptr) {
    return admin_disabled_response(to_beast(request));
  }
  if (auto error = signature_error(options, request)) {
    return api_error_response(*error, request.version(), request.keep_alive());
  }
  const Request message = to_beast(request);
  const std::string_view target = request.target();
  if (is_fault_admin_target(target) && options->faults) {
    return fault_admin_response(*options->faults, message);
  }
  if (is_trigger_admin_target(target)) {
    return trigger_admin_response(options->triggers.get(), message);
  }
  return admin_response(ctx.db, *ctx.snapshots, message);
}

// A request the access rules refuse (dynamini/access_rules.h): 403 saying
// why and which flag admits it. An API call (or any POST, OPTIONS, ...) gets
// DynamoDB's AccessDeniedException, which SDKs show; a GET or HEAD (a page
// opened in a browser) gets the same words as plain text, no body for HEAD.
Answer refused(const HttpRequest& request, std::string why) {
  const http::verb method = request.method();
  if (method != http::verb::get && method != http::verb::head) {
    return api_error_response(ApiError{ErrorCode::kAccessDenied, std::move(why), {}},
                              request.version(), request.keep_alive(), 403);
  }
  Response response{http::status::forbidden, request.version()};
  response.set(http::field::server, "dynamini");
  response.set(http::field::content_type, "text/plain; charset=utf-8");
  response.set(http::field::cache_control, "no-store");
  response.keep_alive(request.keep_alive());
  response.body() = std::move(why) + "\n";
  response.prepare_payload();
  if (method == http::verb::head) response.body().clear();
  return response;
}

// API calls are answered from the flat request; the console and the admin
// endpoint (cold paths) get Beast's message.
Answer dispatch(const RouteContext& ctx, const HttpRequest& request) {
  const std::string_view target = request.target();
  if (is_admin_target(target)) return admin(ctx, request);
  const bool console_target = is_console_target(target);
  switch (request.method()) {
    case http::verb::post:
      if (console_target) return console(ctx, to_beast(request));
      return logged_api_call(ctx, request);
    case http::verb::get:
    case http::verb::head:
      if (console_target) return console(ctx, to_beast(request));
      return health(request);
    case http::verb::options:
      return preflight(request);
    default:
      return error_for(request, ErrorCode::kUnknownOperation,
                       "Unsupported HTTP method " + std::string(request.method_string()) +
                           " (DynamoDB calls are POST)");
  }
}

}  // namespace

ApiResponse api_error_response(const ApiError& error, unsigned version, bool keep_alive,
                               unsigned status_override) {
  const unsigned status =
      status_override != 0 ? status_override : static_cast<unsigned>(error.http_status());
  return make_api_response(status, error_body(error), version, keep_alive);
}

Response error_response(const ApiError& error, unsigned version, bool keep_alive,
                        unsigned status_override) {
  return to_beast(api_error_response(error, version, keep_alive, status_override));
}

Response route(Database& db, const Request& request, RequestLog* log) {
  return route(RouteContext{.db = db, .log = log}, request);
}

Answer route_answer(const RouteContext& context, const HttpRequest& request) {
  const std::string_view origin = request[http::field::origin];
  const std::string_view host = request[http::field::host];
  Answer answer;
  try {
    std::string refusal;
    if (context.access != nullptr) refusal = access_refusal(*context.access, host, origin);
    answer = refusal.empty() ? dispatch(context, request) : refused(request, std::move(refusal));
  } catch (const std::exception& e) {
    answer = error_for(request, ErrorCode::kInternalServerError,
                       std::string("Internal server error: ") + e.what());
  } catch (...) {
    answer = error_for(request, ErrorCode::kInternalServerError, "Internal server error");
  }
  if (context.access != nullptr) {
    if (auto* api = std::get_if<ApiResponse>(&answer)) {
      api->cors = cors_headers(*context.access, host, origin);
    } else {
      apply_cors(std::get<Response>(answer), *context.access, host, origin);
    }
  }
  return answer;
}

Response route(const RouteContext& context, const Request& request) {
  HttpRequest flat;
  from_beast(request, flat);
  Answer answer = route_answer(context, flat);
  if (auto* api = std::get_if<ApiResponse>(&answer)) return to_beast(std::move(*api));
  return std::move(std::get<Response>(answer));
}

}  // namespace dynamini::server
