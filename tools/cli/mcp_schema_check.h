#pragma once

// Checks a tool's arguments against its input schema before the tool runs,
// so a coding agent gets one clear message instead of a half-done call.
// Covers the part of JSON Schema (2020-12) the MCP tools here use: "type" (a
// name or a list of names: object, string, integer, number, boolean, array,
// null), "properties",
// "required", "additionalProperties" (false, or a schema every other member
// must satisfy), "enum" of strings, "minimum" / "maximum", "minLength" /
// "maxLength", "pattern", "items". Any other keyword is not checked.

#include <rapidjson/document.h>

#include <optional>
#include <string>

namespace dynamini::cli {

// Nothing when `value` satisfies `schema`; otherwise the first problem, e.g.
// "arguments.Key: expected an object". `where` names `value` in messages.
std::optional<std::string> schema_violation(const rapidjson::Value& schema,
                                            const rapidjson::Value& value,
                                            const std::string& where = "arguments");

}  // namespace dynamini::cli
