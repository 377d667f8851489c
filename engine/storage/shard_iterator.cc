#include "storage/shard_iterator.h"

#include <vector>

#include "storage/fnv1a.h"

namespace dynamini {
namespace {

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

// "<stream arn>|<shard id>|<position>|<issued ms>|<checksum>": neither ARNs
// nor shard ids hold '|'.
std::string encode_shard_iterator(const ShardIterator& it) {
  std::string body = it.stream_arn + "|" + it.shard_id + "|" + std::to_string(it.position) + "|" +
                     std::to_string(it.issued_ms);
  return body + "|" + fnv1a_hex(body);
}

std::optional<ShardIterator> decode_shard_iterator(std::string_view text) {
  size_t check = text.rfind('|');
  if (check == std::string_view::npos) return std::nullopt;
  std::string_view body = text.substr(0, check);
  if (fnv1a_hex(body) != text.substr(check + 1)) return std::nullopt;
  std::vector<std::string_view> fields;
  for (size_t from = 0;;) {
    size_t bar = body.find('|', from);
    fields.push_back(body.substr(from, bar == std::string_view::npos ? bar : bar - from));
    if (bar == std::string_view::npos) break;
    from = bar + 1;
  }
  if (fields.size() != 4) return std::nullopt;
  ShardIterator it;
  it.stream_arn = std::string(fields[0]);
  it.shard_id = std::string(fields[1]);
  if (!parse_int64(fields[2], &it.position) || !parse_int64(fields[3], &it.issued_ms)) {
    return std::nullopt;
  }
  return it;
}

}  // namespace dynamini
