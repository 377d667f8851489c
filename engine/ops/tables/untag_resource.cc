// UntagResource: removes tags by key.

#include <mutex>

#include "dynamini/api_error.h"
#include "operation/operations.h"
#include "tables/table_arn.h"

namespace dynamini {

// Checks in the order DynamoDB answers them (dynalite test/untagResource.js):
// a missing ResourceArn, then the shape errors, then the ARN's form, then an
// empty TagKeys list, then the table, whose absence UntagResource reports
// without naming the ARN.
void UntagResourceOperation::check_before_shape(const Request& request) {
  if (!request.resource_arn) table_name_of_arn(request.resource_arn);  // "Invalid TableArn"
}

UntagResourceResponse UntagResourceOperation::run(Context& context, const Request& request,
                                                  const ExecuteOptions&) {
  table_name_of_arn(request.resource_arn);  // the ARN's form
  if (request.tag_keys->empty()) {
    throw validation_error("Atleast one Tag Key needs to be provided as Input.");
  }
  std::lock_guard lock(context.storage_mutex());
  auto table = context.require_table(
      table_name_of_arn(request.resource_arn, context.arn_scope(), "UntagResource"),
      "UntagResource");
  WriteTransaction txn(context.store().connection());
  // Removing a key the table does not carry is not an error.
  for (const auto& key : *request.tag_keys) context.store().remove_tag(*table, key);
  txn.commit();
  return {};
}

}  // namespace dynamini
