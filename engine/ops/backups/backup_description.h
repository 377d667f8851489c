#pragma once

// A stored backup as the backup operations answer it (API reference,
// BackupDetails, BackupDescription, BackupSummary; the members DynamoDB fills
// from ack-api-quirks DDB-BACKUP-004, 006 and 009, observed on DynamoDB).
// Sizes and counts are exact here (DynamoDB's lag by up to six hours).

#include "context/context.h"
#include "dynamini/shapes.h"
#include "storage/backup_store.h"

namespace dynamini {

api::BackupDetails backup_details(const StoredBackup& backup, api::BackupStatus status);
// BackupDetails, SourceTableDetails and SourceTableFeatureDetails (indexes,
// stream and TTL of the source as they were; empty for a SYSTEM backup).
api::BackupDescription backup_description(const Context& context, const StoredBackup& backup,
                                          api::BackupStatus status);
api::BackupSummary backup_summary(const Context& context, const StoredBackup& backup);

}  // namespace dynamini
