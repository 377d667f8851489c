#pragma once

// Shared by the DynamoDB Streams operations (ListStreams, DescribeStream,
// GetShardIterator, GetRecords): finding a stream from its ARN, a shard of it.

#include <string>
#include <string_view>

#include "context/context.h"
#include "storage/stream_log.h"

namespace dynamini {

// The stream a StreamArn names. ValidationException when `arn` is not a
// stream ARN; ResourceNotFoundException when no such stream is retained.
// REQUIRES: storage lock held.
StoredStream require_stream(Context& context, std::string_view arn);

// The retained shard `shard_id` of `stream`. ResourceNotFoundException when
// the stream has no such shard (a shard of another stream, or one dropped 24
// hours after it closed). REQUIRES: storage lock held.
StoredShard require_shard(Context& context, const StoredStream& stream, std::string_view shard_id);

// The oldest sequence number still readable in `shard` (TRIM_HORIZON); just
// past the end of a closed shard whose records are all trimmed.
int64_t shard_trim_horizon(const StoredStream& stream, const StoredShard& shard);

// The ARN of a stored stream, in the engine's region and account.
std::string arn_of(const Context& context, const StoredStream& stream);

// Drops records older than the 24-hour retention (and streams left with
// none) in its own transaction, so that what the Streams operations answer
// is what DynamoDB still retains. REQUIRES: storage lock held.
void trim_stream_log(Context& context);

}  // namespace dynamini
