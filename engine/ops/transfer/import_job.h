#pragma once

// The background half of ImportTable: finds the bucket's directory (FAILED
// S3NoSuchBucket, and no table, when there is none), creates the table, then
// reads every object under the key prefix (ops/transfer/import_source.h) and
// writes its items, a chunk per transaction under the storage lock, counting
// ProcessedItemCount, ProcessedSizeBytes, ImportedItemCount and ErrorCount as
// it goes. An item that is not valid (not {"Item": {...}}, a bad
// AttributeValue, a missing or mistyped key, over 400 KB) is counted as an
// error and skipped; text that is not JSON counts one error and ends that
// object. Any error makes the import FAILED with ItemValidationError, the
// valid items imported (ack-api-quirks DDB-IMPORT-013, observed on DynamoDB).

#include "catalog/table_def.h"
#include "context/context.h"
#include "storage/job_store.h"

namespace dynamini {

// Queues the import of `def` (its TableId set) on the context's job runner.
// `record` is the job's IN_PROGRESS record, already saved.
void start_import_job(Context& context, JobRecord record, TableDef def);

}  // namespace dynamini
