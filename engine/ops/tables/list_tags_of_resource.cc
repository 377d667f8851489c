// ListTagsOfResource: a table's tags in key order, ten per page; NextToken is
// the last key of the page.

#include <mutex>

#include "operation/operations.h"
#include "tables/table_arn.h"

namespace dynamini {
namespace {
constexpr size_t kTagsPerPage = 10;
}  // namespace

// The ARN is checked before anything else ("Invalid TableArn"), as the
// untyped operation always did.
void ListTagsOfResourceOperation::check_before_shape(const Request& request) {
  table_name_of_arn(request.resource_arn);
}

ListTagsOfResourceResponse ListTagsOfResourceOperation::run(Context& context,
                                                            const Request& request,
                                                            const ExecuteOptions&) {
  std::vector<std::pair<std::string, std::string>> tags;
  {
    std::lock_guard lock(context.storage_mutex());
    tags = context.store().tags(*table_of_arn(context, request.resource_arn, "ListTagsOfResource"));
  }
  ListTagsOfResourceResponse response;
  auto& page = response.tags.emplace();
  for (const auto& [key, value] : tags) {
    if (request.next_token && key <= *request.next_token) continue;
    if (page.size() == kTagsPerPage) {
      response.next_token = page.back().key;
      break;
    }
    page.push_back({key, value});
  }
  return response;
}

}  // namespace dynamini
