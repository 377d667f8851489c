#include "dynamini/api_error.h"
#include "ops/operations.h"
#include "ops/stream_lookup.h"
#include "streams/shard_iterator.h"
#include "streams/stream_record.h"
#include "validation/request_members.h"

namespace dynamini {

// DescribeStream (DynamoDB Streams): a stream's status, view type, key schema
// and its single shard.
void describe_stream(Engine& engine, const Json& request, JsonWriter& out) {
  ShapeErrors errors;
  auto arn = string_member(request, "StreamArn");
  errors.require(arn.has_value(), "streamArn");
  // The API reference's 37-character minimum is not enforced as a length
  // error: a short ARN ("fake-stream") is answered "Invalid StreamArn"
  // (aws-sdk-js integration test, DynamoDBStreams "handles errors").
  check_length(errors, arn, "streamArn", 1, 1024);
  auto limit = integer_member(request, "Limit");
  errors.range(limit, "limit", 1, 100);
  auto start_shard = string_member(request, "ExclusiveStartShardId");
  check_length(errors, start_shard, "exclusiveStartShardId", 28, 65);
  errors.throw_if_any();

  StoredStream stream;
  {
    std::lock_guard lock(engine.storage_mutex());
    WriteTransaction txn(engine.store().connection());
    engine.store().stream_log().trim(engine.now_ms());
    txn.commit();
    stream = require_stream(engine, *arn);
  }
  const std::string shard_id = shard_id_of(stream);
  out.StartObject();
  out.Key("StreamDescription");
  out.StartObject();
  out.Key("StreamArn");
  write_string(out, arn_of(engine, stream));
  out.Key("StreamLabel");
  write_string(out, stream.label);
  out.Key("StreamStatus");
  out.String(stream.enabled() ? "ENABLED" : "DISABLED");
  out.Key("StreamViewType");
  write_string(out, stream.view_type);
  out.Key("CreationRequestDateTime");
  out.Double(static_cast<double>(stream.created_ms) / 1000.0);
  out.Key("TableName");
  write_string(out, stream.table_name);
  out.Key("KeySchema");
  out.RawValue(stream.key_schema_json.data(), stream.key_schema_json.size(), rapidjson::kArrayType);
  out.Key("Shards");
  out.StartArray();
  // One shard; a start after it (or after any id sorting at or past it)
  // leaves nothing to list.
  if (!start_shard || *start_shard < shard_id) {
    out.StartObject();
    out.Key("ShardId");
    write_string(out, shard_id);
    out.Key("SequenceNumberRange");
    out.StartObject();
    out.Key("StartingSequenceNumber");
    write_string(out, format_sequence_number(stream.start_seq));
    if (stream.end_seq) {
      out.Key("EndingSequenceNumber");
      write_string(out, format_sequence_number(std::max(*stream.end_seq, stream.start_seq)));
    }
    out.EndObject();
    out.EndObject();
  }
  out.EndArray();
  out.EndObject();
  out.EndObject();
}

}  // namespace dynamini
