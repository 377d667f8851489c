// DescribeTimeToLive: ENABLED with the attribute, or DISABLED.

#include <mutex>

#include "dynamini/api_error.h"
#include "operation/operations.h"

namespace dynamini {

DescribeTimeToLiveResponse DescribeTimeToLiveOperation::run(Context& context,
                                                            const Request& request,
                                                            const ExecuteOptions&) {
  TimeToLiveSettings ttl;
  {
    std::lock_guard lock(context.storage_mutex());
    const std::string name = context.table_name_of(*request.table_name, "DescribeTimeToLive");
    // ack-api-quirks DDB-TABLE-442: "Cannot describe time to live while table
    // is in CREATING state: Current table state is CREATING" (and DELETING).
    const char* state = nullptr;
    if (context.lifecycle().deleted(name, context.now_ms())) state = "DELETING";
    auto table = state ? nullptr : context.require_named_table(name, "DescribeTimeToLive");
    if (table &&
        context.lifecycle().status(name, context.now_ms()) == TableLifecycle::Status::kCreating) {
      state = "CREATING";
    }
    if (state) {
      // catalogue-exempt: needs transient delays; tests/engine/table_lifecycle_test.cc
      throw validation_error("Cannot describe time to live while table is in " +
                             std::string(state) + " state: Current table state is " + state);
    }
    ttl = table->ttl;
  }
  DescribeTimeToLiveResponse response;
  auto& description = response.time_to_live_description.emplace();
  description.time_to_live_status =
      ttl.enabled ? api::TimeToLiveStatus::kEnabled : api::TimeToLiveStatus::kDisabled;
  if (ttl.enabled) description.attribute_name = ttl.attribute;
  return response;
}

}  // namespace dynamini
