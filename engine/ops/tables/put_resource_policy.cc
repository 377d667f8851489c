// PutResourcePolicy: attaches (or replaces) a table's resource-based policy
// and answers its RevisionId. The same document again is not a change: the
// revision stays (moto's aws_verified test_put_resource_policy_multiple_times).
// ConfirmRemoveSelfResourceAccess is accepted; the policy is not enforced.

#include <mutex>

#include "operation/operations.h"
#include "resource_policy.h"

namespace dynamini {

PutResourcePolicyResponse PutResourcePolicyOperation::run(Context& context, const Request& request,
                                                          const ExecuteOptions&) {
  std::lock_guard lock(context.storage_mutex());
  auto table = table_of_policy_arn(context, *request.resource_arn);
  check_expected_revision(*table, *request.resource_arn, request.expected_revision_id);
  check_policy_document(*request.policy);
  if (table->resource_policy && table->resource_policy->document == *request.policy) {
    return {table->resource_policy->revision_id};
  }
  TableDef def = *table;
  def.resource_policy = ResourcePolicySettings{
      *request.policy, next_revision_id(context.now_ms(), table->resource_policy)};
  auto saved = context.save_table_definition(std::move(def));
  return {saved->resource_policy->revision_id};
}

}  // namespace dynamini
