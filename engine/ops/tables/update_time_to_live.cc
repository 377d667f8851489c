// UpdateTimeToLive: enables or disables TTL on one attribute. The change is
// immediate (DynamoDB passes through ENABLING/DISABLING for up to an hour).

#include <mutex>

#include "dynamini/api_error.h"
#include "operation/operations.h"

namespace dynamini {

UpdateTimeToLiveResponse UpdateTimeToLiveOperation::run(Context& context, const Request& request,
                                                        const ExecuteOptions&) {
  const api::TimeToLiveSpecification& spec = *request.time_to_live_specification;
  const bool enabled = *spec.enabled;
  const std::string& attribute = *spec.attribute_name;
  // An empty name is the shape's length error (TimeToLiveAttributeName: 1 to
  // 255), as DynamoDB reports it (scylladb test/alternator/test_ttl.py).
  {
    std::lock_guard lock(context.storage_mutex());
    auto table = context.require_named_table(*request.table_name, "UpdateTimeToLive");
    // Not confirmed for UpdateTimeToLive: a table still CREATING answers as
    // UpdateTable does (ResourceInUseException, context/table_lifecycle.h).
    if (context.lifecycle().status(table->name, context.now_ms()) ==
        TableLifecycle::Status::kCreating) {
      context.require_changeable_table(table->name, "UpdateTimeToLive");
    }
    // Messages from DynamoDB's ValidationException catalogue (ack-api-quirks
    // dynamodb DDB-TABLE-442, UpdateTimeToLive).
    if (enabled && table->ttl.enabled) throw validation_error("TimeToLive is already enabled");
    if (!enabled && !table->ttl.enabled) throw validation_error("TimeToLive is already disabled");
    if (!enabled && table->ttl.attribute != attribute) {
      throw validation_error(
          "TimeToLive is active on a different AttributeName: current AttributeName is " +
          table->ttl.attribute);
    }
    TableDef def = *table;
    def.ttl.enabled = enabled;
    def.ttl.attribute = enabled ? attribute : std::string();
    context.save_table_definition(std::move(def));
  }
  return {api::TimeToLiveSpecification{enabled, attribute}};
}

}  // namespace dynamini
