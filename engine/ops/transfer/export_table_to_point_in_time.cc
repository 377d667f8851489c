// ExportTableToPointInTime: the table as it was at ExportTime (default now),
// written in DynamoDB's export layout to the local directory its S3Bucket
// stands for (ops/transfer/bucket_directory.h). Under the storage lock the
// request is checked and a staging copy of the items at that time is taken
// (a copy rewound by the point-in-time log); the files are written by a
// background job (ops/transfer/export_job.h), so the answer says IN_PROGRESS and
// DescribeExport follows it to COMPLETED, as DynamoDB's do.
//
// Checks in DynamoDB's order (ack-api-quirks DDB-EXPORT-001..004, observed on
// DynamoDB): the request's couplings, the table ARN, the table, recovery
// enabled, the time; bucket problems surface later as a FAILED export.
// ClientToken: the same request again returns the same export; the same
// token with other parameters is ExportConflictException (DDB-EXPORT-009),
// for 8 hours (API reference).
//
// INCREMENTAL_EXPORT is refused: its output format could not be confirmed
// from a recorded export (docs/backups.md, "What differs from DynamoDB, and
// why").

#include <cmath>
#include <mutex>

#include "backups/point_in_time_window.h"
#include "backups/recovery_arns.h"
#include "dynamini/api_error.h"
#include "export_job.h"
#include "job_records.h"
#include "operation/operations.h"
#include "tables/table_arn.h"

namespace dynamini {
namespace {

void check_couplings(const ExportTableToPointInTimeRequest& r) {
  // Messages: ack-api-quirks DDB-EXPORT-003 and DDB-EXPORT-005.
  const bool incremental = is_value(r.export_type, api::ExportType::kIncrementalExport);
  if (r.incremental_export_specification && !r.export_type) {
    throw validation_error(
        "Invalid Request: Export Type expected to be Incremental Export when incremental export "
        "specification is provided");
  }
  if (r.incremental_export_specification && !incremental) {
    throw validation_error(
        "Invalid Request: When Export Type is Full Export , Incremental Export Specification "
        "should not be provided");
  }
  if (incremental && !r.incremental_export_specification) {
    throw validation_error(
        "Invalid Request: Incremental Export Specification expected when export type is set as "
        "Incremental Export");
  }
  if (incremental && !r.incremental_export_specification->export_from_time) {
    throw validation_error(
        "Invalid Request: ExportFromTime must be provided in IncrementalExportSpecification");
  }
  if (r.s3_sse_kms_key_id && !is_value(r.s3_sse_algorithm, api::S3SseAlgorithm::kKms)) {
    throw validation_error("Invalid Request: KMS Key Id is not supported for this encryption type");
  }
  if (incremental) {
    // dynamini's own refusal (the format of incremental output files is not
    // confirmed here; see docs/backups.md, "What differs from DynamoDB").
    throw validation_error(
        "dynamini: INCREMENTAL_EXPORT is not supported; export the table with FULL_EXPORT");
  }
}

// The table name in TableArn (DDB-EXPORT-001: a bare name; DDB-EXPORT-002: an
// index ARN).
std::string table_name_in(const std::string& arn) {
  if (!arn.starts_with("arn:")) {
    throw validation_error(
        "One or more parameter values were invalid: tableArn is not a valid ARN");
  }
  try {
    return table_name_of_arn(arn);
  } catch (const ApiError&) {
    throw validation_error("Invalid Request: Table ARN is invalid.");
  }
}

int64_t export_time(const ExportTableToPointInTimeRequest& r, const RestorableWindow& window) {
  if (!r.export_time) return window.latest_ms;
  const int64_t at = std::llround(*r.export_time * 1000.0);
  const int64_t earliest = window.earliest_ms - window.earliest_ms % 1000;
  // DDB-EXPORT-001: before the window or after now.
  if (at < earliest || at > window.latest_ms) {
    throw ApiError{ErrorCode::kInvalidExportTime, "Export Time is invalid", {}};
  }
  return at;
}

// The request without its token, to compare with an earlier one.
std::string fingerprint(ExportTableToPointInTimeRequest r) {
  r.client_token.reset();
  return request_json(r);
}

std::optional<JobRecord> replayed(Context& context, const ExportTableToPointInTimeRequest& r) {
  auto earlier = job_of_client_token(context, "export", r.client_token);
  if (!earlier) return std::nullopt;
  if (fingerprint(stored_export_request(*earlier)) != fingerprint(r)) {
    throw ApiError{ErrorCode::kExportConflict,
                   "Export conflict: Duplicate request detected with conflicting parameters",
                   {}};
  }
  return earlier;
}

}  // namespace

ExportTableToPointInTimeResponse ExportTableToPointInTimeOperation::run(Context& context,
                                                                        const Request& request,
                                                                        const ExecuteOptions&) {
  check_couplings(request);
  const std::string name = table_name_in(*request.table_arn);
  std::lock_guard lock(context.storage_mutex());
  auto table = context.find_table(name);
  if (!table) {
    // moto test_dynamodb_export_table.py (aws_verified): the ARN as given.
    throw ApiError{ErrorCode::kTableNotFound, "Table not found: " + *request.table_arn, {}};
  }
  if (auto earlier = replayed(context, request)) return {export_description(*earlier)};
  auto window = restorable_window(context, *table);
  if (!window) {
    // moto test_dynamodb_export_table.py (aws_verified).
    throw ApiError{ErrorCode::kPointInTimeRecoveryUnavailable,
                   "Point in time recovery is not enabled for table '" + name + "'",
                   {}};
  }
  const int64_t at = export_time(request, *window);
  const int64_t now = context.now_ms();
  const std::string id = new_resource_id(now);
  JobRecord record;
  record.arn = table_arn_of(context, name) + "/export/" + id;
  record.kind = "export";
  record.table_name = name;
  record.table_id = table->table_uuid;
  ExportTableToPointInTimeRequest stored = request;
  if (!stored.client_token) stored.client_token = id;  // SDKs send one; raw calls get one
  record.client_token = *stored.client_token;
  record.request = request_json(stored);
  record.status = "IN_PROGRESS";
  record.start_ms = now;
  record.point_ms = at;
  ExportPlan plan{"x" + id.substr(0, 14) + "_" + id.substr(15), id,
                  is_value(request.export_format, api::ExportFormat::kIon)};
  WriteTransaction txn(context.store().connection());
  context.store().create_staging_copy(plan.staging_table, *table);
  context.store().point_in_time().rewind(*table, plan.staging_table, at);
  context.store().jobs().save(record);
  txn.commit();
  start_export_job(context, record, std::move(plan));
  return {export_description(record)};
}

}  // namespace dynamini
