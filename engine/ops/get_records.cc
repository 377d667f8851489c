// GetRecords (DynamoDB Streams): up to Limit records from a shard iterator,
// oldest first, and the iterator to continue with (absent once a disabled
// stream's shard is read to its end).

#include <mutex>

#include "dynamini/api_error.h"
#include "ops/operations.h"
#include "ops/stream_lookup.h"
#include "streams/shard_iterator.h"

namespace dynamini {

GetRecordsResponse GetRecordsOperation::run(Context& context, const Request& request,
                                            const ExecuteOptions&) {
  auto iterator = decode_shard_iterator(*request.shard_iterator);
  if (!iterator) throw validation_error("Invalid ShardIterator");
  GetRecordsResponse response;
  auto& records = response.records.emplace();
  ShardIterator next = *iterator;
  bool closed_and_done = false;
  {
    std::lock_guard lock(context.storage_mutex());
    const int64_t now = context.now_ms();
    if (now - iterator->issued_ms > kShardIteratorLifetimeMs) {
      // catalogue-exempt: needs time to pass; streams_api_test.cc, injected clock
      throw ApiError{ErrorCode::kExpiredIterator,
                     "Iterator expired. The iterator was created " +
                         std::to_string((now - iterator->issued_ms) / 1000) +
                         " seconds ago; shard iterators expire after 15 minutes",
                     {}};
    }
    trim_stream_log(context);
    StoredStream stream = require_stream(context, iterator->stream_arn);
    if (iterator->position < stream.trim_horizon()) {
      // catalogue-exempt: needs time to pass; streams_api_test.cc, injected clock
      throw ApiError{ErrorCode::kTrimmedDataAccess,
                     "The operation attempted to read past the oldest stream record in a shard",
                     {}};
    }
    auto stored = context.store().stream_log().read_stream(stream, iterator->position,
                                                           request.limit.value_or(1000));
    for (const auto& r : stored) records.append(r.json);
    next.issued_ms = now;
    if (!stored.empty()) next.position = stored.back().seq + 1;
    closed_and_done = stream.end_seq && next.position > *stream.end_seq;
  }
  if (!closed_and_done) response.next_shard_iterator = encode_shard_iterator(next);
  return response;
}

}  // namespace dynamini
