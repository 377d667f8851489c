// The MCP session's JSON-RPC handling and the tools' argument checks, with
// a tool of the test's own (the end-to-end tests drive the real tools with
// the official client).

#include "cli/mcp_session.h"

#include <doctest/doctest.h>
#include <rapidjson/document.h>

#include "cli/mcp_schema_check.h"

namespace dynamini::cli {
namespace {

rapidjson::Document parse(const std::string& json) {
  rapidjson::Document doc;
  doc.Parse(json.c_str());
  REQUIRE_FALSE(doc.HasParseError());
  return doc;
}

std::vector<McpTool> echo_tools() {
  McpTool echo{.name = "echo",
               .title = "Echo",
               .description = "Answers its argument",
               .input_schema = R"({"type":"object","properties":{"say":{"type":"string"}},)"
                               R"("required":["say"],"additionalProperties":false})",
               .annotations = {.read_only = true},
               .call = nullptr};
  echo.call = [](const rapidjson::Value& arguments) {
    const std::string say = arguments["say"].GetString();
    if (say == "refuse") throw ToolError("refused");
    if (say == "crash") throw std::runtime_error("bug");
    return ToolOutput{.structured = R"({"said":")" + say + R"("})"};
  };
  return {echo};
}

struct Fixture {
  std::vector<McpTool> tools = echo_tools();
  McpServerInfo info{.version = "0.0", .instructions = "test"};
  McpSession session{tools, info};

  rapidjson::Document ask(const std::string& message) {
    auto answer = session.handle(message);
    REQUIRE(answer.has_value());
    CHECK(answer->find('\n') == std::string::npos);
    return parse(*answer);
  }
  rapidjson::Document call(const std::string& arguments) {
    return ask(
        R"({"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo","arguments":)" +
        arguments + "}}");
  }
};

TEST_CASE("MCP: initialize agrees on a revision and announces the tools capability") {
  Fixture f;
  auto answer = f.ask(
      R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18"}})");
  CHECK(std::string(answer["result"]["protocolVersion"].GetString()) == "2025-06-18");
  CHECK(f.session.protocol_version() == "2025-06-18");
  CHECK(answer["result"]["capabilities"]["tools"].IsObject());
  CHECK(std::string(answer["result"]["instructions"].GetString()) == "test");
}

TEST_CASE("MCP: notifications and responses get no answer") {
  Fixture f;
  CHECK_FALSE(f.session.handle(R"({"jsonrpc":"2.0","method":"notifications/initialized"})"));
  CHECK_FALSE(f.session.handle(R"({"jsonrpc":"2.0","id":3,"result":{}})"));
}

TEST_CASE("MCP: tools/list gives each tool's schema and annotations") {
  Fixture f;
  auto answer = f.ask(R"({"jsonrpc":"2.0","id":"a","method":"tools/list"})");
  CHECK(std::string(answer["id"].GetString()) == "a");
  const auto& tool = answer["result"]["tools"][0];
  CHECK(std::string(tool["name"].GetString()) == "echo");
  CHECK(std::string(tool["inputSchema"]["required"][0].GetString()) == "say");
  CHECK(tool["annotations"]["readOnlyHint"].GetBool());
  CHECK_FALSE(tool["annotations"]["destructiveHint"].GetBool());
}

TEST_CASE("MCP: a tool's result is structured content and the same JSON as text") {
  Fixture f;
  auto answer = f.call(R"({"say":"hi"})");
  const auto& result = answer["result"];
  CHECK_FALSE(result["isError"].GetBool());
  CHECK(std::string(result["structuredContent"]["said"].GetString()) == "hi");
  CHECK(std::string(result["content"][0]["text"].GetString()) == R"({"said":"hi"})");
}

TEST_CASE("MCP: arguments against the schema and refusals are tool errors, not protocol errors") {
  Fixture f;
  auto missing = f.call("{}");
  CHECK(missing["result"]["isError"].GetBool());
  CHECK(std::string(missing["result"]["structuredContent"]["error"]["message"].GetString()) ==
        "arguments.say is required");
  auto extra = f.call(R"({"say":"x","loud":true})");
  CHECK(std::string(extra["result"]["structuredContent"]["error"]["message"].GetString()) ==
        "arguments.loud is not a known argument");
  auto refused = f.call(R"({"say":"refuse"})");
  CHECK(std::string(refused["result"]["structuredContent"]["error"]["message"].GetString()) ==
        "refused");
}

TEST_CASE("MCP: protocol errors carry JSON-RPC's codes") {
  Fixture f;
  CHECK(f.ask("{")["error"]["code"].GetInt() == -32700);
  CHECK(f.ask("[1]")["error"]["code"].GetInt() == -32600);
  CHECK(f.ask(R"({"jsonrpc":"1.0","id":1,"method":"ping"})")["error"]["code"].GetInt() == -32600);
  CHECK(f.ask(R"({"jsonrpc":"2.0","id":{},"method":"ping"})")["error"]["code"].GetInt() == -32600);
  CHECK(f.ask(R"({"jsonrpc":"2.0","id":1,"method":"prompts/list"})")["error"]["code"].GetInt() ==
        -32601);
  CHECK(f.ask(R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{}})")["error"]["code"]
            .GetInt() == -32602);
  CHECK(
      f
          .ask(
              R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"nope"}})")["error"]
                                                                                           ["code"]
          .GetInt() == -32602);
  CHECK(
      f
          .ask(R"({"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"cursor":"x"}})")["error"]
                                                                                           ["code"]
          .GetInt() == -32602);
  CHECK(f.call(R"({"say":"crash"})")["error"]["code"].GetInt() == -32603);
  CHECK(f.ask(R"({"jsonrpc":"2.0","id":9,"method":"ping"})")["result"].ObjectEmpty());
}

TEST_CASE("MCP schema check: types, enums, bounds, patterns, nested members") {
  auto schema = parse(R"({"type":"object","properties":{
      "n":{"type":"integer","minimum":1,"maximum":5},
      "e":{"type":"string","enum":["A","B"]},
      "p":{"type":"string","pattern":"^[a-z]+$","maxLength":4},
      "either":{"type":["string","object"]},
      "m":{"type":"object","additionalProperties":{"type":"object"}}}})");
  auto violation = [&](const char* json) { return schema_violation(schema, parse(json)); };
  CHECK_FALSE(violation(R"({"n":3,"e":"A","p":"ab","either":{},"m":{"k":{}}})"));
  CHECK(*violation(R"({"n":0})") == "arguments.n must be at least 1");
  CHECK(*violation(R"({"n":6})") == "arguments.n must be at most 5");
  CHECK(*violation(R"({"n":1.5})") == "arguments.n: expected an integer");
  CHECK(*violation(R"({"e":"C"})") == "arguments.e must be one of: A, B");
  CHECK(*violation(R"({"p":"AB"})") == "arguments.p must match ^[a-z]+$");
  CHECK(*violation(R"({"p":"abcde"})") == "arguments.p must not be longer than 4");
  CHECK(*violation(R"({"either":1})") == "arguments.either: expected a string or an object");
  CHECK(*violation(R"({"m":{"k":"v"}})") == "arguments.m.k: expected an object");
}

}  // namespace
}  // namespace dynamini::cli
