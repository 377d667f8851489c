#include "cli/mcp_session.h"

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <algorithm>
#include <array>

#include "cli/json_out.h"
#include "cli/mcp_schema_check.h"

namespace dynamini::cli {
namespace {

using Writer = rapidjson::Writer<rapidjson::StringBuffer>;

constexpr std::array<std::string_view, 4> kVersions = {"2025-11-25", "2025-06-18", "2025-03-26",
                                                       "2024-11-05"};

// JSON-RPC 2.0 error codes (jsonrpc.org/specification, "Error object").
constexpr int kParseError = -32700;
constexpr int kInvalidRequest = -32600;
constexpr int kMethodNotFound = -32601;
constexpr int kInvalidParams = -32602;
constexpr int kInternalError = -32603;

// A protocol error: answered as a JSON-RPC error response.
struct RpcError {
  int code;
  std::string message;
};

void raw(Writer& out, const std::string& json) {
  out.RawValue(json.data(), json.size(), rapidjson::kObjectType);
}

std::string envelope(const rapidjson::Value* id, const std::string& member,
                     const std::string& json) {
  rapidjson::StringBuffer buffer;
  Writer out(buffer);
  out.StartObject();
  out.Key("jsonrpc");
  out.String("2.0");
  out.Key("id");
  if (id) {
    id->Accept(out);
  } else {
    out.Null();
  }
  out.Key(member.c_str());
  raw(out, json);
  out.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize());
}

std::string error_response(const rapidjson::Value* id, const RpcError& error) {
  rapidjson::StringBuffer buffer;
  Writer out(buffer);
  out.StartObject();
  out.Key("code");
  out.Int(error.code);
  out.Key("message");
  write_string(out, error.message);
  out.EndObject();
  return envelope(id, "error", std::string(buffer.GetString(), buffer.GetSize()));
}

const rapidjson::Value* member(const rapidjson::Value& object, const char* name) {
  if (!object.IsObject()) return nullptr;
  auto it = object.FindMember(name);
  return it == object.MemberEnd() ? nullptr : &it->value;
}

void write_tool(Writer& out, const McpTool& tool) {
  out.StartObject();
  out.Key("name");
  write_string(out, tool.name);
  out.Key("title");
  write_string(out, tool.title);
  out.Key("description");
  write_string(out, tool.description);
  out.Key("inputSchema");
  raw(out, tool.input_schema);
  out.Key("annotations");
  out.StartObject();
  out.Key("title");
  write_string(out, tool.title);
  out.Key("readOnlyHint");
  out.Bool(tool.annotations.read_only);
  out.Key("destructiveHint");
  out.Bool(tool.annotations.destructive);
  out.Key("idempotentHint");
  out.Bool(tool.annotations.idempotent);
  out.Key("openWorldHint");
  out.Bool(tool.annotations.open_world);
  out.EndObject();
  out.EndObject();
}

std::string call_result(const ToolOutput& output) {
  rapidjson::StringBuffer buffer;
  Writer out(buffer);
  out.StartObject();
  out.Key("content");
  out.StartArray();
  out.StartObject();
  out.Key("type");
  out.String("text");
  out.Key("text");
  write_string(out, output.structured);
  out.EndObject();
  out.EndArray();
  out.Key("structuredContent");
  raw(out, output.structured);
  out.Key("isError");
  out.Bool(output.is_error);
  out.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize());
}

}  // namespace

std::span<const std::string_view> supported_protocol_versions() { return kVersions; }

McpSession::McpSession(const std::vector<McpTool>& tools, const McpServerInfo& info)
    : tools_(tools), info_(info) {}

namespace {

std::string initialize(const rapidjson::Value* params, const McpServerInfo& info,
                       std::string& agreed) {
  const rapidjson::Value* requested = params ? member(*params, "protocolVersion") : nullptr;
  if (!requested || !requested->IsString()) {
    throw RpcError{kInvalidParams, "initialize needs params.protocolVersion (a string)"};
  }
  // lifecycle, "Version Negotiation": the client's version when supported,
  // else the latest this server speaks.
  auto it = std::find(kVersions.begin(), kVersions.end(), requested->GetString());
  agreed = std::string(it != kVersions.end() ? *it : kVersions.front());
  rapidjson::StringBuffer buffer;
  Writer out(buffer);
  out.StartObject();
  out.Key("protocolVersion");
  write_string(out, agreed);
  out.Key("capabilities");
  out.StartObject();
  out.Key("tools");
  out.StartObject();
  out.Key("listChanged");
  out.Bool(false);
  out.EndObject();
  out.EndObject();
  out.Key("serverInfo");
  out.StartObject();
  out.Key("name");
  out.String("dynamini");
  out.Key("title");
  out.String("dynamini, a DynamoDB emulator");
  out.Key("version");
  write_string(out, info.version);
  out.EndObject();
  out.Key("instructions");
  write_string(out, info.instructions);
  out.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize());
}

