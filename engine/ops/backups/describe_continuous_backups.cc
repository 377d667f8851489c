// DescribeContinuousBackups: point-in-time recovery's status and window.

#include <mutex>

#include "backups/point_in_time_window.h"
#include "operation/operations.h"

namespace dynamini {

DescribeContinuousBackupsResponse DescribeContinuousBackupsOperation::run(Context& context,
                                                                          const Request& request,
                                                                          const ExecuteOptions&) {
  std::lock_guard lock(context.storage_mutex());
  auto table = require_source_table(context, *request.table_name);
  return {continuous_backups_description(context, *table)};
}

}  // namespace dynamini
