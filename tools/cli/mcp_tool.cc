#include "cli/mcp_tool.h"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

namespace dynamini::cli {
namespace {

ToolOutput error_output(std::string_view type, std::string_view message) {
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> out(buffer);
  out.StartObject();
  out.Key("error");
  out.StartObject();
  out.Key("type");
  out.String(type.data(), static_cast<rapidjson::SizeType>(type.size()));
  out.Key("message");
  out.String(message.data(), static_cast<rapidjson::SizeType>(message.size()));
  out.EndObject();
  out.EndObject();
  return {.is_error = true, .structured = std::string(buffer.GetString(), buffer.GetSize())};
}

}  // namespace

ToolOutput api_error_output(const ApiError& error) {
  return error_output(error.name(), error.message);
}

ToolOutput refusal_output(const std::string& message) { return error_output("ToolError", message); }

std::string json_text(const rapidjson::Value& value) {
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> out(buffer);
  value.Accept(out);
  return std::string(buffer.GetString(), buffer.GetSize());
}

}  // namespace dynamini::cli
