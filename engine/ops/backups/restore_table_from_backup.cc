// RestoreTableFromBackup: a new table from a backup's definition (with the
// request's overrides: ops/backups/table_restore.h) and items, created and filled in
// one hold of the storage lock; usable when the call returns. The response
// says CREATING with a RestoreSummary, as DynamoDB's does. A backup feeds any
// number of restores (DynamoDB answers BackupInUseException while one is
// still CREATING; here none ever is).

#include <mutex>

#include "backup_lookup.h"
#include "backups/recovery_arns.h"
#include "catalog/catalog_format.h"
#include "operation/operations.h"
#include "table_restore.h"

namespace dynamini {

RestoreTableFromBackupResponse RestoreTableFromBackupOperation::run(Context& context,
                                                                    const Request& request,
                                                                    const ExecuteOptions&) {
  std::lock_guard lock(context.storage_mutex());
  const StoredBackup backup = require_backup(context, *request.backup_arn);
  const TableDef source = table_def_from_json(backup.definition);
  TableDef def =
      restored_definition(source, restore_overrides(request), *request.target_table_name);
  auto created = create_restored_table(context, std::move(def), [&](const TableDef& target) {
    context.store().backups().copy_items_into(backup, target.storage_table());
  });
  api::RestoreSummary summary;
  summary.source_backup_arn = backup.arn;
  summary.source_table_arn = table_arn_of(context, backup.table_name);
  summary.restore_date_time = static_cast<double>(backup.created_ms) / 1000.0;
  return {restored_table_description(context, *created, std::move(summary))};
}

}  // namespace dynamini
