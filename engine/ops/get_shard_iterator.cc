#include "dynamini/api_error.h"
#include "ops/operations.h"
#include "ops/stream_lookup.h"
#include "streams/shard_iterator.h"
#include "streams/stream_record.h"
#include "validation/request_members.h"

namespace dynamini {

// GetShardIterator (DynamoDB Streams): a position in the stream's shard.
void get_shard_iterator(Engine& engine, const Json& request, JsonWriter& out) {
  ShapeErrors errors;
  auto arn = string_member(request, "StreamArn");
  errors.require(arn.has_value(), "streamArn");
  // The API reference's 37-character minimum is not enforced as a length
  // error: a short ARN ("fake-stream") is answered "Invalid StreamArn"
  // (aws-sdk-js integration test, DynamoDBStreams "handles errors").
  check_length(errors, arn, "streamArn", 1, 1024);
  auto shard_id = string_member(request, "ShardId");
  errors.require(shard_id.has_value(), "shardId");
  check_length(errors, shard_id, "shardId", 28, 65);
  auto type = string_member(request, "ShardIteratorType");
  errors.require(type.has_value(), "shardIteratorType");
  // Listed in the order DynamoDB's validator prints them (Kinesis prints
  // [AFTER_SEQUENCE_NUMBER, LATEST, AT_TIMESTAMP, AT_SEQUENCE_NUMBER,
  // TRIM_HORIZON], kinesalite test/getShardIterator.js).
  errors.one_of(type, "shardIteratorType",
                {"AFTER_SEQUENCE_NUMBER", "LATEST", "AT_SEQUENCE_NUMBER", "TRIM_HORIZON"});
  auto sequence = string_member(request, "SequenceNumber");
  check_length(errors, sequence, "sequenceNumber", 21, 40);
  errors.throw_if_any();
  const bool needs_sequence = *type == "AT_SEQUENCE_NUMBER" || *type == "AFTER_SEQUENCE_NUMBER";
  if (needs_sequence && !sequence) {
    throw validation_error("Invalid Request: SequenceNumber is required when ShardIteratorType is " +
                           *type);
  }
  if (!needs_sequence && sequence) {
    throw validation_error("Invalid Request: SequenceNumber must not be provided when "
                           "ShardIteratorType is " + *type);
  }
  std::optional<int64_t> seq;
  if (sequence) {
    seq = parse_sequence_number(*sequence);
    if (!seq) throw validation_error("Invalid SequenceNumber: " + *sequence);
  }

  ShardIterator iterator;
  {
    std::lock_guard lock(engine.storage_mutex());
    StreamLog& log = engine.store().stream_log();
    WriteTransaction txn(engine.store().connection());
    log.trim(engine.now_ms());
    txn.commit();
    StoredStream stream = require_stream(engine, *arn);
    if (*shard_id != shard_id_of(stream)) {
      throw ApiError{ErrorCode::kResourceNotFound,
                     "Requested resource not found: Shard does not exist", {}};
    }
    iterator.stream_arn = arn_of(engine, stream);
    iterator.issued_ms = engine.now_ms();
    if (*type == "TRIM_HORIZON") {
      iterator.position = stream.trim_horizon();
    } else if (*type == "LATEST") {
      iterator.position = (stream.end_seq ? *stream.end_seq : log.last_sequence()) + 1;
      iterator.position = std::max(iterator.position, stream.start_seq);
    } else {
      if (*seq < stream.start_seq) {
        throw validation_error("Invalid SequenceNumber: " + *sequence +
                               " is not in the range of shard " + *shard_id);
      }
      if (*seq < stream.trim_horizon()) {
        // catalogue-exempt: needs 24 h to pass; tests/engine/streams_api_test.cc with the injected clock
        throw ApiError{ErrorCode::kTrimmedDataAccess,
                       "The requested sequence number is beyond the trim horizon of the shard "
                       "(records older than 24 hours are trimmed)", {}};
      }
      iterator.position = *type == "AT_SEQUENCE_NUMBER" ? *seq : *seq + 1;
    }
  }
  out.StartObject();
  out.Key("ShardIterator");
  write_string(out, encode_shard_iterator(iterator));
  out.EndObject();
}

}  // namespace dynamini
