// DescribeExport: the export's record (ops/transfer/job_records.h).

#include <mutex>

#include "job_records.h"
#include "operation/operations.h"

namespace dynamini {

DescribeExportResponse DescribeExportOperation::run(Context& context, const Request& request,
                                                    const ExecuteOptions&) {
  std::lock_guard lock(context.storage_mutex());
  return {export_description(require_export(context, *request.export_arn))};
}

}  // namespace dynamini
