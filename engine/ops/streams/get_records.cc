// GetRecords (DynamoDB Streams): up to Limit records of one shard from a
// shard iterator, oldest first, and the iterator to continue with: absent
// once a closed shard is read to its end ("If set to null, the shard has been
// closed and the requested iterator will not return any more data", API
// reference GetRecords); the consumer then reads the shard's child.

#include <limits>
#include <mutex>

#include "dynamini/api_error.h"
#include "operation/operations.h"
#include "storage/shard_iterator.h"
#include "stream_lookup.h"

namespace dynamini {
namespace {

void check_not_expired(const ShardIterator& iterator, int64_t now) {
  if (now - iterator.issued_ms > kShardIteratorLifetimeMs) {
    // catalogue-exempt: needs time to pass; streams_api_test.cc, injected clock
    throw ApiError{ErrorCode::kExpiredIterator,
                   "Iterator expired. The iterator was created " +
                       std::to_string((now - iterator.issued_ms) / 1000) +
                       " seconds ago; shard iterators expire after 15 minutes",
                   {}};
  }
}

[[noreturn]] void throw_trimmed() {
  // catalogue-exempt: needs time to pass; streams_api_test.cc, injected clock
  throw ApiError{ErrorCode::kTrimmedDataAccess,
                 "The operation attempted to read past the oldest stream record in a shard",
                 {}};
}

}  // namespace

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
    check_not_expired(*iterator, now);
    trim_stream_log(context);
    StreamLog& log = context.store().stream_log();
    StoredStream stream = require_stream(context, iterator->stream_arn);
    // A shard dropped since the iterator was issued held only trimmed records.
    auto shard = log.shards().find(stream.table_name, stream.label, iterator->shard_id);
    if (!shard || iterator->position < shard_trim_horizon(stream, *shard)) throw_trimmed();
    const int64_t last = shard->open() ? std::numeric_limits<int64_t>::max() : shard->last_seq();
    auto stored = log.read_stream(stream, iterator->position, last, request.limit.value_or(1000));
    for (const auto& r : stored) records.append(r.json);
    next.issued_ms = now;
    if (!stored.empty()) next.position = stored.back().seq + 1;
    closed_and_done = !shard->open() && next.position > last;
  }
  if (!closed_and_done) response.next_shard_iterator = encode_shard_iterator(next);
  return response;
}

}  // namespace dynamini
