// DescribeTimeToLive: ENABLED with the attribute, or DISABLED.

#include <mutex>

#include "ops/operations.h"

namespace dynamini {

DescribeTimeToLiveResponse DescribeTimeToLiveOperation::run(Context& context,
                                                            const Request& request,
                                                            const ExecuteOptions&) {
  TimeToLiveSettings ttl;
  {
    std::lock_guard lock(context.storage_mutex());
    ttl = context.require_named_table(*request.table_name)->ttl;
  }
  DescribeTimeToLiveResponse response;
  auto& description = response.time_to_live_description.emplace();
  description.time_to_live_status =
      ttl.enabled ? api::TimeToLiveStatus::kEnabled : api::TimeToLiveStatus::kDisabled;
  if (ttl.enabled) description.attribute_name = ttl.attribute;
  return response;
}

}  // namespace dynamini
