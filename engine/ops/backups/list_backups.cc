// ListBackups: the account's backups, oldest first, filtered by table, type
// and creation time, a page at a time. Behaviour observed on DynamoDB
// (ack-api-quirks DDB-BACKUP-014): BackupType defaults to USER (SYSTEM
// backups hidden), the time range is [lower, upper) at millisecond precision,
// a lower bound after the upper is refused, a table that does not exist lists
// nothing, and ExclusiveStartBackupArn is a pure cursor (a deleted backup's
// ARN resumes after its place). Without Limit every match is one page.

#include <cmath>
#include <mutex>

#include "backup_description.h"
#include "backup_lookup.h"
#include "backups/recovery_arns.h"
#include "operation/operations.h"

namespace dynamini {
namespace {

int64_t to_ms(double seconds) { return std::llround(seconds * 1000.0); }

bool type_matches(const StoredBackup& backup, const std::optional<Enum<api::BackupTypeFilter>>& f) {
  if (!f || *f == api::BackupTypeFilter::kUser) return backup.type == "USER";
  if (*f == api::BackupTypeFilter::kSystem) return backup.type == "SYSTEM";
  if (*f == api::BackupTypeFilter::kAll) return true;
  return false;  // AWS_BACKUP: none here
}

// A backup's place in the list: its creation time (the ARN id's first 14
// digits), then its ARN.
std::pair<int64_t, std::string> place_of_arn(const std::string& arn) {
  const size_t at = arn.rfind("/backup/");
  int64_t ms = 0;
  if (at != std::string::npos) {
    try {
      ms = std::stoll(arn.substr(at + 8, 14));
    } catch (const std::exception&) {  // not digits: sorts first
    }
  }
  return {ms, arn};
}

bool matches(const StoredBackup& b, const ListBackupsRequest& r) {
  if (r.table_name && b.table_name != *r.table_name) return false;
  if (!type_matches(b, r.backup_type)) return false;
  if (r.time_range_lower_bound && b.created_ms < to_ms(*r.time_range_lower_bound)) return false;
  if (r.time_range_upper_bound && b.created_ms >= to_ms(*r.time_range_upper_bound)) return false;
  return true;
}

}  // namespace

ListBackupsResponse ListBackupsOperation::run(Context& context, const Request& request,
                                              const ExecuteOptions&) {
  if (request.time_range_lower_bound && request.time_range_upper_bound &&
      *request.time_range_lower_bound > *request.time_range_upper_bound) {
    // ack-api-quirks DDB-BACKUP-014 (observed on DynamoDB).
    throw validation_error("Time range lower bound must be less than or equal to upper bound");
  }
  std::optional<std::pair<int64_t, std::string>> after;
  if (request.exclusive_start_backup_arn) {
    after = place_of_arn(
        resource_arn_key(context, *request.exclusive_start_backup_arn, ResourceKind::kBackup));
  }
  std::vector<StoredBackup> backups;
  {
    std::lock_guard lock(context.storage_mutex());
    expire_system_backups(context);
    backups = context.store().backups().all();
  }
  const size_t limit = request.limit ? static_cast<size_t>(*request.limit) : backups.size();
  ListBackupsResponse response;
  auto& page = response.backup_summaries.emplace();
  for (const auto& b : backups) {
    if (!matches(b, request)) continue;
    if (after && std::make_pair(b.created_ms, b.arn) <= *after) continue;
    if (page.size() == limit) {
      response.last_evaluated_backup_arn = page.back().backup_arn;
      break;
    }
    page.push_back(backup_summary(context, b));
  }
  return response;
}

}  // namespace dynamini
