#include "cli/model_console_routes.h"

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <string>

#include "dynamini/aws_cli_command.h"
#include "dynamini/capacity_units.h"
#include "model/inbox_catalogue.h"
#include "model/inbox_pattern_runner.h"

namespace dynamini::cli {
namespace {

using Writer = rapidjson::Writer<rapidjson::StringBuffer>;

void string(Writer& out, std::string_view s) {
  out.String(s.data(), static_cast<rapidjson::SizeType>(s.size()));
}

// `json` (a request or response we sent or got) as a value; null if it does
// not parse.
void raw_json(Writer& out, std::string_view json) {
  rapidjson::Document doc;
  doc.Parse(json.data(), json.size());
  if (doc.HasParseError()) {
    out.Null();
  } else {
    doc.Accept(out);
  }
}

void write_call(Writer& out, const model::PatternCall& call, std::string_view endpoint,
                CapacityUnits& total) {
  const bool ok = call.result.ok();
  const CapacityUnits units =
      capacity_units(call.operation, call.request, call.result.consumed_capacity);
  total.read += units.read;
  total.write += units.write;
  total.reported = total.reported || units.reported;
  out.StartObject();
  out.Key("operation");
  string(out, call.operation);
  out.Key("template");
  if (call.template_id.empty()) {
    out.Null();
  } else {
    string(out, call.template_id);
  }
  out.Key("request");
  raw_json(out, call.request);
  out.Key("status");
  out.Int(ok ? 200 : call.result.error->http_status());
  out.Key("response");
  if (ok) {
    raw_json(out, call.result.body);
  } else {
    out.Null();
  }
  out.Key("error");
  if (ok) {
    out.Null();
  } else {
    out.StartObject();
    out.Key("type");
    string(out, call.result.error->name());
    out.Key("message");
    string(out, call.result.error->message);
    out.EndObject();
  }
  out.Key("latencyMs");
  out.Double(static_cast<double>(call.latency.count()) / 1000.0);
  out.Key("background");
  out.Bool(call.background);
  out.Key("cost");
  const std::string cost = capacity_json(units);
  out.RawValue(cost.c_str(), cost.size(), rapidjson::kObjectType);
  out.Key("awsCli");
  string(out, aws_cli_command(call.operation, call.request, endpoint));
  out.EndObject();
}

std::string run_json(std::string_view pattern, const model::PatternRun& run,
                     std::string_view endpoint) {
  rapidjson::StringBuffer buffer;
  Writer out(buffer);
  out.StartObject();
  out.Key("pattern");
  string(out, pattern);
  out.Key("ok");
  out.Bool(run.ok);
  out.Key("outcome");
  string(out, run.outcome);
  out.Key("cursor");
  if (run.cursor) {
    raw_json(out, *run.cursor);
  } else {
    out.Null();
  }
  CapacityUnits total;
  out.Key("calls");
  out.StartArray();
  for (const model::PatternCall& call : run.calls) write_call(out, call, endpoint, total);
  out.EndArray();
  out.Key("total");
  const std::string cost = capacity_json(total);
  out.RawValue(cost.c_str(), cost.size(), rapidjson::kObjectType);
  out.Key("requests");
  out.Uint64(run.calls.size());
  out.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize());
}

ConsoleRouteResponse bad_request(std::string_view message) {
  rapidjson::StringBuffer buffer;
  Writer out(buffer);
  out.StartObject();
  out.Key("error");
  string(out, message);
  out.EndObject();
  return {.status = 400, .body = std::string(buffer.GetString(), buffer.GetSize())};
}

ConsoleRouteResponse run_pattern(const ConsoleRouteRequest& request, model::FanOut* fanout) {
  rapidjson::Document body;
  body.Parse(request.body.data(), request.body.size());
  if (body.HasParseError() || !body.IsObject() || !body.HasMember("pattern") ||
      !body["pattern"].IsString()) {
    return bad_request(R"(expected {"pattern": "<id>", "params": {...}})");
  }
  const std::string pattern = body["pattern"].GetString();
  model::TemplateParams params;
  if (auto it = body.FindMember("params"); it != body.MemberEnd()) {
    if (!it->value.IsObject()) return bad_request("params must be an object");
    rapidjson::StringBuffer text;
    Writer w(text);
    it->value.Accept(w);
    params = model::TemplateParams::from_json(std::string_view(text.GetString(), text.GetSize()));
  }
  try {
    model::PatternRun run =
        model::run_inbox_pattern(pattern, params, request.call, {.fanout = fanout});
    return {.body = run_json(pattern, run, request.endpoint)};
  } catch (const model::PatternError& e) {
    return bad_request(e.what());
  }
}

}  // namespace

std::vector<ConsoleRoute> model_console_routes(model::FanOut* fanout) {
  std::vector<ConsoleRoute> routes;
  routes.push_back(
      {.method = "GET", .path = "/console/api/model", .handler = [](const ConsoleRouteRequest&) {
         return ConsoleRouteResponse{.body = model::inbox_catalogue_json()};
       }});
  routes.push_back({.method = "POST",
                    .path = "/console/api/model/run",
                    .handler = [fanout](const ConsoleRouteRequest& request) {
                      return run_pattern(request, fanout);
                    }});
  return routes;
}

}  // namespace dynamini::cli
