#pragma once

// The MCP tools `snapshot` and `restore`: the whole database recorded under
// a name (or into a SQLite file) and put back, e.g. before and after an
// agent's experiment. restore replaces every table: it is marked
// destructive.

#include <vector>

#include "cli/mcp_backend.h"
#include "cli/mcp_tool.h"

namespace dynamini::cli {

// `backend` must outlive the tools.
std::vector<McpTool> snapshot_tools(McpBackend& backend);

}  // namespace dynamini::cli
