#include "cli/mcp_snapshot_tools.h"

#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

namespace dynamini::cli {
namespace {

constexpr const char* kSchema =
    R"({"type":"object","properties":{)"
    R"("name":{"type":"string","minLength":1,"maxLength":128,"pattern":"^[A-Za-z0-9._-]+$","description":"The snapshot's name"},)"
    R"("file":{"type":"string","minLength":1,"description":"A SQLite file instead of a name (a database `dynamini --db FILE` can open; snapshot creates it and refuses one that exists); only when the database is in this process"}},)"
    R"("additionalProperties":false})";

struct Target {
  std::string name, file;
};

Target target_of(const rapidjson::Value& arguments) {
  Target t;
  if (auto it = arguments.FindMember("name"); it != arguments.MemberEnd())
    t.name = it->value.GetString();
  if (auto it = arguments.FindMember("file"); it != arguments.MemberEnd())
    t.file = it->value.GetString();
  if (t.name.empty() == t.file.empty()) throw ToolError("give either name or file");
  return t;
}

std::string where(const McpBackend& backend, const Target& t) {
  if (!t.file.empty()) return "file " + t.file;
  if (!backend.endpoint().empty()) return "the admin endpoint of " + backend.endpoint();
  return "the memory of this MCP server (gone when it stops)";
}

ToolOutput done(std::string_view verb, const McpBackend& backend, const Target& t) {
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> out(buffer);
  out.StartObject();
  out.Key(verb.data(), static_cast<rapidjson::SizeType>(verb.size()));
  const std::string& id = t.file.empty() ? t.name : t.file;
  out.String(id.c_str(), static_cast<rapidjson::SizeType>(id.size()));
  out.Key("where");
  const std::string place = where(backend, t);
  out.String(place.c_str(), static_cast<rapidjson::SizeType>(place.size()));
  out.EndObject();
  return {.structured = std::string(buffer.GetString(), buffer.GetSize())};
}

}  // namespace

std::vector<McpTool> snapshot_tools(McpBackend& backend) {
  std::vector<McpTool> tools;
  tools.push_back({.name = "snapshot",
                   .title = "Take a snapshot",
                   .description =
                       "Records the whole database (every table, index and item) under a name, "
                       "replacing an earlier snapshot of that name, so `restore` can put it back. "
                       "Takes milliseconds for test-sized data.",
                   .input_schema = kSchema,
                   .annotations = {.idempotent = true},
                   .call = [&backend](const rapidjson::Value& arguments) {
                     Target t = target_of(arguments);
                     backend.snapshot(t.name, t.file);
                     return done("snapshot", backend, t);
                   }});
  tools.push_back({.name = "restore",
                   .title = "Restore a snapshot",
                   .description =
                       "Replaces the whole database with a snapshot taken earlier: every change "
                       "made since is lost, tables created since disappear.",
                   .input_schema = kSchema,
                   .annotations = {.destructive = true, .idempotent = true},
                   .call = [&backend](const rapidjson::Value& arguments) {
                     Target t = target_of(arguments);
                     backend.restore(t.name, t.file);
                     return done("restored", backend, t);
                   }});
  return tools;
}

}  // namespace dynamini::cli
