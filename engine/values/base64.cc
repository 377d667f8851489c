#include "values/base64.h"

namespace dynamini {
namespace {
const char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

int decode_char(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}
}  // namespace

std::string base64_encode(std::string_view bytes) {
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  size_t i = 0;
  for (; i + 2 < bytes.size(); i += 3) {
    unsigned v = (static_cast<unsigned char>(bytes[i]) << 16) |
                 (static_cast<unsigned char>(bytes[i + 1]) << 8) |
                 static_cast<unsigned char>(bytes[i + 2]);
    out.push_back(kAlphabet[(v >> 18) & 63]);
    out.push_back(kAlphabet[(v >> 12) & 63]);
    out.push_back(kAlphabet[(v >> 6) & 63]);
    out.push_back(kAlphabet[v & 63]);
  }
  if (i < bytes.size()) {
    unsigned v = static_cast<unsigned char>(bytes[i]) << 16;
    if (i + 1 < bytes.size()) v |= static_cast<unsigned char>(bytes[i + 1]) << 8;
    out.push_back(kAlphabet[(v >> 18) & 63]);
    out.push_back(kAlphabet[(v >> 12) & 63]);
    out.push_back(i + 1 < bytes.size() ? kAlphabet[(v >> 6) & 63] : '=');
    out.push_back('=');
  }
  return out;
}

bool base64_decode(std::string_view text, std::string* bytes) {
  while (!text.empty() && text.back() == '=') text.remove_suffix(1);
  if (text.size() % 4 == 1) return false;
  bytes->clear();
  bytes->reserve(text.size() * 3 / 4);
  unsigned buffer = 0;
  int bits = 0;
  for (char c : text) {
    int v = decode_char(c);
    if (v < 0) return false;
    buffer = (buffer << 6) | static_cast<unsigned>(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes->push_back(static_cast<char>((buffer >> bits) & 0xFF));
    }
  }
  return true;
}

std::string base64_wire_problem(std::string_view text) {
  if (text.size() % 4 != 0) {
    return "Base64 encoded length is expected a multiple of 4 bytes but found: " +
           std::to_string(text.size());
  }
  size_t data_end = text.find_last_not_of('=');
  data_end = data_end == std::string_view::npos ? 0 : data_end + 1;
  for (size_t i = 0; i < text.size(); ++i) {
    if (decode_char(text[i]) < 0 && !(text[i] == '=' && i >= data_end)) {
      return std::string("Invalid Base64 character: '") + text[i] + "'";
    }
  }
  std::string bytes;
  if (!base64_decode(text, &bytes) || base64_encode(bytes) != text) {
    return "Invalid last non-pad Base64 character dectected";
  }
  return "";
}

}  // namespace dynamini
