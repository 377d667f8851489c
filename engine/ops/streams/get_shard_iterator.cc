// GetShardIterator (DynamoDB Streams): a position in one shard of a stream.

#include <mutex>

#include "dynamini/api_error.h"
#include "operation/operations.h"
#include "storage/shard_iterator.h"
#include "storage/stream_record.h"
#include "stream_lookup.h"

namespace dynamini {
namespace {

using Type = api::ShardIteratorType;

bool needs_sequence(Type type) {
  return type == Type::kAtSequenceNumber || type == Type::kAfterSequenceNumber;
}

// The iterator's position for an AT_ or AFTER_SEQUENCE_NUMBER request: the
// number must lie in the shard's range (up to its end once closed).
int64_t sequence_position(const StoredStream& stream, const StoredShard& shard,
                          const GetShardIteratorRequest& request, int64_t seq) {
  if (seq < shard.start_seq || (!shard.open() && seq > shard.last_seq())) {
    throw validation_error("Invalid SequenceNumber: " + *request.sequence_number +
                           " is not in the range of shard " + *request.shard_id);
  }
  if (seq < shard_trim_horizon(stream, shard)) {
    // catalogue-exempt: needs 24 h to pass; streams_api_test.cc, injected clock
    throw ApiError{ErrorCode::kTrimmedDataAccess,
                   "The requested sequence number is beyond the trim horizon of the shard "
                   "(records older than 24 hours are trimmed)",
                   {}};
  }
  return *request.shard_iterator_type == Type::kAtSequenceNumber ? seq : seq + 1;
}

// Where an iterator of `type` starts in `shard`. LATEST on a closed shard is
// just past its end: GetRecords then answers no records and no
// NextShardIterator.
int64_t start_position(Context& context, const StoredStream& stream, const StoredShard& shard,
                       const GetShardIteratorRequest& request, std::optional<int64_t> seq) {
  const Type type = request.shard_iterator_type->value();
  if (type == Type::kTrimHorizon) return shard_trim_horizon(stream, shard);
  if (type == Type::kLatest) {
    if (!shard.open()) return shard.last_seq() + 1;
    return std::max(context.store().stream_log().last_sequence() + 1, shard.start_seq);
  }
  return sequence_position(stream, shard, request, *seq);
}

}  // namespace

GetShardIteratorResponse GetShardIteratorOperation::run(Context& context, const Request& request,
                                                        const ExecuteOptions&) {
  const Type type = request.shard_iterator_type->value();
  const std::string type_text(request.shard_iterator_type->text());
  const auto& sequence = request.sequence_number;
  if (needs_sequence(type) && !sequence) {
    throw validation_error(
        "Invalid Request: SequenceNumber is required when ShardIteratorType is " + type_text);
  }
  if (!needs_sequence(type) && sequence) {
    throw validation_error(
        "Invalid Request: SequenceNumber must not be provided when "
        "ShardIteratorType is " +
        type_text);
  }
  std::optional<int64_t> seq;
  if (sequence) {
    seq = parse_sequence_number(*sequence);
    if (!seq) throw validation_error("Invalid SequenceNumber: " + *sequence);
  }
  ShardIterator iterator;
  {
    std::lock_guard lock(context.storage_mutex());
    trim_stream_log(context);
    StoredStream stream = require_stream(context, *request.stream_arn);
    // A shard of another stream, or one trimmed away 24 hours after it
    // closed, is not a shard of this stream.
    StoredShard shard = require_shard(context, stream, *request.shard_id);
    iterator.stream_arn = arn_of(context, stream);
    iterator.shard_id = shard.shard_id;
    iterator.issued_ms = context.now_ms();
    iterator.position = start_position(context, stream, shard, request, seq);
  }
  return {encode_shard_iterator(iterator)};
}

}  // namespace dynamini
