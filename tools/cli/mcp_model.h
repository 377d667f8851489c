#pragma once

// The teaching model `dynamini mcp` serves (the inbox), kept in this one
// file pair so that generalising models touches nothing else of the MCP
// server: loading its table and sample data, running its stream trigger
// (fan-out) beside a database in this process, and the `run_pattern` tool,
// which runs an access pattern of the model's catalogue by its id through
// the model's own C++ (model/inbox_pattern_runner.h).

#include <memory>
#include <string>

#include "cli/mcp_backend.h"
#include "cli/mcp_tool.h"

namespace dynamini::cli {

class McpModel {
 public:
  // In this process: loads the inbox into the backend's database unless its
  // table is there already, and starts its runtime. Over HTTP: nothing to
  // load (the server has its model, or not). Throws std::runtime_error when
  // loading fails.
  static std::unique_ptr<McpModel> start(McpBackend& backend);
  ~McpModel();

  // run_pattern: {"pattern": "AP1", "params": {"user": "u_alice", ...}} ->
  // the transcript: every request sent, its response or error and cost, the
  // outcome, the next page's cursor. `backend` must outlive the tool.
  McpTool run_pattern_tool();
  // A sentence on the model for the server's instructions.
  std::string summary() const;

 private:
  struct Impl;
  explicit McpModel(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace dynamini::cli
