#pragma once

// The Model Context Protocol's messages for one client session, whatever
// carries them (stdio lines or HTTP posts): JSON-RPC 2.0 requests
// "initialize", "ping", "tools/list" and "tools/call"; notifications are
// taken and never answered. Specification: modelcontextprotocol.io,
// revision 2025-11-25 (basic/lifecycle, server/tools), also spoken as
// 2025-06-18, 2025-03-26 and 2024-11-05 when the client asks for those.
//
// Errors: a message that is not JSON is -32700; not a JSON-RPC request
// (no "jsonrpc": "2.0", a batch, an id that is null or not a string or
// number) -32600; an unknown method -32601; params that do not fit the
// method (no protocolVersion, an unknown tool, arguments that are not an
// object, a tools/list cursor this server never gave) -32602; a fault of
// the server while running a tool -32603. A tool whose arguments break its
// input schema, or that DynamoDB answers with an error, is not a protocol
// error: its result carries isError: true and the message, as the
// specification's "Error Handling" for tools asks.

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cli/mcp_tool.h"

namespace dynamini::cli {

struct McpServerInfo {
  std::string version;       // of dynamini
  std::string instructions;  // for the model: what this server is and holds
};

// The protocol revisions this server speaks, newest first.
std::span<const std::string_view> supported_protocol_versions();

class McpSession {
 public:
  // `tools` and `info` must outlive the session.
  McpSession(const std::vector<McpTool>& tools, const McpServerInfo& info);

  // Handles one JSON-RPC message (UTF-8 JSON text). Returns the response
  // (one line of JSON, no newline), or nothing for a notification or a
  // response. Thread-compatible: one message at a time.
  std::optional<std::string> handle(std::string_view message);

  // The revision agreed by "initialize", or "" before it.
  const std::string& protocol_version() const { return protocol_version_; }

 private:
  const std::vector<McpTool>& tools_;
  const McpServerInfo& info_;
  std::string protocol_version_;
};

}  // namespace dynamini::cli
