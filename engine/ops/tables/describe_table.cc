// DescribeTable: the table's definition, status and statistics. With
// transient delays (context/table_lifecycle.h) a table may be CREATING or UPDATING (a
// new global index CREATING, Backfilling) or, after DeleteTable, DELETING.

#include <mutex>

#include "operation/operations.h"
#include "tables/table_description.h"

namespace dynamini {

DescribeTableResponse DescribeTableOperation::run(Context& context, const Request& request,
                                                  const ExecuteOptions&) {
  std::shared_ptr<const TableDef> def;
  TableStats stats;
  DescribedStatus status;
  {
    std::lock_guard lock(context.storage_mutex());
    const std::string name = context.table_name_of(*request.table_name, "DescribeTable");
    const int64_t now = context.now_ms();
    if (const auto* gone = context.lifecycle().deleted(name, now)) {
      def = gone->def;
      stats = gone->stats;
      status.table = api::TableStatus::kDeleting;
    } else {
      def = context.require_named_table(name, "DescribeTable");
      stats = context.store().stats(*def);
      status = current_status(context, *def);
    }
  }
  const auto& options = context.options();
  return {describe_table_def(*def, stats, status, {options.region, options.account_id})};
}

}  // namespace dynamini