std::string list_tools(const rapidjson::Value* params, const std::vector<McpTool>& tools) {
  // Every tool fits one page, so this server never gives a cursor
  // (server/utilities/pagination: an invalid cursor is -32602).
  if (const rapidjson::Value* cursor = params ? member(*params, "cursor") : nullptr;
      cursor && !cursor->IsNull()) {
    throw RpcError{kInvalidParams, "Invalid cursor: tools/list has a single page"};
  }
  rapidjson::StringBuffer buffer;
  Writer out(buffer);
  out.StartObject();
  out.Key("tools");
  out.StartArray();
  for (const McpTool& tool : tools) write_tool(out, tool);
  out.EndArray();
  out.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize());
}

std::string call_tool(const rapidjson::Value* params, const std::vector<McpTool>& tools) {
  const rapidjson::Value* name = params ? member(*params, "name") : nullptr;
  if (!name || !name->IsString()) throw RpcError{kInvalidParams, "tools/call needs params.name"};
  auto tool = std::find_if(tools.begin(), tools.end(),
                           [&](const McpTool& t) { return t.name == name->GetString(); });
  if (tool == tools.end()) {
    throw RpcError{kInvalidParams, std::string("Unknown tool: ") + name->GetString()};
  }
  rapidjson::Document empty(rapidjson::kObjectType);
  const rapidjson::Value* arguments = member(*params, "arguments");
  if (arguments && !arguments->IsObject()) {
    throw RpcError{kInvalidParams, "tools/call: arguments must be an object"};
  }
  if (!arguments) arguments = &empty;
  rapidjson::Document schema;
  schema.Parse(tool->input_schema.c_str(), tool->input_schema.size());
  if (auto problem = schema_violation(schema, *arguments)) {
    return call_result(refusal_output(*problem));
  }
  try {
    return call_result(tool->call(*arguments));
  } catch (const ToolError& e) {
    return call_result(refusal_output(e.what()));
  } catch (const std::exception& e) {
    throw RpcError{kInternalError, std::string("tool ") + tool->name + " failed: " + e.what()};
  }
}

}  // namespace

std::optional<std::string> McpSession::handle(std::string_view message) {
  rapidjson::Document doc;
  doc.Parse(message.data(), message.size());
  if (doc.HasParseError()) return error_response(nullptr, {kParseError, "Parse error"});
  if (!doc.IsObject()) {
    return error_response(nullptr, {kInvalidRequest,
                                    "Invalid Request: expected one JSON-RPC "
                                    "object (batches are not supported)"});
  }
  const rapidjson::Value* id = member(doc, "id");
  const rapidjson::Value* method = member(doc, "method");
  const rapidjson::Value* version = member(doc, "jsonrpc");
  const bool valid_id = id && (id->IsString() || id->IsInt64() || id->IsUint64());
  if (!method) {
    // A response to a request of ours (we send none): nothing to answer.
    if (member(doc, "result") || member(doc, "error")) return std::nullopt;
    return error_response(valid_id ? id : nullptr, {kInvalidRequest, "Invalid Request: no method"});
  }
  if (!version || !version->IsString() || std::string_view(version->GetString()) != "2.0" ||
      !method->IsString() || (id && !valid_id)) {
    return error_response(valid_id ? id : nullptr,
                          {kInvalidRequest, "Invalid Request: not a JSON-RPC 2.0 request"});
  }
  if (!id) return std::nullopt;  // notifications/initialized, notifications/cancelled, ...
  const std::string_view name = method->GetString();
  const rapidjson::Value* params = member(doc, "params");
  try {
    if (params && !params->IsObject()) throw RpcError{kInvalidParams, "params must be an object"};
    if (name == "initialize")
      return envelope(id, "result", initialize(params, info_, protocol_version_));
    if (name == "ping") return envelope(id, "result", "{}");
    if (name == "tools/list") return envelope(id, "result", list_tools(params, tools_));
    if (name == "tools/call") return envelope(id, "result", call_tool(params, tools_));
    throw RpcError{kMethodNotFound, "Method not found: " + std::string(name)};
  } catch (const RpcError& e) {
    return error_response(id, e);
  }
}

}  // namespace dynamini::cli
