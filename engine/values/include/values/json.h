#pragma once

// The JSON types used across the engine: RapidJSON documents for requests and
// one writer type for every response.
#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <cstring>
#include <string>
#include <string_view>

#include "json/json_text.h"

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

// The node buffer of a StackJsonDocument (a base class, so that it is built
// before the document that uses it and destroyed after it).
template <size_t kBytes>
struct StackJsonPool {
  char nodes[kBytes];
  rapidjson::MemoryPoolAllocator<> allocator{nodes, kBytes};
};

// A RapidJSON document whose nodes go into a buffer of `kBytes` inside the
// object (on the caller's stack) before any heap chunk: RapidJSON's default
// pool mallocs a 64 KB chunk per document, a cost on every request and every
// stored item parsed. Bigger documents spill into further chunks as usual.
template <size_t kBytes>
class StackJsonDocument : private StackJsonPool<kBytes>, public rapidjson::Document {
 public:
  StackJsonDocument() : rapidjson::Document(&this->allocator) {}
  StackJsonDocument(const StackJsonDocument&) = delete;
  StackJsonDocument& operator=(const StackJsonDocument&) = delete;
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
