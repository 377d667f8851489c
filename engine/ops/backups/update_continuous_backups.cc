// UpdateContinuousBackups: point-in-time recovery on or off. Enabling starts
// the undo log (storage/point_in_time_log.h) and the window; on an enabled
// table it changes the period and keeps the window's start. Disabling
// forgets the log: a later enable starts a new window (DynamoDB's rule: API
// reference and ack-api-quirks DDB-TABLE-084, observed on DynamoDB).

#include <mutex>

#include "backups/point_in_time_window.h"
#include "dynamini/api_error.h"
#include "operation/operations.h"

namespace dynamini {

UpdateContinuousBackupsResponse UpdateContinuousBackupsOperation::run(Context& context,
                                                                      const Request& request,
                                                                      const ExecuteOptions&) {
  const auto& spec = *request.point_in_time_recovery_specification;
  const bool enable = *spec.point_in_time_recovery_enabled;
  if (!enable && spec.recovery_period_in_days) {
    // ack-api-quirks DDB-TABLE-084 (observed on DynamoDB).
    throw validation_error(
        "Invalid Request: Cannot specify RecoveryPeriodInDays when disabling point-in-time "
        "recovery.");
  }
  std::lock_guard lock(context.storage_mutex());
  auto table = require_source_table(context, *request.table_name);
  WriteTransaction txn(context.store().connection());
  // RecoveryPeriodInDays "will default to 35" (API reference).
  if (enable) {
    context.store().point_in_time().enable(*table, spec.recovery_period_in_days.value_or(35));
  } else {
    context.store().point_in_time().disable(*table);
  }
  txn.commit();
  return {continuous_backups_description(context, *table)};
}

}  // namespace dynamini
