#include "query_string.h"

#include <algorithm>

namespace dynamini::server {
namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string decoded(std::string_view raw) {
  std::string value;
  for (size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] == '%' && i + 2 < raw.size() && hex_value(raw[i + 1]) >= 0 &&
        hex_value(raw[i + 2]) >= 0) {
      value += static_cast<char>(hex_value(raw[i + 1]) * 16 + hex_value(raw[i + 2]));
      i += 2;
    } else {
      value += raw[i] == '+' ? ' ' : raw[i];
    }
  }
  return value;
}

}  // namespace

std::optional<std::string> query_param(std::string_view target, std::string_view name) {
  const size_t mark = target.find('?');
  if (mark == target.npos) return std::nullopt;
  std::string_view query = target.substr(mark + 1);
  while (!query.empty()) {
    std::string_view pair = query.substr(0, query.find('&'));
    query.remove_prefix(std::min(query.size(), pair.size() + 1));
    const size_t eq = pair.find('=');
    if (pair.substr(0, eq) != name) continue;
    return decoded(eq == pair.npos ? std::string_view() : pair.substr(eq + 1));
  }
  return std::nullopt;
}

}  // namespace dynamini::server
