// GetShardIterator (DynamoDB Streams): a position in the stream's shard.

#include <mutex>

#include "dynamini/api_error.h"
#include "ops/operations.h"
#include "ops/stream_lookup.h"
#include "streams/shard_iterator.h"
#include "streams/stream_record.h"

namespace dynamini {
namespace {

using Type = api::ShardIteratorType;

bool needs_sequence(Type type) {
  return type == Type::kAtSequenceNumber || type == Type::kAfterSequenceNumber;
}

// The iterator's position for an AT_ or AFTER_SEQUENCE_NUMBER request.
int64_t sequence_position(const StoredStream& stream, const GetShardIteratorRequest& request,
                          int64_t seq) {
  if (seq < stream.start_seq) {
    throw validation_error("Invalid SequenceNumber: " + *request.sequence_number +
                           " is not in the range of shard " + *request.shard_id);
  }
  if (seq < stream.trim_horizon()) {
    // catalogue-exempt: needs 24 h to pass; streams_api_test.cc, injected clock
    throw ApiError{ErrorCode::kTrimmedDataAccess,
                   "The requested sequence number is beyond the trim horizon of the shard "
                   "(records older than 24 hours are trimmed)",
                   {}};
  }
  return *request.shard_iterator_type == Type::kAtSequenceNumber ? seq : seq + 1;
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
    if (*request.shard_id != shard_id_of(stream)) {
      throw ApiError{
          ErrorCode::kResourceNotFound, "Requested resource not found: Shard does not exist", {}};
    }
    iterator.stream_arn = arn_of(context, stream);
    iterator.issued_ms = context.now_ms();
    if (type == Type::kTrimHorizon) {
      iterator.position = stream.trim_horizon();
    } else if (type == Type::kLatest) {
      const int64_t last =
          stream.end_seq ? *stream.end_seq : context.store().stream_log().last_sequence();
      iterator.position = std::max(last + 1, stream.start_seq);
    } else {
      iterator.position = sequence_position(stream, request, *seq);
    }
  }
  return {encode_shard_iterator(iterator)};
}

}  // namespace dynamini
