#include "request_json_parity.h"

#include <string>

#include "values/json.h"
#include "values/request_json.h"

namespace dynamini::fuzz {
namespace {

// RapidJSON 1.1's EncodedInputStream<UTF8> skips a leading 0xEF, then 0xBB,
// then 0xBF, each only if present: a body opening with one or two of them
// but not the whole mark is read by the old parse and refused by the new.
bool opens_with_piece_of_byte_order_mark(std::string_view body) {
  const auto byte = [&](size_t i) {
    return i < body.size() ? static_cast<unsigned char>(body[i]) : 0;
  };
  if (body.substr(0, 3) == "\xEF\xBB\xBF") return false;
  return byte(0) == 0xEF || byte(0) == 0xBB || byte(0) == 0xBF;
}

}  // namespace

bool request_json_matches_rapidjson(std::string_view body) {
  StackJsonDocument<16384> ours;
  StackJsonDocument<16384> reference;
  const bool accepted = parse_request_json(ours, body);
  reference.Parse<rapidjson::kParseValidateEncodingFlag | rapidjson::kParseIterativeFlag>(
      body.data(), body.size());
  const bool reference_accepted = !reference.HasParseError();
  if (accepted != reference_accepted) {
    return !accepted && opens_with_piece_of_byte_order_mark(body);
  }
  return !accepted || json_text(ours) == json_text(reference);
}

}  // namespace dynamini::fuzz
