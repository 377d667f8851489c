#pragma once

// Writing JSON with RapidJSON's Writer, as the command's JSON answers (the
// console routes, pattern runs, the MCP server) do: a string_view member, and
// a JSON text we sent or received embedded as a value.

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <string>
#include <string_view>

#include "json/json_text.h"

namespace dynamini::cli {

using JsonOut = rapidjson::Writer<rapidjson::StringBuffer>;

inline void write_string(JsonOut& out, std::string_view s) {
  out.String(s.data(), static_cast<rapidjson::SizeType>(s.size()));
}

// `json` as a value; null when it does not parse.
inline void write_json_or_null(JsonOut& out, std::string_view json) {
  rapidjson::Document doc;
  doc.Parse(json.data(), json.size());
  if (doc.HasParseError()) {
    out.Null();
  } else {
    doc.Accept(out);
  }
}

}  // namespace dynamini::cli
