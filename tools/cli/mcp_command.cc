// dynamini mcp: a Model Context Protocol server for coding agents, on a
// database in this process or a running server (see mcp_transports.h for
// the transports, mcp_session.h for the protocol).

#include <signal.h>

#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/mcp_backend.h"
#include "cli/mcp_data_tools.h"
#include "cli/mcp_explain_tool.h"
#include "cli/mcp_model.h"
#include "cli/mcp_snapshot_tools.h"
#include "cli/mcp_transports.h"

#ifndef DYNAMINI_VERSION
#define DYNAMINI_VERSION "unknown"
#endif

namespace dynamini::cli {
namespace {

constexpr const char* kMcpUsage =
    "Usage: dynamini mcp [--db FILE | --endpoint URL] [--no-inbox]\n"
    "                    [--http PORT [--host ADDR] [--allow-origin ORIGIN]...\n"
    "                    [--allow-host NAME]...]\n"
    "A Model Context Protocol server for coding agents: tools to list and describe tables,\n"
    "read and write items, query and scan page by page, run the inbox's access patterns,\n"
    "explain a request's cost, take and restore snapshots.\n"
    "  (default)        an in-memory database with the inbox model loaded\n"
    "  --db FILE        a database file (the inbox is loaded unless there or --no-inbox)\n"
    "  --endpoint URL   a running dynamini (or any DynamoDB endpoint); snapshots need\n"
    "                   its --admin\n"
    "  --no-inbox       no model, no run_pattern tool\n"
    "  --http PORT      Streamable HTTP on http://127.0.0.1:PORT/mcp (0: a free port)\n"
    "                   instead of stdio\n"
    "  --host ADDR      the address to listen on with --http (default 127.0.0.1)\n"
    "  --allow-origin ORIGIN  accept browser requests from ORIGIN (loopback always)\n"
    "  --allow-host NAME      answer requests for Host NAME (loopback names always;\n"
    "                   on a non-loopback --host, any name until this is given)\n"
    "Example client configuration: {\"command\": \"dynamini\", \"args\": [\"mcp\"]}\n";

struct McpFlags {
  std::string db, endpoint;
  bool inbox = true;
  bool http = false;
  bool help = false;
  McpHttpOptions http_options;
};

McpFlags parse_mcp_flags(int argc, char** argv) {
  McpFlags flags;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) throw std::runtime_error(arg + " needs a value");
      return argv[++i];
    };
    if (arg == "--db") {
      flags.db = value();
    } else if (arg == "--endpoint") {
      flags.endpoint = value();
    } else if (arg == "--no-inbox") {
      flags.inbox = false;
    } else if (arg == "--http") {
      flags.http = true;
      const std::string port = value();
      const unsigned long n = std::stoul(port);
      if (n > 65535) throw std::runtime_error("--http expects a port, got " + port);
      flags.http_options.port = static_cast<uint16_t>(n);
    } else if (arg == "--host") {
      flags.http_options.host = value();
    } else if (arg == "--allow-origin") {
      flags.http_options.allowed_origins.push_back(value());
    } else if (arg == "--allow-host") {
      flags.http_options.allowed_hosts.push_back(value());
    } else if (arg == "--help" || arg == "-h") {
      flags.help = true;
    } else {
      throw std::runtime_error("unknown argument '" + arg + "'");
    }
  }
  if (!flags.db.empty() && !flags.endpoint.empty()) {
    throw std::runtime_error("--db and --endpoint exclude each other");
  }
  return flags;
}

std::unique_ptr<McpBackend> open_backend(const McpFlags& flags) {
  if (!flags.endpoint.empty()) return std::make_unique<McpBackend>(flags.endpoint);
  Options options;
  options.path = flags.db;
  return std::make_unique<McpBackend>(
      Database::open(std::move(options)),
      flags.db.empty() ? "an in-memory database" : "the database file " + flags.db);
}

std::string instructions(const McpBackend& backend, const McpModel* model) {
  std::string text =
      "dynamini is a DynamoDB emulator; these tools work on " + backend.describe() +
      ". Arguments are DynamoDB's own request members (TableName, Key, "
      "KeyConditionExpression, ...), items and keys in DynamoDB JSON such as "
      "{\"pk\":{\"S\":\"USER#u_alice\"}}; results are DynamoDB's responses. query and scan "
      "return one page and a nextCursor for the next. explain tells what a request costs. "
      "snapshot before an experiment, restore to undo it.";
  if (model) text += " " + model->summary();
  return text;
}

}  // namespace

int run_mcp(int argc, char** argv) {
  McpFlags flags;
  try {
    flags = parse_mcp_flags(argc, argv);
  } catch (const std::exception& e) {
    std::cerr << "dynamini mcp: " << e.what() << "\n" << kMcpUsage;
    return 1;
  }
  if (flags.help) {
    std::cout << kMcpUsage;
    return 0;
  }
  signal(SIGPIPE, SIG_IGN);
  std::unique_ptr<McpBackend> backend;
  std::unique_ptr<McpModel> model;
  try {
    backend = open_backend(flags);
    if (flags.inbox) model = McpModel::start(*backend);
  } catch (const std::exception& e) {
    std::cerr << "dynamini mcp: " << e.what() << "\n";
    return 1;
  }
  std::vector<McpTool> tools = data_tools(*backend);
  tools.push_back(explain_tool(*backend));
  for (McpTool& tool : snapshot_tools(*backend)) tools.push_back(std::move(tool));
  if (model) tools.push_back(model->run_pattern_tool());
  const McpServerInfo info{.version = DYNAMINI_VERSION,
                           .instructions = instructions(*backend, model.get())};
  if (flags.http) return serve_mcp_http(tools, info, flags.http_options);
  return serve_mcp_stdio(tools, info, std::cin, std::cout);
}

}  // namespace dynamini::cli
