#include "stream_lookup.h"

#include <algorithm>

#include "catalog/stream_settings.h"
#include "dynamini/api_error.h"

namespace dynamini {

StoredStream require_stream(Context& context, std::string_view arn) {
  auto name = parse_stream_arn(arn);
  // DynamoDB answers a malformed ARN with a ValidationException and an
  // unknown one with ResourceNotFoundException (scylladb test_streams.py,
  // run against DynamoDB: test_describe_nonexistent_stream).
  if (!name) throw validation_error("Invalid StreamArn");
  auto stream = context.store().stream_log().find_stream(name->table_name, name->label);
  if (!stream) {
    throw ApiError{ErrorCode::kResourceNotFound,
                   "Requested resource not found: Stream: " + std::string(arn) + " not found",
                   {}};
  }
  return *stream;
}

StoredShard require_shard(Context& context, const StoredStream& stream, std::string_view shard_id) {
  auto shard =
      context.store().stream_log().shards().find(stream.table_name, stream.label, shard_id);
  if (!shard) {
    throw ApiError{
        ErrorCode::kResourceNotFound, "Requested resource not found: Shard does not exist", {}};
  }
  return *shard;
}

int64_t shard_trim_horizon(const StoredStream& stream, const StoredShard& shard) {
  const int64_t horizon = std::max(shard.start_seq, stream.trim_horizon());
  // A closed shard whose records are all trimmed: just past its end.
  return shard.open() ? horizon : std::min(horizon, shard.last_seq() + 1);
}

std::string arn_of(const Context& context, const StoredStream& stream) {
  return stream_arn(context.options().region, context.options().account_id, stream.table_name,
                    stream.label);
}

void trim_stream_log(Context& context) {
  WriteTransaction txn(context.store().connection());
  context.store().stream_log().trim(context.now_ms());
  txn.commit();
}

}  // namespace dynamini
