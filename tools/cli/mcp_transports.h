#pragma once

// The two ways `dynamini mcp` talks to a client (specification 2025-11-25,
// basic/transports):
// - stdio: JSON-RPC messages one per line on stdin, answers one per line on
//   stdout (nothing else is written there; diagnostics go to stderr). Ends
//   at the end of stdin.
// - Streamable HTTP: one endpoint, POST /mcp, each message a POST answered
//   with one application/json response (202 Accepted, no body, for a
//   notification). "initialize" opens a session whose id comes back in
//   Mcp-Session-Id and must come with every later request (400 without it,
//   404 once unknown); DELETE /mcp with it ends the session. GET /mcp
//   answers 405: this server sends nothing unasked, so it offers no SSE
//   stream. The DynamoDB endpoint's access rule (dynamini/access_rules.h)
//   applies: a request whose Origin is not a loopback origin (or one given
//   with --allow-origin), or, on a loopback address, whose Host is not a
//   loopback name (or one given with --allow-host), is refused with 403,
//   against cross-site requests and DNS rebinding; an MCP-Protocol-Version
//   header naming a revision this server does not speak gets 400.

#include <cstdint>
#include <istream>
#include <ostream>
#include <string>
#include <vector>

#include "cli/mcp_session.h"
#include "cli/mcp_tool.h"

namespace dynamini::cli {

// Serves one session over `in` / `out` until `in` ends. Returns 0.
int serve_mcp_stdio(const std::vector<McpTool>& tools, const McpServerInfo& info, std::istream& in,
                    std::ostream& out);

struct McpHttpOptions {
  std::string host = "127.0.0.1";  // loopback unless asked otherwise
  uint16_t port = 0;               // 0: a free port, printed when ready
  // Origins besides loopback ones ("http://localhost:3000" is always
  // allowed) whose requests are accepted, e.g. "https://example.test".
  std::vector<std::string> allowed_origins;
  // Host names answered besides loopback ones (--allow-host). On a loopback
  // `host` other names get 403; on any other, every name until one is given.
  std::vector<std::string> allowed_hosts;
};

// Listens, prints "dynamini mcp listening on http://HOST:PORT/mcp" on
// stdout once ready, and serves until SIGINT or SIGTERM. Returns the exit
// code (1 when it cannot listen).
int serve_mcp_http(const std::vector<McpTool>& tools, const McpServerInfo& info,
                   const McpHttpOptions& options);

}  // namespace dynamini::cli
