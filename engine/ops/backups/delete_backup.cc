// DeleteBackup: removes the backup and its items at once; the response shows
// it DELETED and later calls do not find it (ack-api-quirks DDB-BACKUP-005).
// SYSTEM backups cannot be deleted; they expire 35 days after their table was
// deleted (DDB-BACKUP-015).

#include <mutex>

#include "backup_description.h"
#include "backup_lookup.h"
#include "dynamini/api_error.h"
#include "operation/operations.h"
#include "values/iso_time.h"

namespace dynamini {
DeleteBackupResponse DeleteBackupOperation::run(Context& context, const Request& request,
                                                const ExecuteOptions&) {
  std::lock_guard lock(context.storage_mutex());
  StoredBackup backup = require_backup(context, *request.backup_arn);
  if (backup.type == "SYSTEM") {
    // ack-api-quirks DDB-BACKUP-015 (observed on DynamoDB; the timestamp's
    // format is dynamini's). The expiry time varies per run:
    // catalogue-exempt: tests/e2e/test_backups.py (system backup case)
    throw validation_error("User is not allowed to delete the system backup with arn " +
                           backup.arn + ". It will automatically expire on " +
                           iso_time_ms(backup.expiry_ms.value_or(0)));
  }
  DeleteBackupResponse response{backup_description(context, backup, api::BackupStatus::kDeleted)};
  WriteTransaction txn(context.store().connection());
  context.store().backups().remove(backup);
  txn.commit();
  return response;
}

}  // namespace dynamini
