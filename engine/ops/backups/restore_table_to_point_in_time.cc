// RestoreTableToPointInTime: a new table holding the source's items as they
// were at RestoreDateTime (or LatestRestorableDateTime, which is now: see
// backups/point_in_time_window.h), to the millisecond. The source's items are
// copied and the writes logged after that time undone, newest first
// (storage/point_in_time_log.h), in one hold of the storage lock; indexes are
// the source's current ones, with the request's overrides
// (ops/backups/table_restore.h). The response says CREATING with a RestoreSummary.
//
// Checks in DynamoDB's order (ack-api-quirks DDB-TABLE-100 and DDB-TABLE-272,
// observed on DynamoDB): the request's members, the source table, recovery
// enabled, the time, the target name.

#include <cmath>
#include <mutex>

#include "backups/point_in_time_window.h"
#include "backups/recovery_arns.h"
#include "dynamini/api_error.h"
#include "operation/operations.h"
#include "table_restore.h"
#include "tables/table_arn.h"
#include "values/iso_time.h"

namespace dynamini {
namespace {

std::string source_name(const RestoreTableToPointInTimeRequest& r) {
  // Messages: ack-api-quirks DDB-TABLE-272 (observed on DynamoDB).
  if (r.source_table_arn && r.source_table_name) {
    throw validation_error("Must provide exactly one of: sourceTableArn, sourceTableName");
  }
  if (!r.source_table_name && !r.source_table_arn) {
    throw validation_error("The parameter 'TableName' is required");
  }
  if (r.source_table_name) return *r.source_table_name;
  try {
    return table_name_of_arn(r.source_table_arn);
  } catch (const ApiError&) {
    throw validation_error("sourceTableArn is not a valid ARN");
  }
}

void check_time_members(const RestoreTableToPointInTimeRequest& r) {
  const bool latest = r.use_latest_restorable_time.value_or(false);
  // ack-api-quirks DDB-TABLE-100 (observed on DynamoDB; the first message's
  // end, after "Pleas", was cut in the recording).
  if (latest && r.restore_date_time) {
    throw validation_error(
        "Invalid Request: Both RestoreDateTime and UseLatestRestorableTime cannot be set for "
        "point-in-time restore request. Please specify only one of them.");
  }
  if (!latest && !r.restore_date_time) {
    throw validation_error(
        "Invalid Request: Either one of RestoreDateTime or UseLatestRestorableTime must be "
        "specified, but not both");
  }
}

// The time to restore to, checked against the window. The window's start is
// taken at its whole second, so a RestoreDateTime given in seconds can name
// the second recovery was enabled in.
int64_t restore_time(const RestoreTableToPointInTimeRequest& r, const RestorableWindow& window) {
  if (r.use_latest_restorable_time.value_or(false)) return window.latest_ms;
  const int64_t at = std::llround(*r.restore_date_time * 1000.0);
  const int64_t earliest = window.earliest_ms - window.earliest_ms % 1000;
  if (at < earliest || at > window.latest_ms) {
    // ack-api-quirks DDB-TABLE-100 (observed on DynamoDB; the text after
    // "LatestRestor" was cut in the recording). The window varies per run:
    // catalogue-exempt: tests/e2e/test_backups.py (point-in-time case)
    throw ApiError{ErrorCode::kInvalidRestoreTime,
                   "RestoreDateTime '" + iso_time_seconds(at) +
                       "' must be within EarliestRestorableDateTime '" +
                       iso_time_seconds(window.earliest_ms) + "' and LatestRestorableDateTime '" +
                       iso_time_seconds(window.latest_ms) + "'",
                   {}};
  }
  return at;
}

}  // namespace

RestoreTableToPointInTimeResponse RestoreTableToPointInTimeOperation::run(Context& context,
                                                                          const Request& request,
                                                                          const ExecuteOptions&) {
  const std::string name = source_name(request);
  check_time_members(request);
  std::lock_guard lock(context.storage_mutex());
  auto source = require_source_table(context, name);
  auto window = restorable_window(context, *source);
  if (!window) {
    // The export's text (moto test_dynamodb_export_table.py, aws_verified),
    // which RestoreTableToPointInTime answers too (ack-api-quirks DDB-TABLE-272).
    throw ApiError{ErrorCode::kPointInTimeRecoveryUnavailable,
                   "Point in time recovery is not enabled for table '" + name + "'",
                   {}};
  }
  const int64_t at = restore_time(request, *window);
  TableDef def =
      restored_definition(*source, restore_overrides(request), *request.target_table_name);
  auto created = create_restored_table(context, std::move(def), [&](const TableDef& target) {
    context.store().copy_item_rows(source->storage_table(), target.storage_table());
    context.store().point_in_time().rewind(*source, target.storage_table(), at);
  });
  api::RestoreSummary summary;
  summary.source_table_arn = table_arn_of(context, source->name);
  summary.restore_date_time = static_cast<double>(at) / 1000.0;
  return {restored_table_description(context, *created, std::move(summary))};
}

}  // namespace dynamini
