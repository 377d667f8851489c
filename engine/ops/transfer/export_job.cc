#include "export_job.h"

#include <filesystem>
#include <mutex>

#include "backups/recovery_arns.h"
#include "bucket_directory.h"
#include "export_files.h"
#include "ion_text.h"
#include "job_records.h"

namespace dynamini {
namespace {

constexpr int64_t kRowsPerChunk = 2000;

void drop_staging(Context& context, const std::string& table) {
  std::lock_guard lock(context.storage_mutex());
  context.store().drop_item_table(table);
}

void fail(Context& context, JobRecord& record, const std::string& code,
          const std::string& message) {
  record.status = "FAILED";
  record.end_ms = context.now_ms();
  record.failure_code = code;
  record.failure_message = message;
  save_job_record(context, record);
}

std::string line_of(const Store::ItemRow& row, bool ion) {
  if (ion) return ion_export_line(item_from_json(row.item));
  return "{\"Item\":" + row.item + "}";
}

ExportSummary summary_of(Context& context, const JobRecord& record,
                         const ExportTableToPointInTimeRequest& request) {
  ExportSummary s;
  s.export_arn = record.arn;
  s.table_arn = table_arn_of(context, record.table_name);
  s.table_id = record.table_id;
  s.s3_bucket = *request.s3_bucket;
  s.s3_prefix = request.s3_prefix.value_or("");
  s.output_format =
      request.export_format ? std::string(request.export_format->text()) : "DYNAMODB_JSON";
  s.start_ms = record.start_ms;
  s.export_ms = record.point_ms.value_or(record.start_ms);
  s.item_count = record.items;
  s.billed_size_bytes = record.bytes;
  return s;
}

// Writes every staged row; false when the runner stopped first.
bool write_rows(Context& context, JobRecord& record, const ExportPlan& plan, ExportFiles& files) {
  std::optional<std::pair<std::string, std::string>> after;
  while (true) {
    if (context.jobs().stopping()) return false;
    std::vector<Store::ItemRow> rows;
    {
      std::lock_guard lock(context.storage_mutex());
      rows = context.store().item_rows(plan.staging_table, after, kRowsPerChunk);
    }
    if (rows.empty()) return true;
    for (const auto& row : rows) {
      files.write_line(line_of(row, plan.ion));
      ++record.items;
      record.bytes += row.size;
    }
    after = {rows.back().pk, rows.back().sk};
    save_job_record(context, record);  // ItemCount so far: the progress
  }
}

void run_export(Context& context, JobRecord record, const ExportPlan& plan) {
  const ExportTableToPointInTimeRequest request = stored_export_request(record);
  auto bucket = bucket_path(*request.s3_bucket, context.options().bucket_directory);
  std::error_code ec;
  if (!bucket || !std::filesystem::is_directory(*bucket, ec)) {
    // DynamoDB's code (moto test_dynamodb_export_table.py, aws_verified).
    return fail(context, record, "S3NoSuchBucket",
                no_such_bucket_message(*request.s3_bucket, bucket));
  }
  try {
    ExportFiles files(*bucket, request.s3_prefix.value_or(""), plan.export_id,
                      plan.ion ? "ion.gz" : "json.gz");
    if (!write_rows(context, record, plan, files)) {
      return fail(context, record, "UNKNOWN", "dynamini stopped before this export finished");
    }
    ExportSummary summary = summary_of(context, record, request);
    record.end_ms = context.now_ms();
    summary.end_ms = *record.end_ms;
    record.manifest = files.finish(summary);
    record.status = "COMPLETED";
    save_job_record(context, record);
  } catch (const ExportWriteError& e) {
    fail(context, record, "S3AccessDenied",
         std::string("Access Denied (dynamini: ") + e.what() + ")");
  }
}

}  // namespace

void start_export_job(Context& context, JobRecord record, ExportPlan plan) {
  auto job = [&context, record, plan]() mutable {
    try {
      run_export(context, record, plan);
    } catch (const std::exception& e) {
      fail(context, record, "UNKNOWN", std::string("dynamini: ") + e.what());
    }
    drop_staging(context, plan.staging_table);
  };
  auto dropped = [&context, record, plan]() mutable {
    fail(context, record, "UNKNOWN", "dynamini stopped before this export started");
    drop_staging(context, plan.staging_table);
  };
  context.jobs().submit(std::move(job), std::move(dropped));
}

}  // namespace dynamini
