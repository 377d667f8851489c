// CreateBackup: copies the table's items into a backup kept in the database
// (storage/backup_store.h), in one transaction under the storage lock. The
// response says CREATING, as DynamoDB's does; DescribeBackup says AVAILABLE
// (ack-api-quirks DDB-BACKUP-003: DynamoDB's small backups are AVAILABLE
// ~50 ms later). Backups are available as soon as a table exists: the
// ContinuousBackupsUnavailableException DynamoDB answers in a table's first
// seconds does not happen here.

#include <mutex>

#include "backup_description.h"
#include "backups/recovery_arns.h"
#include "dynamini/api_error.h"
#include "operation/operations.h"

namespace dynamini {

CreateBackupResponse CreateBackupOperation::run(Context& context, const Request& request,
                                                const ExecuteOptions&) {
  const std::string& name = *request.table_name;
  std::lock_guard lock(context.storage_mutex());
  auto table = context.find_table(name);
  // ack-api-quirks DDB-BACKUP-001 (observed on DynamoDB).
  if (!table) throw ApiError{ErrorCode::kTableNotFound, "Table not found: " + name, {}};
  const int64_t now = context.now_ms();
  StoredBackup backup;
  backup.arn = table_arn_of(context, table->name) + "/backup/" + new_resource_id(now);
  backup.name = *request.backup_name;
  backup.type = "USER";
  backup.created_ms = now;
  WriteTransaction txn(context.store().connection());
  StoredBackup stored = context.store().backups().create(*table, std::move(backup));
  txn.commit();
  return {backup_details(stored, api::BackupStatus::kCreating)};
}

}  // namespace dynamini
