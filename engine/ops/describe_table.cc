// DescribeTable: the table's definition, status and statistics.

#include <mutex>

#include "ops/operations.h"
#include "ops/table_description.h"

namespace dynamini {

DescribeTableResponse DescribeTableOperation::run(Engine& engine, const Request& request,
                                                  const ExecuteOptions&) {
  std::shared_ptr<const TableDef> def;
  TableStats stats;
  {
    std::lock_guard lock(engine.storage_mutex());
    def = engine.require_named_table(*request.table_name);
    stats = engine.store().stats(*def);
  }
  const auto& options = engine.options();
  return {describe_table_def(*def, stats, api::TableStatus::kActive,
                             {options.region, options.account_id})};
}

}  // namespace dynamini
