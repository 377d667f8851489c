#pragma once

// Finding backups for the backup operations.

#include <string>

#include "context/context.h"
#include "storage/backup_store.h"

namespace dynamini {

// Deletes the SYSTEM backups whose 35 days have passed (by the injected
// clock). REQUIRES: the storage lock held.
void expire_system_backups(Context& context);

// The backup `arn` names. Throws ValidationException for an ARN of another
// shape (backups/recovery_arns.h) and BackupNotFoundException "Backup not found:
// <arn>" (ack-api-quirks DDB-BACKUP-005, observed on DynamoDB).
// REQUIRES: the storage lock held.
StoredBackup require_backup(Context& context, const std::string& arn);

}  // namespace dynamini
