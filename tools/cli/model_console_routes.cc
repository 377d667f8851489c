#include "cli/model_console_routes.h"

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <algorithm>
#include <string>

#include "cli/json_out.h"
#include "cli/model_run_json.h"
#include "model/model_file.h"
#include "model/model_library.h"
#include "model/model_runner.h"
#include "model/review_notes.h"

namespace dynamini::cli {
namespace {

using Writer = rapidjson::Writer<rapidjson::StringBuffer>;

ConsoleRouteResponse bad_request(std::string_view message) {
  rapidjson::StringBuffer buffer;
  Writer out(buffer);
  out.StartObject();
  out.Key("error");
  write_string(out, message);
  out.EndObject();
  return {.status = 400, .body = std::string(buffer.GetString(), buffer.GetSize())};
}

ConsoleRouteResponse current_catalogue(const model::ModelHost& host) {
  auto current = host.current();
  if (!current) return {.status = 404, .body = R"({"error":"no model is loaded"})"};
  return {.body = current->catalogue()};
}

void write_model_entry(Writer& out, const model::ModelDefinition& m, bool built_in, bool loaded) {
  out.StartObject();
  out.Key("name");
  write_string(out, m.name);
  out.Key("title");
  write_string(out, m.title);
  out.Key("description");
  write_string(out, m.description);
  out.Key("builtIn");
  out.Bool(built_in);
  out.Key("loaded");
  out.Bool(loaded);
  out.Key("lessons");
  rapidjson::Document lessons;
  lessons.Parse(m.lessons_json.empty() ? "[]" : m.lessons_json.c_str());
  out.StartArray();
  for (const auto& lesson : lessons.GetArray()) {
    out.StartObject();
    out.Key("id");
    write_string(out, lesson["id"].GetString());
    out.Key("title");
    write_string(out, lesson["title"].GetString());
    out.EndObject();
  }
  out.EndArray();
  out.EndObject();
}

// The built-in models, then any other model loaded (from a file).
ConsoleRouteResponse model_list(const model::ModelHost& host) {
  const std::vector<std::string> loaded = host.loaded();
  auto current = host.current();
  rapidjson::StringBuffer buffer;
  Writer out(buffer);
  out.StartObject();
  out.Key("current");
  if (current) {
    write_string(out, current->definition.name);
  } else {
    out.Null();
  }
  out.Key("models");
  out.StartArray();
  auto is_loaded = [&](const std::string& name) {
    return std::find(loaded.begin(), loaded.end(), name) != loaded.end();
  };
  for (const std::string& name : model::shipped_model_names()) {
    write_model_entry(out, *model::shipped_model(name), true, is_loaded(name));
  }
  if (current && model::shipped_model(current->definition.name) == nullptr) {
    write_model_entry(out, current->definition, false, true);
  }
  out.EndArray();
  out.EndObject();
  return {.body = std::string(buffer.GetString(), buffer.GetSize())};
}

ConsoleRouteResponse load_model(model::ModelHost& host, const ConsoleRouteRequest& request) {
  rapidjson::Document body;
  body.Parse(request.body.data(), request.body.size());
  if (body.HasParseError() || !body.IsObject()) {
    return bad_request(R"(expected {"name": "<model>"} or {"model": {...}})");
  }
  const bool reset = body.HasMember("reset") && body["reset"].IsBool() && body["reset"].GetBool();
  try {
    model::ModelDefinition definition;
    if (body.HasMember("name") && body["name"].IsString()) {
      const model::ModelDefinition* shipped = model::shipped_model(body["name"].GetString());
      auto current = host.current();
      if (shipped != nullptr) {
        definition = *shipped;
      } else if (current && current->definition.name == body["name"].GetString()) {
        definition = current->definition;
      } else {
        return bad_request("no model named " + std::string(body["name"].GetString()));
      }
    } else if (body.HasMember("model") && body["model"].IsObject()) {
      definition = model::parse_model(json_text(body["model"]), "uploaded file");
    } else {
      return bad_request(R"(expected {"name": "<model>"} or {"model": {...}})");
    }
    auto loaded = host.load(std::move(definition),
                            reset ? model::ExistingTables::kReplace : model::ExistingTables::kKeep);
    return {.body = loaded->catalogue()};
  } catch (const std::exception& e) {
    return bad_request(e.what());
  }
}

ConsoleRouteResponse run_pattern(model::ModelHost& host, const model::Advisor* advisor,
                                 const ConsoleRouteRequest& request) {
  auto current = host.current();
  if (!current) return {.status = 404, .body = R"({"error":"no model is loaded"})"};
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
    params = model::TemplateParams::from_json(json_text(it->value));
  }
  try {
    model::PatternRun run = model::run_model_pattern(current->definition, pattern, params,
                                                     request.call, current->run_options);
    return {.body = run_json(current->definition, pattern, run, request.endpoint, advisor)};
  } catch (const model::PatternError& e) {
    return bad_request(e.what());
  }
}

}  // namespace

std::vector<ConsoleRoute> model_console_routes(model::ModelHost& host,
                                               std::shared_ptr<const model::Advisor> advisor) {
  std::vector<ConsoleRoute> routes;
  routes.push_back(
      {.method = "GET",
       .path = "/console/api/model",
       .handler = [&host](const ConsoleRouteRequest&) { return current_catalogue(host); }});
  routes.push_back({.method = "GET",
                    .path = "/console/api/models",
                    .handler = [&host](const ConsoleRouteRequest&) { return model_list(host); }});
  routes.push_back(
      {.method = "POST",
       .path = "/console/api/model/load",
       .handler = [&host](const ConsoleRouteRequest& r) { return load_model(host, r); }});
  routes.push_back({.method = "POST",
                    .path = "/console/api/model/run",
                    .handler = [&host, advisor](const ConsoleRouteRequest& r) {
                      return run_pattern(host, advisor.get(), r);
                    }});
  routes.push_back(
      {.method = "GET", .path = "/console/api/notes", .handler = [](const ConsoleRouteRequest&) {
         return ConsoleRouteResponse{.body = model::review_notes_json()};
       }});
  return routes;
}

}  // namespace dynamini::cli
