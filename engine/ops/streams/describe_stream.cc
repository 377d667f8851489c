// DescribeStream (DynamoDB Streams): a stream's status, view type, key schema
// and its shards, paged by ExclusiveStartShardId and Limit, or only the
// children of one shard (ShardFilter CHILD_SHARDS).

#include <mutex>

#include "dynamini/api_error.h"
#include "operation/operations.h"
#include "storage/stream_record.h"
#include "stream_lookup.h"

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

// "If the SequenceNumberRange has a StartingSequenceNumber but no
// EndingSequenceNumber, then the shard is still open" (API reference,
// DescribeStream).
api::Shard shard_of(const StoredShard& stored) {
  api::Shard shard;
  shard.shard_id = stored.shard_id;
  shard.parent_shard_id = stored.parent_shard_id;
  auto& range = shard.sequence_number_range.emplace();
  range.starting_sequence_number = format_sequence_number(stored.start_seq);
  if (!stored.open()) range.ending_sequence_number = format_sequence_number(stored.last_seq());
  return shard;
}

// Both members of a ShardFilter are optional in the service model; a filter
// lacking either cannot name children. The messages are dynamini's (not
// confirmed against DynamoDB).
void check_shard_filter(const api::ShardFilter& filter) {
  if (!filter.type) {
    throw validation_error("Invalid ShardFilter: Type is required; the only type is CHILD_SHARDS");
  }
  if (!filter.shard_id) {
    throw validation_error("Invalid ShardFilter: ShardId is required with type CHILD_SHARDS");
  }
}

// The shards a ShardFilter keeps: the children of its ShardId. A ShardId that
// is not a shard of the stream (nor the parent of one) is
// ResourceNotFoundException: the DynamoDB Streams Kinesis Adapter catches
// that exception from DescribeStream with a ShardFilter
// (DynamoDBStreamsShardDetector.listShardsWithFilter: "Shard not found
// during child-shard discovery").
std::vector<StoredShard> children_only(std::vector<StoredShard> shards,
                                       const api::ShardFilter& filter) {
  const std::string& parent = *filter.shard_id;
  bool known = false;
  std::vector<StoredShard> children;
  for (auto& shard : shards) {
    known = known || shard.shard_id == parent;
    if (shard.parent_shard_id == parent) children.push_back(std::move(shard));
  }
  if (!known && children.empty()) {
    throw ApiError{
        ErrorCode::kResourceNotFound, "Requested resource not found: Shard does not exist", {}};
  }
  return children;
}

// Shards after ExclusiveStartShardId (in shard id order), at most Limit
// (default and most 100, API reference DescribeStream); LastEvaluatedShardId
// names the last one when more follow. An ExclusiveStartShardId that is no
// shard of the stream is not an error: the shards ordered after it are
// listed (scylladb test_streams.py
// test_describe_stream_with_nonexistent_last_shard, run against DynamoDB:
// an empty list).
void page_of_shards(const std::vector<StoredShard>& shards, const DescribeStreamRequest& request,
                    api::StreamDescription& d) {
  const size_t limit = static_cast<size_t>(request.limit.value_or(100));
  const auto& start = request.exclusive_start_shard_id;
  auto& page = d.shards.emplace();
  for (const auto& shard : shards) {
    if (start && shard.shard_id <= *start) continue;
    if (page.size() == limit) {
      d.last_evaluated_shard_id = page.back().shard_id;
      break;
    }
    page.push_back(shard_of(shard));
  }
}

}  // namespace

DescribeStreamResponse DescribeStreamOperation::run(Context& context, const Request& request,
                                                    const ExecuteOptions&) {
  if (request.shard_filter) check_shard_filter(*request.shard_filter);
  StoredStream stream;
  std::vector<StoredShard> shards;
  {
    std::lock_guard lock(context.storage_mutex());
    trim_stream_log(context);
    stream = require_stream(context, *request.stream_arn);
    shards = context.store().stream_log().shards().list(stream.table_name, stream.label);
  }
  if (request.shard_filter) shards = children_only(std::move(shards), *request.shard_filter);
  DescribeStreamResponse response;
  auto& d = response.stream_description.emplace();
  d.stream_arn = arn_of(context, stream);
  d.stream_label = stream.label;
  d.stream_status = stream.enabled() ? api::StreamStatus::kEnabled : api::StreamStatus::kDisabled;
  d.stream_view_type = Enum<api::StreamViewType>::from_wire(stream.view_type);
  d.creation_request_date_time = static_cast<double>(stream.created_ms) / 1000.0;
  d.table_name = stream.table_name;
  d.key_schema = key_schema_of(stream);
  page_of_shards(shards, request, d);
  return response;
}

}  // namespace dynamini
