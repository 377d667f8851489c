#include "backup_lookup.h"

#include "backups/recovery_arns.h"
#include "dynamini/api_error.h"

namespace dynamini {

void expire_system_backups(Context& context) {
  const int64_t now = context.now_ms();
  auto& backups = context.store().backups();
  for (const auto& backup : backups.all()) {
    if (backup.expiry_ms && *backup.expiry_ms <= now) {
      WriteTransaction txn(context.store().connection());
      backups.remove(backup);
      txn.commit();
    }
  }
}

StoredBackup require_backup(Context& context, const std::string& arn) {
  const std::string key = resource_arn_key(context, arn, ResourceKind::kBackup);
  expire_system_backups(context);
  auto backup = context.store().backups().find(key);
  if (!backup) throw ApiError{ErrorCode::kBackupNotFound, "Backup not found: " + arn, {}};
  return *backup;
}

}  // namespace dynamini
