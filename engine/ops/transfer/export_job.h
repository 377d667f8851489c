#pragma once

// The background half of ExportTableToPointInTime: writes the staging copy
// of the table (taken when the request was accepted, so later writes do not
// show) to the bucket's directory in DynamoDB's layout (transfer/
// export_files.h), a chunk of rows per hold of the storage lock, counting
// items as it goes; then records COMPLETED with the manifest, or FAILED with
// the FailureCode DynamoDB would give (S3NoSuchBucket, S3AccessDenied), and
// drops the staging copy.

#include <string>

#include "context/context.h"
#include "storage/job_store.h"

namespace dynamini {

struct ExportPlan {
  std::string staging_table;  // item rows to export (a full export's items)
  std::string export_id;      // the ARN's last part
  bool ion = false;           // ExportFormat ION, else DYNAMODB_JSON
};

// Queues the export on the context's job runner. `record` is the job's
// IN_PROGRESS record, already saved.
void start_export_job(Context& context, JobRecord record, ExportPlan plan);

}  // namespace dynamini
