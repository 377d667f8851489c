#pragma once

// A RapidJSON value as compact JSON text, for the server's answers that embed
// or re-send JSON (the console's AWS CLI line and capacity, trigger
// configurations, Lambda events). The engine's values/json.h has its own: the
// engine's layers are private to it (engine/CMakeLists.txt).

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <string>

namespace dynamini::server {

inline std::string json_text(const rapidjson::Value& value) {
  rapidjson::StringBuffer buffer;
  rapidjson::Writer<rapidjson::StringBuffer> writer(buffer);
  value.Accept(writer);
  return std::string(buffer.GetString(), buffer.GetSize());
}

}  // namespace dynamini::server
