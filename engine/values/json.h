#pragma once

// The JSON types used across the engine: RapidJSON documents for requests and
// one writer type for every response.
#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <string>
#include <string_view>

namespace dynamini {

using Json = rapidjson::Value;
using JsonWriter = rapidjson::Writer<rapidjson::StringBuffer>;

inline void write_string(JsonWriter& w, std::string_view s) {
  w.String(s.data(), static_cast<rapidjson::SizeType>(s.size()));
}
inline void write_key(JsonWriter& w, std::string_view s) {
  w.Key(s.data(), static_cast<rapidjson::SizeType>(s.size()));
}
inline std::string_view string_of(const Json& v) {
  return std::string_view(v.GetString(), v.GetStringLength());
}

}  // namespace dynamini
