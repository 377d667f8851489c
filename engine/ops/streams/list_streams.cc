// ListStreams (DynamoDB Streams): the retained streams, optionally of one
// table, ordered by table name and label, paged by ExclusiveStartStreamArn.

#include <mutex>
#include <tuple>

#include "catalog/stream_settings.h"
#include "dynamini/api_error.h"
#include "operation/operations.h"
#include "stream_lookup.h"

namespace dynamini {

ListStreamsResponse ListStreamsOperation::run(Context& context, const Request& request,
                                              const ExecuteOptions&) {
  std::optional<StreamName> start;
  if (request.exclusive_start_stream_arn) {
    start = parse_stream_arn(*request.exclusive_start_stream_arn);
    if (!start) throw validation_error("Invalid ExclusiveStartStreamArn");
  }
  std::vector<StoredStream> streams;
  {
    std::lock_guard lock(context.storage_mutex());
    trim_stream_log(context);
    streams = context.store().stream_log().streams();
  }
  ListStreamsResponse response;
  auto& page = response.streams.emplace();
  const size_t max = static_cast<size_t>(request.limit.value_or(100));
  for (const auto& s : streams) {
    if (request.table_name && s.table_name != *request.table_name) continue;
    if (start && std::tie(s.table_name, s.label) <= std::tie(start->table_name, start->label)) {
      continue;
    }
    if (page.size() == max) {
      response.last_evaluated_stream_arn = page.back().stream_arn;
      break;
    }
    page.push_back({arn_of(context, s), s.table_name, s.label});
  }
  return response;
}

}  // namespace dynamini
