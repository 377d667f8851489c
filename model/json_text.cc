#include "model/json_text.h"

#include <cstdio>

namespace dynamini::model {

std::string json_quote(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 2);
  out += '"';
  for (unsigned char c : text) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  out += '"';
  return out;
}

std::string s_value(std::string_view text) { return "{\"S\":" + json_quote(text) + "}"; }

std::string n_value(long long n) { return "{\"N\":\"" + std::to_string(n) + "\"}"; }

}  // namespace dynamini::model
