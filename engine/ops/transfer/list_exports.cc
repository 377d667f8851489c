// ListExports: exports in reverse order of ExportArn (API reference), newest
// first, IN_PROGRESS and FAILED ones included, 10 a page by default
// (ack-api-quirks DDB-IMPORT-016, observed on DynamoDB). With TableArn: the
// exports of the table that has that name now (a deleted or re-created
// table's earlier exports are not listed: DDB-EXPORT-020).

#include <mutex>

#include "job_records.h"
#include "operation/operations.h"
#include "tables/table_arn.h"

namespace dynamini {

ListExportsResponse ListExportsOperation::run(Context& context, const Request& request,
                                              const ExecuteOptions&) {
  std::optional<std::string> after;
  if (request.next_token) after = arn_of_page_token(*request.next_token);
  std::optional<std::string> table_name;
  if (request.table_arn) table_name = table_name_of_arn(request.table_arn);
  const size_t page_size = static_cast<size_t>(request.max_results.value_or(10));
  std::lock_guard lock(context.storage_mutex());
  std::optional<std::string> table_id;
  if (table_name) {
    auto table = context.find_table(*table_name);
    table_id = table ? table->table_uuid : std::string("-");  // "-": no export matches
  }
  ListExportsResponse response;
  auto& page = response.export_summaries.emplace();
  for (const auto& record : context.store().jobs().all("export")) {
    if (table_id && record.table_id != *table_id) continue;
    if (after && record.arn >= *after) continue;
    if (page.size() == page_size) {
      response.next_token = page_token(*page.back().export_arn);
      break;
    }
    const ExportTableToPointInTimeRequest stored = stored_export_request(record);
    page.push_back({record.arn, Enum<api::ExportStatus>::from_wire(record.status),
                    stored.export_type.value_or(api::ExportType::kFullExport)});
  }
  return response;
}

}  // namespace dynamini
