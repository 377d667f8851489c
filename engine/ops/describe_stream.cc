// DescribeStream (DynamoDB Streams): a stream's status, view type, key schema
// and its single shard.

#include <mutex>

#include "ops/operations.h"
#include "ops/stream_lookup.h"
#include "streams/shard_iterator.h"
#include "streams/stream_record.h"

namespace dynamini {
namespace {

// The table's key schema as the stream log keeps it:
// [{"AttributeName":..,"KeyType":"HASH"},...].
std::vector<api::KeySchemaElement> key_schema_of(const StoredStream& stream) {
  StackJsonDocument<1024> doc;
  doc.Parse(stream.key_schema_json.data(), stream.key_schema_json.size());
  std::vector<api::KeySchemaElement> schema;
  for (const auto& element : doc.GetArray()) {
    const auto& type = element["KeyType"];
    schema.push_back(
        {std::string(element["AttributeName"].GetString()),
         Enum<api::KeyType>::from_wire(std::string(type.GetString(), type.GetStringLength()))});
  }
  return schema;
}

api::Shard shard_of(const StoredStream& stream) {
  api::Shard shard;
  shard.shard_id = shard_id_of(stream);
  auto& range = shard.sequence_number_range.emplace();
  range.starting_sequence_number = format_sequence_number(stream.start_seq);
  if (stream.end_seq) {
    range.ending_sequence_number =
        format_sequence_number(std::max(*stream.end_seq, stream.start_seq));
  }
  return shard;
}

}  // namespace

DescribeStreamResponse DescribeStreamOperation::run(Context& context, const Request& request,
                                                    const ExecuteOptions&) {
  StoredStream stream;
  {
    std::lock_guard lock(context.storage_mutex());
    trim_stream_log(context);
    stream = require_stream(context, *request.stream_arn);
  }
  DescribeStreamResponse response;
  auto& d = response.stream_description.emplace();
  d.stream_arn = arn_of(context, stream);
  d.stream_label = stream.label;
  d.stream_status = stream.enabled() ? api::StreamStatus::kEnabled : api::StreamStatus::kDisabled;
  d.stream_view_type = Enum<api::StreamViewType>::from_wire(stream.view_type);
  d.creation_request_date_time = static_cast<double>(stream.created_ms) / 1000.0;
  d.table_name = stream.table_name;
  d.key_schema = key_schema_of(stream);
  auto& shards = d.shards.emplace();
  // One shard; a start after it (or after any id sorting at or past it)
  // leaves nothing to list.
  api::Shard shard = shard_of(stream);
  const auto& start = request.exclusive_start_shard_id;
  if (!start || *start < *shard.shard_id) shards.push_back(std::move(shard));
  return response;
}

}  // namespace dynamini
