#pragma once

// One tool of `dynamini mcp` (the Model Context Protocol's "tools"): its
// name, its description for the model, a JSON Schema of its arguments, the
// behaviour hints MCP calls annotations, and the function that runs it.

#include <rapidjson/document.h>

#include <functional>
#include <stdexcept>
#include <string>

#include "dynamini/api_error.h"

namespace dynamini::cli {

// MCP's ToolAnnotations (specification 2025-06-18 and later, server/tools):
// hints a client may use to ask before calling. destructive: the tool may
// delete or overwrite data (meaningful only when not read-only);
// idempotent: calling it again with the same arguments changes nothing more.
struct ToolAnnotations {
  bool read_only = false;
  bool destructive = false;
  bool idempotent = false;
  bool open_world = false;  // reaches beyond the database it was started on
};

// What a call gave back: `structured` is a JSON object (MCP's
// structuredContent; its text is also sent as the text content, as the
// specification recommends). is_error: the call was refused or DynamoDB
// answered an error (a tool execution error, `isError: true`).
struct ToolOutput {
  bool is_error = false;
  std::string structured;
};

struct McpTool {
  std::string name;          // "get_item"
  std::string title;         // "Get an item"
  std::string description;   // for the model: what it does, what it takes
  std::string input_schema;  // a JSON Schema (an object), as JSON text
  ToolAnnotations annotations;
  // Runs the tool with arguments that satisfy input_schema. May throw
  // ToolError (a refused call); any other exception is a server fault.
  std::function<ToolOutput(const rapidjson::Value& arguments)> call;
};

// A call refused for a reason the caller can fix: becomes a tool result
// with isError and this message.
class ToolError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// {"error": {"type": "ResourceNotFoundException", "message": "..."}} with
// is_error: how every tool reports DynamoDB's errors.
ToolOutput api_error_output(const ApiError& error);
// {"error": {"type": "ToolError", "message": ...}} with is_error.
ToolOutput refusal_output(const std::string& message);

// `value` as compact JSON text.
std::string json_text(const rapidjson::Value& value);

}  // namespace dynamini::cli
