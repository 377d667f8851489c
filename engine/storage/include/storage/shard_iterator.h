#pragma once

// Shard iterators. An iterator is an opaque string to clients: the stream
// ARN, the shard id, the next sequence number to read, the time it was issued
// and a checksum, so a mangled iterator is refused ("Invalid ShardIterator")
// instead of misread.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace dynamini {

// Iterators expire 15 minutes after they are issued (DynamoDB Streams API
// reference, GetShardIterator: "A shard iterator expires 15 minutes after it
// is returned to the requester").
constexpr int64_t kShardIteratorLifetimeMs = 15LL * 60 * 1000;

struct ShardIterator {
  std::string stream_arn;
  std::string shard_id;
  int64_t position = 0;  // the next sequence number to read
  int64_t issued_ms = 0;
};

std::string encode_shard_iterator(const ShardIterator& iterator);
std::optional<ShardIterator> decode_shard_iterator(std::string_view text);

}  // namespace dynamini
