// ListTables: names in ascending order, at most Limit (1..100, default 100),
// starting after ExclusiveStartTableName; LastEvaluatedTableName when more
// remain.

#include <algorithm>
#include <mutex>

#include "operation/operations.h"

namespace dynamini {

ListTablesResponse ListTablesOperation::run(Context& context, const Request& request,
                                            const ExecuteOptions&) {
  std::vector<std::string> names;
  {
    std::lock_guard lock(context.storage_mutex());
    names = context.table_names();
  }
  const auto& start = request.exclusive_start_table_name;
  auto it = start ? std::upper_bound(names.begin(), names.end(), *start) : names.begin();
  const size_t max = static_cast<size_t>(request.limit.value_or(100));
  ListTablesResponse response;
  auto& page = response.table_names.emplace();
  for (; it != names.end() && page.size() < max; ++it) page.push_back(*it);
  if (it != names.end() && !page.empty()) response.last_evaluated_table_name = page.back();
  return response;
}

}  // namespace dynamini
