#pragma once

// The JSON types used across the engine: RapidJSON documents for requests and
// one writer type for every response.
#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cstring>
#include <string>
#include <string_view>

namespace dynamini {

using Json = rapidjson::Value;

// RapidJSON's Writer, with RawValue copying the spliced text in one block.
// Stored items are spliced into responses as they are (GetItem, Query, Scan,
// GetRecords); RapidJSON's own RawValue copies them a character at a time,
// which was a quarter of a Query's instructions (callgrind, tools/bench).
class JsonWriter : public rapidjson::Writer<rapidjson::StringBuffer> {
 public:
  using Base = rapidjson::Writer<rapidjson::StringBuffer>;
  using Base::Base;

  // REQUIRES: `json` is one complete JSON value of `type`, as for
  // rapidjson::Writer::RawValue.
  bool RawValue(const char* json, size_t length, rapidjson::Type type) {
    Prefix(type);
    if (length > 0) std::memcpy(os_->Push(length), json, length);
    return EndValue(true);
  }
};

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
