#pragma once

// A table's point-in-time recovery window and its description
// (DescribeContinuousBackups, UpdateContinuousBackups, restores, exports).
//
// EarliestRestorableDateTime is the later of the moment recovery was enabled
// and now minus RecoveryPeriodInDays. LatestRestorableDateTime is now: the
// log is written with each write (storage/point_in_time_log.h), so every
// acknowledged write can be restored to at once. DynamoDB's trails the
// current time by about five minutes (API reference,
// PointInTimeRecoveryDescription); a local emulator has no reason to.

#include <cstdint>
#include <optional>

#include "context/context.h"
#include "dynamini/shapes.h"

namespace dynamini {

struct RestorableWindow {
  int64_t earliest_ms = 0;
  int64_t latest_ms = 0;
};

// nullopt when recovery is disabled. REQUIRES: the storage lock held.
std::optional<RestorableWindow> restorable_window(Context& context, const TableDef& def);

// ContinuousBackupsStatus is ENABLED on every table (DynamoDB's turns so a
// few seconds after creation: ack-api-quirks DDB-TABLE-111); the recovery
// description carries its period and window only while enabled
// (DDB-TABLE-083). REQUIRES: the storage lock held.
api::ContinuousBackupsDescription continuous_backups_description(Context& context,
                                                                 const TableDef& def);

// The table a continuous-backups operation names, or TableNotFoundException
// "Table not found: <name>" (ack-api-quirks DDB-TABLE-217, observed on
// DynamoDB). REQUIRES: the storage lock held.
std::shared_ptr<const TableDef> require_source_table(Context& context, const std::string& name);

}  // namespace dynamini
