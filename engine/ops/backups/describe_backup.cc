// DescribeBackup: AVAILABLE from the moment CreateBackup answered.

#include <mutex>

#include "backup_description.h"
#include "backup_lookup.h"
#include "operation/operations.h"

namespace dynamini {

DescribeBackupResponse DescribeBackupOperation::run(Context& context, const Request& request,
                                                    const ExecuteOptions&) {
  std::lock_guard lock(context.storage_mutex());
  StoredBackup backup = require_backup(context, *request.backup_arn);
  return {backup_description(context, backup, api::BackupStatus::kAvailable)};
}

}  // namespace dynamini
