#pragma once

// Shared by the DynamoDB Streams operations (ListStreams, DescribeStream,
// GetShardIterator, GetRecords): finding a stream from its ARN.

#include <string>
#include <string_view>

#include "context.h"
#include "streams/stream_log.h"

namespace dynamini {

// The stream a StreamArn names. ValidationException when `arn` is not a
// stream ARN; ResourceNotFoundException when no such stream is retained.
// REQUIRES: storage lock held.
StoredStream require_stream(Context& context, std::string_view arn);

// The ARN of a stored stream, in the engine's region and account.
std::string arn_of(const Context& context, const StoredStream& stream);

// Drops records older than the 24-hour retention (and streams left with
// none) in its own transaction, so that what the Streams operations answer
// is what DynamoDB still retains. REQUIRES: storage lock held.
void trim_stream_log(Context& context);

}  // namespace dynamini
