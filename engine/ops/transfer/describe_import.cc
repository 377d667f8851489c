// DescribeImport: the import's record (ops/transfer/job_records.h).

#include <mutex>

#include "job_records.h"
#include "operation/operations.h"

namespace dynamini {

DescribeImportResponse DescribeImportOperation::run(Context& context, const Request& request,
                                                    const ExecuteOptions&) {
  std::lock_guard lock(context.storage_mutex());
  return {import_description(context, require_import(context, *request.import_arn))};
}

}  // namespace dynamini
