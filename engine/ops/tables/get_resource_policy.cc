// GetResourcePolicy: a table's policy document and RevisionId, or
// PolicyNotFoundException.

#include <mutex>

#include "operation/operations.h"
#include "resource_policy.h"

namespace dynamini {

GetResourcePolicyResponse GetResourcePolicyOperation::run(Context& context, const Request& request,
                                                          const ExecuteOptions&) {
  std::lock_guard lock(context.storage_mutex());
  auto table = table_of_policy_arn(context, *request.resource_arn);
  if (!table->resource_policy) throw policy_not_found(*request.resource_arn);
  return {table->resource_policy->document, table->resource_policy->revision_id};
}

}  // namespace dynamini
