#include "backups/point_in_time_window.h"

#include <algorithm>

#include "dynamini/api_error.h"

namespace dynamini {

std::optional<RestorableWindow> restorable_window(Context& context, const TableDef& def) {
  auto settings = context.store().point_in_time().settings(def);
  if (!settings) return std::nullopt;
  const int64_t now = context.now_ms();
  const int64_t period_ms = settings->recovery_days * 24LL * 60 * 60 * 1000;
  return RestorableWindow{std::max(settings->enabled_ms, now - period_ms), now};
}

api::ContinuousBackupsDescription continuous_backups_description(Context& context,
                                                                 const TableDef& def) {
  api::ContinuousBackupsDescription out;
  out.continuous_backups_status = api::ContinuousBackupsStatus::kEnabled;
  auto& pitr = out.point_in_time_recovery_description.emplace();
  auto settings = context.store().point_in_time().settings(def);
  auto window = restorable_window(context, def);
  if (!settings || !window) {
    pitr.point_in_time_recovery_status = api::PointInTimeRecoveryStatus::kDisabled;
    return out;
  }
  pitr.point_in_time_recovery_status = api::PointInTimeRecoveryStatus::kEnabled;
  pitr.recovery_period_in_days = settings->recovery_days;
  pitr.earliest_restorable_date_time = static_cast<double>(window->earliest_ms) / 1000.0;
  pitr.latest_restorable_date_time = static_cast<double>(window->latest_ms) / 1000.0;
  return out;
}

std::shared_ptr<const TableDef> require_source_table(Context& context, const std::string& name) {
  auto table = context.find_table(name);
  if (!table) throw ApiError{ErrorCode::kTableNotFound, "Table not found: " + name, {}};
  return table;
}

}  // namespace dynamini
