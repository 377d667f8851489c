#include "streams/shard_iterator.h"

#include <cstdio>

namespace dynamini {
namespace {

uint32_t fnv1a(std::string_view text) {
  uint32_t h = 2166136261u;
  for (unsigned char c : text) h = (h ^ c) * 16777619u;
  return h;
}

std::string hex8(uint32_t value) {
  char buffer[16];
  std::snprintf(buffer, sizeof buffer, "%08x", value);
  return buffer;
}

bool parse_int64(std::string_view text, int64_t* out) {
  if (text.empty() || text.size() > 18) return false;
  int64_t value = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
    value = value * 10 + (c - '0');
  }
  *out = value;
  return true;
}

}  // namespace

std::string encode_shard_iterator(const ShardIterator& it) {
  std::string body =
      it.stream_arn + "|" + std::to_string(it.position) + "|" + std::to_string(it.issued_ms);
  return body + "|" + hex8(fnv1a(body));
}

std::optional<ShardIterator> decode_shard_iterator(std::string_view text) {
  size_t check = text.rfind('|');
  if (check == std::string_view::npos) return std::nullopt;
  std::string_view body = text.substr(0, check);
  if (hex8(fnv1a(body)) != text.substr(check + 1)) return std::nullopt;
  size_t issued = body.rfind('|');
  if (issued == std::string_view::npos) return std::nullopt;
  size_t position = body.rfind('|', issued - 1);
  if (position == std::string_view::npos || issued == 0) return std::nullopt;
  ShardIterator it;
  it.stream_arn = std::string(body.substr(0, position));
  if (!parse_int64(body.substr(position + 1, issued - position - 1), &it.position) ||
      !parse_int64(body.substr(issued + 1), &it.issued_ms)) {
    return std::nullopt;
  }
  return it;
}

std::string shard_id_of(const StoredStream& stream) {
  char digits[32];
  std::snprintf(digits, sizeof digits, "%020lld", static_cast<long long>(stream.created_ms));
  return std::string("shardId-") + digits + "-" +
         hex8(fnv1a(stream.table_name + "/" + stream.label));
}

}  // namespace dynamini
