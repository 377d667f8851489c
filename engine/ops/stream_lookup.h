#pragma once

// Shared by the DynamoDB Streams operations (ListStreams, DescribeStream,
// GetShardIterator, GetRecords): finding a stream from its ARN.

#include <string>
#include <string_view>

#include "engine.h"
#include "streams/stream_log.h"
#include "validation/shape_errors.h"

namespace dynamini {

// The stream a StreamArn names. ValidationException when `arn` is not a
// stream ARN; ResourceNotFoundException when no such stream is retained.
// REQUIRES: storage lock held.
StoredStream require_stream(Engine& engine, std::string_view arn);

// Records "Member must have length greater than or equal to N" / "less than
// or equal to N" for a string member of the Streams API (StreamArn 37..1024,
// ShardId 28..65, SequenceNumber 21..40, ShardIterator 1..2048).
void check_length(ShapeErrors& errors, const std::optional<std::string>& value,
                  std::string_view path, size_t min, size_t max);

// The ARN of a stored stream, in the engine's region and account.
std::string arn_of(const Engine& engine, const StoredStream& stream);

}  // namespace dynamini
