// DescribeTable: the table's definition, status and statistics.

#include <mutex>

#include "ops/operations.h"
#include "ops/table_description.h"

namespace dynamini {

DescribeTableResponse DescribeTableOperation::run(Context& context, const Request& request,
                                                  const ExecuteOptions&) {
  std::shared_ptr<const TableDef> def;
  TableStats stats;
  {
    std::lock_guard lock(context.storage_mutex());
    def = context.require_named_table(*request.table_name);
    stats = context.store().stats(*def);
  }
  const auto& options = context.options();
  return {describe_table_def(*def, stats, api::TableStatus::kActive,
                             {options.region, options.account_id})};
}

}  // namespace dynamini
