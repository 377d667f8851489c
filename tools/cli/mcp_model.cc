#include "cli/mcp_model.h"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "cli/json_out.h"
#include "dynamini/capacity_units.h"
#include "model/inbox_pattern_runner.h"
#include "model/inbox_runtime.h"
#include "model/inbox_seed.h"
#include "model/model_library.h"

namespace dynamini::cli {

struct McpModel::Impl {
  McpBackend& backend;
  std::unique_ptr<model::InboxRuntime> runtime;  // in this process only
};

namespace {

using Writer = rapidjson::Writer<rapidjson::StringBuffer>;

// What the call cost: Result::consumed_capacity in this process; over HTTP
// the response's ConsumedCapacity (the model's requests ask for TOTAL).
CapacityUnits call_cost(const model::PatternCall& call) {
  if (!call.result.consumed_capacity.empty() || !call.result.ok()) {
    return capacity_units(call.operation, call.request, call.result.consumed_capacity);
  }
  rapidjson::Document response;
  response.Parse(call.result.body.c_str(), call.result.body.size());
  std::string consumed;
  if (response.IsObject()) {
    if (auto it = response.FindMember("ConsumedCapacity"); it != response.MemberEnd()) {
      consumed = json_text(it->value);
    }
  }
  return capacity_units(call.operation, call.request, consumed);
}

void write_call(Writer& out, const model::PatternCall& call, CapacityUnits& total) {
  const CapacityUnits units = call_cost(call);
  total.read += units.read;
  total.write += units.write;
  total.reported = total.reported || units.reported;
  out.StartObject();
  out.Key("operation");
  write_string(out, call.operation);
  out.Key("template");
  write_string(out, call.template_id);
  out.Key("request");
  write_json_or_null(out, call.request);
  if (call.result.ok()) {
    out.Key("response");
    write_json_or_null(out, call.result.body);
  } else {
    out.Key("error");
    out.StartObject();
    out.Key("type");
    out.String(call.result.error->name());
    out.Key("message");
    write_string(out, call.result.error->message);
    out.EndObject();
  }
  out.Key("background");
  out.Bool(call.background);
  out.Key("cost");
  const std::string cost = capacity_json(units);
  out.RawValue(cost.c_str(), cost.size(), rapidjson::kObjectType);
  out.EndObject();
}

ToolOutput transcript(std::string_view pattern, const model::PatternRun& run) {
  rapidjson::StringBuffer buffer;
  Writer out(buffer);
  out.StartObject();
  out.Key("pattern");
  write_string(out, pattern);
  out.Key("ok");
  out.Bool(run.ok);
  out.Key("outcome");
  write_string(out, run.outcome);
  if (run.cursor) {
    out.Key("nextCursor");
    write_string(out, *run.cursor);
  }
  CapacityUnits total;
  out.Key("calls");
  out.StartArray();
  for (const model::PatternCall& call : run.calls) write_call(out, call, total);
  out.EndArray();
  out.Key("totalCost");
  const std::string cost = capacity_json(total);
  out.RawValue(cost.c_str(), cost.size(), rapidjson::kObjectType);
  out.EndObject();
  return {.is_error = !run.ok, .structured = std::string(buffer.GetString(), buffer.GetSize())};
}

// The tool's schema: the catalogue's pattern ids and parameter names.
std::string pattern_schema() {
  std::string ids, params;
  for (const model::ModelPattern& p : model::inbox_model().patterns) {
    ids += (ids.empty() ? "\"" : ",\"") + std::string(p.id) + "\"";
  }
  for (const model::ModelParameter& p : model::inbox_model().parameters) {
    // A key (a page's cursor) is the nextCursor text or the key object itself.
    const char* schema = p.type == "number" ? R"({"type":"integer"})"
                         : p.type == "key"  ? R"({"type":["string","object"]})"
                                            : R"({"type":"string"})";
    params += (params.empty() ? "\"" : ",\"") + std::string(p.name) + "\":" + schema;
  }
  return R"({"type":"object","properties":{"pattern":{"type":"string","enum":[)" + ids +
         R"(]},"params":{"type":"object","properties":{)" + params +
         R"(},"additionalProperties":false}},"required":["pattern"],"additionalProperties":false})";
}

// The description: every pattern and parameter, from the catalogue.
std::string pattern_description() {
  std::string text =
      "Runs an access pattern of the inbox model by its id, with the model's own code, and "
      "answers every request it sent with its response and cost. Patterns:";
  for (const model::ModelPattern& p : model::inbox_model().patterns) {
    text += "\n- " + std::string(p.id) + " (" + std::string(p.name) + "): " + p.summary;
  }
  text += "\nParameters (params), defaults in brackets:";
  for (const model::ModelParameter& p : model::inbox_model().parameters) {
    text += "\n- " + std::string(p.name) + ": " + std::string(p.description);
    if (!p.default_json.empty()) text += " [" + p.default_json + "]";
  }
  text += "\nA pattern with pages answers nextCursor: pass it as the parameter named cursor.";
  return text;
}

// The parameters as the runner takes them: a key given as nextCursor text
// becomes the key object. Throws ToolError when such a text is not JSON.
model::TemplateParams pattern_params(const rapidjson::Value& given) {
  model::TemplateParams params = model::TemplateParams::from_json(json_text(given));
  for (const model::ModelParameter& p : model::inbox_model().parameters) {
    const rapidjson::Value* value = params.find(p.name);
    if (p.type != "key" || !value || !value->IsString()) continue;
    const std::string text = value->GetString();
    try {
      params.json(p.name, text);
    } catch (const model::TemplateError&) {
      throw ToolError("params." + std::string(p.name) + " is not a nextCursor this tool returned");
    }
  }
  return params;
}

}  // namespace

McpModel::McpModel(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
McpModel::~McpModel() = default;

std::unique_ptr<McpModel> McpModel::start(McpBackend& backend) {
  auto impl = std::make_unique<Impl>(Impl{backend, nullptr});
  if (Database* db = backend.database()) {
    const std::string describe = R"({"TableName":")" + model::inbox_model().focus_table + R"("})";
    if (!db->execute("DescribeTable", describe).ok()) model::load_inbox(*db);
    impl->runtime = std::make_unique<model::InboxRuntime>(*db);
  }
  return std::unique_ptr<McpModel>(new McpModel(std::move(impl)));
}

std::string McpModel::summary() const {
  return "The inbox model: table inbox (pk, sk) with the sparse index GSI1 of unread "
         "notifications; run_pattern runs its access patterns (AP1..AP5, W1..W3) by id.";
}

McpTool McpModel::run_pattern_tool() {
  Impl* impl = impl_.get();
  return {.name = "run_pattern",
          .title = "Run an access pattern",
          .description = pattern_description(),
          .input_schema = pattern_schema(),
          .annotations = {.destructive = true},
          .call = [impl](const rapidjson::Value& arguments) {
            const std::string id = arguments["pattern"].GetString();
            model::TemplateParams params;
            if (auto it = arguments.FindMember("params"); it != arguments.MemberEnd()) {
              params = pattern_params(it->value);
            }
            model::Executor executor = [impl](std::string_view op, std::string_view request) {
              return impl->backend.execute(op, request);
            };
            model::PatternRunOptions options;
            options.fanout = impl->runtime ? &impl->runtime->fanout() : nullptr;
            try {
              return transcript(id, model::run_inbox_pattern(model::inbox_model(), id, params,
                                                             executor, options));
            } catch (const model::PatternError& e) {
              throw ToolError(e.what());
            }
          }};
}

}  // namespace dynamini::cli
