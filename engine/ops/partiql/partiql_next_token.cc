#include "partiql_next_token.h"

#include "dynamini/api_error.h"
#include "values/base64.h"
#include "values/json.h"
#include "values/value_check.h"
#include "values/value_decode.h"

namespace dynamini::partiql {
namespace {

// FNV-1a, 64 bits: stable across runs, so a token outlives a restart of a
// file-backed server.
void mix(uint64_t& h, std::string_view bytes) {
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 1099511628211ull;
  }
}

ApiError invalid() { return validation_error("Invalid NextToken"); }

}  // namespace

uint64_t statement_fingerprint(const std::string& statement,
                               const std::optional<std::vector<AttributeValue>>& parameters) {
  uint64_t h = 14695981039346656037ull;
  mix(h, statement);
  if (parameters) {
    for (const auto& p : *parameters) {
      rapidjson::StringBuffer b;
      JsonWriter w(b);
      write_attribute_value(w, p);
      mix(h, std::string_view("\0", 1));
      mix(h, std::string_view(b.GetString(), b.GetSize()));
    }
  }
  return h;
}

std::string encode_next_token(uint64_t fingerprint, const SelectPosition& position) {
  rapidjson::StringBuffer b;
  JsonWriter w(b);
  w.StartObject();
  write_key(w, "f");
  write_string(w, std::to_string(fingerprint));
  write_key(w, "p");
  w.Uint64(position.partition);
  if (position.after_key) {
    write_key(w, "k");
    write_item(w, *position.after_key);
  }
  w.EndObject();
  return base64_encode(std::string_view(b.GetString(), b.GetSize()));
}

SelectPosition decode_next_token(const std::string& token, uint64_t fingerprint) {
  std::string bytes;
  rapidjson::Document doc;
  if (!base64_decode(token, &bytes) || doc.Parse(bytes.c_str()).HasParseError() ||
      !doc.IsObject() || !doc.HasMember("f") || !doc["f"].IsString() || !doc.HasMember("p") ||
      !doc["p"].IsUint64()) {
    throw invalid();
  }
  if (doc["f"].GetString() != std::to_string(fingerprint)) {
    throw validation_error("NextToken does not match request");
  }
  SelectPosition position;
  position.partition = doc["p"].GetUint64();
  if (doc.HasMember("k")) {
    if (!doc["k"].IsObject()) throw invalid();
    try {
      position.after_key = decode_item(doc["k"]);
    } catch (const ApiError&) {
      throw invalid();
    }
    if (item_problem(*position.after_key, ValueLayer::kCurrent)) throw invalid();
  }
  return position;
}

}  // namespace dynamini::partiql
