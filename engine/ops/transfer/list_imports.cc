// ListImports: imports newest first, IN_PROGRESS and FAILED ones included, 10
// a page by default (ack-api-quirks DDB-IMPORT-016, observed on DynamoDB).
// With TableArn: the imports into a table of that name, whether or not it
// still exists (DDB-IMPORT-008).

#include <mutex>

#include "job_records.h"
#include "operation/operations.h"
#include "tables/table_arn.h"

namespace dynamini {

ListImportsResponse ListImportsOperation::run(Context& context, const Request& request,
                                              const ExecuteOptions&) {
  std::optional<std::string> after;
  if (request.next_token) after = arn_of_page_token(*request.next_token);
  std::optional<std::string> table_name;
  if (request.table_arn) table_name = table_name_of_arn(request.table_arn);
  const size_t page_size = static_cast<size_t>(request.page_size.value_or(10));
  std::lock_guard lock(context.storage_mutex());
  ListImportsResponse response;
  auto& page = response.import_summary_list.emplace();
  for (const auto& record : context.store().jobs().all("import")) {
    if (table_name && record.table_name != *table_name) continue;
    if (after && record.arn >= *after) continue;
    if (page.size() == page_size) {
      response.next_token = page_token(*page.back().import_arn);
      break;
    }
    const api::ImportTableDescription d = import_description(context, record);
    api::ImportSummary& summary = page.emplace_back();
    summary.import_arn = d.import_arn;
    summary.import_status = d.import_status;
    summary.table_arn = d.table_arn;
    summary.s3_bucket_source = d.s3_bucket_source;
    summary.cloud_watch_log_group_arn = d.cloud_watch_log_group_arn;
    summary.input_format = d.input_format;
    summary.start_time = d.start_time;
    summary.end_time = d.end_time;
  }
  return response;
}

}  // namespace dynamini
