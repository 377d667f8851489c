// DeleteTable: answers the table as it was, DELETING; refused while deletion
// protection is on.

#include <mutex>

#include "dynamini/api_error.h"
#include "ops/operations.h"
#include "ops/table_description.h"

namespace dynamini {

DeleteTableResponse DeleteTableOperation::run(Engine& engine, const Request& request,
                                              const ExecuteOptions&) {
  std::shared_ptr<const TableDef> def;
  TableStats stats;
  {
    std::lock_guard lock(engine.storage_mutex());
    def = engine.require_named_table(*request.table_name);
    if (def->deletion_protection) {
      throw validation_error(
          "Resource cannot be deleted as it is currently protected against deletion. Disable "
          "deletion protection first.");
    }
    stats = engine.store().stats(*def);
    engine.delete_table(*def);
  }
  const auto& options = engine.options();
  return {describe_table_def(*def, stats, api::TableStatus::kDeleting,
                             {options.region, options.account_id})};
}

}  // namespace dynamini
