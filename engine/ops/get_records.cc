#include "dynamini/api_error.h"
#include "ops/operations.h"
#include "ops/stream_lookup.h"
#include "streams/shard_iterator.h"
#include "validation/request_members.h"

namespace dynamini {

// GetRecords (DynamoDB Streams): up to Limit records from a shard iterator,
// oldest first, and the iterator to continue with (absent once a disabled
// stream's shard is read to its end).
void get_records(Engine& engine, const Json& request, JsonWriter& out) {
  ShapeErrors errors;
  auto text = string_member(request, "ShardIterator");
  errors.require(text.has_value(), "shardIterator");
  check_length(errors, text, "shardIterator", 1, 2048);
  auto limit = integer_member(request, "Limit");
  errors.range(limit, "limit", 1, 1000);  // "The upper limit is 1000" (API reference)
  errors.throw_if_any();
  auto iterator = decode_shard_iterator(*text);
  if (!iterator) throw validation_error("Invalid ShardIterator");

  std::vector<StoredRecord> records;
  ShardIterator next = *iterator;
  bool closed_and_done = false;
  {
    std::lock_guard lock(engine.storage_mutex());
    const int64_t now = engine.now_ms();
    if (now - iterator->issued_ms > kShardIteratorLifetimeMs) {
      // catalogue-exempt: needs time to pass; tests/engine/streams_api_test.cc with the injected clock
      throw ApiError{ErrorCode::kExpiredIterator,
                     "Iterator expired. The iterator was created " +
                         std::to_string((now - iterator->issued_ms) / 1000) +
                         " seconds ago; shard iterators expire after 15 minutes", {}};
    }
    StreamLog& log = engine.store().stream_log();
    WriteTransaction txn(engine.store().connection());
    log.trim(now);
    txn.commit();
    StoredStream stream = require_stream(engine, iterator->stream_arn);
    if (iterator->position < stream.trim_horizon()) {
      // catalogue-exempt: needs time to pass; tests/engine/streams_api_test.cc with the injected clock
      throw ApiError{ErrorCode::kTrimmedDataAccess,
                     "The operation attempted to read past the oldest stream record in a shard",
                     {}};
    }
    records = log.read_stream(stream, iterator->position, limit.value_or(1000));
    next.issued_ms = now;
    if (!records.empty()) next.position = records.back().seq + 1;
    closed_and_done = stream.end_seq && next.position > *stream.end_seq;
  }
  out.StartObject();
  out.Key("Records");
  out.StartArray();
  for (const auto& r : records) out.RawValue(r.json.data(), r.json.size(), rapidjson::kObjectType);
  out.EndArray();
  if (!closed_and_done) {
    out.Key("NextShardIterator");
    write_string(out, encode_shard_iterator(next));
  }
  out.EndObject();
}

}  // namespace dynamini
