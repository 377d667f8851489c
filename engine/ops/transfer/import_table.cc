// ImportTable: a new table filled from the objects under a key prefix of the
// local directory its S3Bucket stands for (ops/transfer/bucket_directory.h), in
// DYNAMODB_JSON or ION, GZIP-compressed or not. TableCreationParameters are
// checked as CreateTable's are, at once (moto test_dynamodb_import_table.py,
// aws_verified), and a name in use is ResourceInUseException "Table already
// exists: <name>" (ack-api-quirks DDB-IMPORT-019). The rest runs as a
// background job (ops/transfer/import_job.h): the answer says IN_PROGRESS and carries
// the new table's ARN and TableId; DescribeImport follows it, as DynamoDB's.
//
// ClientToken (ack-api-quirks DDB-IMPORT-017, observed on DynamoDB): the same
// token again returns the same import while it runs (or once its table is
// gone), whatever else changed but the table name; another table name is
// ImportConflictException. CSV and ZSTD are refused (docs/backups.md, "What
// differs from DynamoDB, and why").

#include <mutex>

#include "backups/recovery_arns.h"
#include "context/random_uuid.h"
#include "dynamini/api_error.h"
#include "import_job.h"
#include "job_records.h"
#include "operation/operations.h"
#include "tables/create_table_binding.h"

namespace dynamini {
namespace {

CreateTableRequest create_table_request(const api::TableCreationParameters& p) {
  CreateTableRequest out;
  out.table_name = p.table_name;
  out.attribute_definitions = p.attribute_definitions;
  out.key_schema = p.key_schema;
  out.billing_mode = p.billing_mode;
  out.provisioned_throughput = p.provisioned_throughput;
  out.global_secondary_indexes = p.global_secondary_indexes;
  out.sse_specification = p.sse_specification;
  out.on_demand_throughput = p.on_demand_throughput;
  return out;
}

void check_format(const ImportTableRequest& r) {
  const auto& format = *r.input_format;
  if (r.input_format_options && !(format == api::InputFormat::kCsv)) {
    // ack-api-quirks DDB-IMPORT-009 (observed on DynamoDB).
    throw validation_error(
        "Invalid Request: Unsupported InputFormatOptions for the given input format: " +
        std::string(format.text()) + ".");
  }
  if (format == api::InputFormat::kCsv) {
    // dynamini's own refusal (docs/backups.md, "What differs from DynamoDB").
    throw validation_error("dynamini: InputFormat CSV is not supported; use DYNAMODB_JSON or ION");
  }
  if (is_value(r.input_compression_type, api::InputCompressionType::kZstd)) {
    throw validation_error(
        "dynamini: InputCompressionType ZSTD is not supported; use GZIP or NONE");
  }
}

// The earlier import made with the request's token, when it answers again.
std::optional<JobRecord> replayed(Context& context, const ImportTableRequest& r) {
  auto earlier = job_of_client_token(context, "import", r.client_token);
  if (!earlier) return std::nullopt;
  if (earlier->table_name != *r.table_creation_parameters->table_name) {
    throw ApiError{ErrorCode::kImportConflict,
                   "Import conflict: Duplicate request detected with conflicting parameters",
                   {}};
  }
  if (earlier->status == "IN_PROGRESS" || !context.find_table(earlier->table_name)) return earlier;
  return std::nullopt;  // its table exists: a new import of that name is refused below
}

}  // namespace

ImportTableResponse ImportTableOperation::run(Context& context, const Request& request,
                                              const ExecuteOptions&) {
  check_format(request);
  TableDef def = bind_create_table(create_table_request(*request.table_creation_parameters));
  std::lock_guard lock(context.storage_mutex());
  if (auto earlier = replayed(context, request)) return {import_description(context, *earlier)};
  if (context.find_table(def.name)) {
    throw ApiError{ErrorCode::kResourceInUse, "Table already exists: " + def.name, {}};
  }
  const int64_t now = context.now_ms();
  const std::string id = new_resource_id(now);
  def.table_uuid = random_uuid_v4();
  JobRecord record;
  record.arn = table_arn_of(context, def.name) + "/import/" + id;
  record.kind = "import";
  record.table_name = def.name;
  record.table_id = def.table_uuid;
  ImportTableRequest stored = request;
  if (!stored.client_token) stored.client_token = id;
  record.client_token = *stored.client_token;
  record.request = request_json(stored);
  record.status = "IN_PROGRESS";
  record.start_ms = now;
  context.store().jobs().save(record);
  start_import_job(context, record, std::move(def));
  return {import_description(context, record)};
}

}  // namespace dynamini
