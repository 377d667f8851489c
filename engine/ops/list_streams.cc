#include "dynamini/api_error.h"
#include "ops/operations.h"
#include "ops/stream_lookup.h"
#include "streams/stream_settings.h"
#include "validation/request_members.h"

namespace dynamini {

// ListStreams (DynamoDB Streams): the retained streams, optionally of one
// table, ordered by table name and label, paged by ExclusiveStartStreamArn.
void list_streams(Engine& engine, const Json& request, JsonWriter& out) {
  ShapeErrors errors;
  auto table_name = string_member(request, "TableName");
  errors.name(table_name, "tableName", false);
  auto limit = integer_member(request, "Limit");
  errors.range(limit, "limit", 1, 100);  // "the upper limit is 100" (API reference)
  auto start = string_member(request, "ExclusiveStartStreamArn");
  check_length(errors, start, "exclusiveStartStreamArn", 37, 1024);
  errors.throw_if_any();
  std::optional<StreamName> start_name;
  if (start) {
    start_name = parse_stream_arn(*start);
    if (!start_name) throw validation_error("Invalid ExclusiveStartStreamArn");
  }

  std::vector<StoredStream> streams;
  {
    std::lock_guard lock(engine.storage_mutex());
    WriteTransaction txn(engine.store().connection());
    engine.store().stream_log().trim(engine.now_ms());
    streams = engine.store().stream_log().streams();
    txn.commit();
  }
  std::vector<const StoredStream*> page;
  bool more = false;
  const size_t max = static_cast<size_t>(limit.value_or(100));
  for (const auto& s : streams) {
    if (table_name && s.table_name != *table_name) continue;
    if (start_name && std::tie(s.table_name, s.label) <=
                          std::tie(start_name->table_name, start_name->label)) {
      continue;
    }
    if (page.size() == max) {
      more = true;
      break;
    }
    page.push_back(&s);
  }
  out.StartObject();
  out.Key("Streams");
  out.StartArray();
  for (const auto* s : page) {
    out.StartObject();
    out.Key("StreamArn");
    write_string(out, arn_of(engine, *s));
    out.Key("TableName");
    write_string(out, s->table_name);
    out.Key("StreamLabel");
    write_string(out, s->label);
    out.EndObject();
  }
  out.EndArray();
  if (more) {
    out.Key("LastEvaluatedStreamArn");
    write_string(out, arn_of(engine, *page.back()));
  }
  out.EndObject();
}

}  // namespace dynamini
