#include "job_records.h"

#include <mutex>

#include "api/shapes_wire.h"
#include "backups/recovery_arns.h"
#include "dynamini/api_error.h"

namespace dynamini {
namespace {

template <class Request>
Request read_stored(const std::string& json) {
  rapidjson::Document doc;
  doc.Parse(json.data(), json.size());
  Request out;
  api::read(doc, out);
  return out;
}

std::optional<double> seconds(const std::optional<int64_t>& ms) {
  if (!ms) return std::nullopt;
  return static_cast<double>(*ms) / 1000.0;
}

bool terminal(const JobRecord& r) { return r.status != "IN_PROGRESS"; }

}  // namespace

template <class Request>
std::string request_json(const Request& request) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  api::write(w, request);
  return std::string(buffer.GetString(), buffer.GetSize());
}
template std::string request_json(const ExportTableToPointInTimeRequest&);
template std::string request_json(const ImportTableRequest&);

ExportTableToPointInTimeRequest stored_export_request(const JobRecord& record) {
  return read_stored<ExportTableToPointInTimeRequest>(record.request);
}

ImportTableRequest stored_import_request(const JobRecord& record) {
  return read_stored<ImportTableRequest>(record.request);
}

api::ExportDescription export_description(const JobRecord& record) {
  const ExportTableToPointInTimeRequest request = stored_export_request(record);
  api::ExportDescription out;
  out.export_arn = record.arn;
  out.export_status = Enum<api::ExportStatus>::from_wire(record.status);
  out.start_time = static_cast<double>(record.start_ms) / 1000.0;
  out.table_arn = request.table_arn;
  out.table_id = record.table_id;
  out.client_token = record.client_token;
  out.s3_bucket = request.s3_bucket;
  out.s3_bucket_owner = request.s3_bucket_owner;
  out.s3_prefix = request.s3_prefix;
  out.s3_sse_algorithm = request.s3_sse_algorithm.value_or(api::S3SseAlgorithm::kAes256);
  out.s3_sse_kms_key_id = request.s3_sse_kms_key_id;
  out.export_format = request.export_format.value_or(api::ExportFormat::kDynamodbJson);
  out.export_type = request.export_type;  // not echoed when not given (DDB-EXPORT-017)
  if (request.incremental_export_specification) {
    auto& spec =
        out.incremental_export_specification.emplace(*request.incremental_export_specification);
    spec.export_to_time = seconds(record.point_ms);
    if (!spec.export_view_type) spec.export_view_type = api::ExportViewType::kNewAndOldImages;
  } else {
    out.export_time = seconds(record.point_ms);
  }
  out.item_count = record.items;
  if (terminal(record)) {
    out.end_time = seconds(record.end_ms);
    out.billed_size_bytes = record.bytes;
  }
  if (!record.manifest.empty()) out.export_manifest = record.manifest;
  if (!record.failure_code.empty()) {
    out.failure_code = record.failure_code;
    out.failure_message = record.failure_message;
  }
  return out;
}

api::ImportTableDescription import_description(const Context& context, const JobRecord& record) {
  const ImportTableRequest request = stored_import_request(record);
  api::ImportTableDescription out;
  out.import_arn = record.arn;
  out.import_status = Enum<api::ImportStatus>::from_wire(record.status);
  out.table_arn = table_arn_of(context, record.table_name);
  out.table_id = record.table_id;
  out.client_token = record.client_token;
  out.s3_bucket_source = request.s3_bucket_source;
  if (!out.s3_bucket_source->s3_bucket_owner) {
    out.s3_bucket_source->s3_bucket_owner = context.options().account_id;
  }
  out.error_count = record.errors;
  out.cloud_watch_log_group_arn = "arn:aws:logs:" + context.options().region + ":" +
                                  context.options().account_id +
                                  ":log-group:/aws-dynamodb/imports:*";
  out.input_format = request.input_format;
  out.input_format_options = request.input_format_options;
  out.input_compression_type =
      request.input_compression_type.value_or(api::InputCompressionType::kNone);
  out.table_creation_parameters = request.table_creation_parameters;
  out.start_time = static_cast<double>(record.start_ms) / 1000.0;
  if (terminal(record)) out.end_time = seconds(record.end_ms);
  out.processed_size_bytes = record.bytes;
  out.processed_item_count = record.items;
  out.imported_item_count = record.imported;
  if (!record.failure_code.empty()) {
    out.failure_code = record.failure_code;
    out.failure_message = record.failure_message;
  }
  return out;
}

JobRecord require_export(Context& context, const std::string& arn) {
  const std::string key = resource_arn_key(context, arn, ResourceKind::kExport);
  auto record = context.store().jobs().find(key);
  if (!record || record->kind != "export") {
    // ack-api-quirks DDB-EXPORT-006 (observed on DynamoDB: the words twice).
    throw ApiError{ErrorCode::kExportNotFound, "Export not found: Export not found: " + arn, {}};
  }
  return *record;
}

JobRecord require_import(Context& context, const std::string& arn) {
  const std::string key = resource_arn_key(context, arn, ResourceKind::kImport);
  auto record = context.store().jobs().find(key);
  if (!record || record->kind != "import") {
    // Unconfirmed: no recording of this message was found (the export's
    // shape, once).
    throw ApiError{ErrorCode::kImportNotFound, "Import not found: " + arn, {}};
  }
  return *record;
}

void save_job_record(Context& context, const JobRecord& record) {
  std::lock_guard lock(context.storage_mutex());
  context.store().jobs().save(record);
}

std::string page_token(const std::string& arn) {
  std::string out;
  const char* digits = "0123456789abcdef";
  for (unsigned char c : arn) {
    out.push_back(digits[c >> 4]);
    out.push_back(digits[c & 15]);
  }
  // At least 112 digits, in groups of 16 (ListImports' NextToken shape);
  // "00" pairs decode to nothing.
  while (out.size() < 112 || out.size() % 16 != 0) out += "00";
  return out;
}

std::string arn_of_page_token(const std::string& token) {
  auto invalid = [&] {
    return validation_error("Invalid Request: Provided nextToken is invalid: " + token);
  };
  if (token.size() % 2 != 0) throw invalid();
  std::string out;
  for (size_t i = 0; i < token.size(); i += 2) {
    auto digit = [&](char c) -> int {
      if (c >= '0' && c <= '9') return c - '0';
      if (c >= 'a' && c <= 'f') return c - 'a' + 10;
      throw invalid();
    };
    const char c = static_cast<char>(digit(token[i]) * 16 + digit(token[i + 1]));
    if (c != '\0') out.push_back(c);
  }
  if (!out.starts_with("arn:")) throw invalid();
  return out;
}

std::optional<JobRecord> job_of_client_token(Context& context, const std::string& kind,
                                             const std::optional<std::string>& token) {
  constexpr int64_t kClientTokenLifetimeMs = 8LL * 60 * 60 * 1000;
  if (!token) return std::nullopt;
  auto earlier = context.store().jobs().find_by_token(kind, *token);
  if (!earlier || earlier->start_ms + kClientTokenLifetimeMs < context.now_ms()) {
    return std::nullopt;
  }
  return earlier;
}

}  // namespace dynamini
