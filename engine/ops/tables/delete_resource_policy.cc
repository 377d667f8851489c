// DeleteResourcePolicy: removes a table's policy. Idempotent: a table without
// one answers without a RevisionId (API reference, DeleteResourcePolicy:
// "This value will be empty if you make a request against a resource without
// a policy"), unless ExpectedRevisionId is given. Answers the RevisionId of
// the policy removed (not confirmed: DynamoDB may answer a new one).

#include <mutex>

#include "operation/operations.h"
#include "resource_policy.h"

namespace dynamini {

DeleteResourcePolicyResponse DeleteResourcePolicyOperation::run(Context& context,
                                                                const Request& request,
                                                                const ExecuteOptions&) {
  std::lock_guard lock(context.storage_mutex());
  auto table = table_of_policy_arn(context, *request.resource_arn);
  check_expected_revision(*table, *request.resource_arn, request.expected_revision_id);
  if (!table->resource_policy) return {};
  DeleteResourcePolicyResponse response{table->resource_policy->revision_id};
  TableDef def = *table;
  def.resource_policy.reset();
  context.save_table_definition(std::move(def));
  return response;
}

}  // namespace dynamini
