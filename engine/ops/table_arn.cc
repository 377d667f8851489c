#include "ops/table_arn.h"

#include "dynamini/api_error.h"
#include "validation/shape_errors.h"

namespace dynamini {
namespace {

ApiError invalid_arn(const std::string& arn) {
  return validation_error("Invalid TableArn: Invalid ResourceArn provided as input " + arn);
}

// Whether IAM can evaluate `arn` as a resource: arn:PARTITION:SERVICE:REGION:
// ACCOUNT:TYPE/ID, any text in the fields (see authorize_resource_arn).
bool iam_can_evaluate(std::string_view arn) {
  size_t colons = 0;
  size_t resource = 0;
  for (size_t i = 0; i < arn.size() && colons < 5; ++i) {
    if (arn[i] == ':' && ++colons == 5) resource = i + 1;
  }
  return colons == 5 && arn.find('/', resource) != std::string_view::npos;
}

}  // namespace

void authorize_resource_arn(const std::optional<std::string>& arn, std::string_view account,
                            std::string_view action) {
  if (!arn || iam_can_evaluate(*arn)) return;
  throw ApiError{ErrorCode::kAccessDenied,
                 "User: arn:aws:iam::" + std::string(account) +
                     ":root is not authorized to perform: dynamodb:" + std::string(action) +
                     " on resource: " + (arn->empty() ? std::string("*") : *arn),
                 {}};
}

// Messages recorded from DynamoDB (dynalite test/listTagsOfResource.js):
// "Invalid TableArn", "Invalid TableArn: Invalid ResourceArn provided as input
// <arn>".
std::string table_name_of_arn(const std::optional<std::string>& arn) {
  if (!arn) throw validation_error("Invalid TableArn");
  const auto parts = split_arn(*arn);
  if (!parts || parts->service != "dynamodb" || !parts->resource.starts_with("table/")) {
    throw invalid_arn(*arn);
  }
  const std::string_view name = parts->resource.substr(6);
  if (!is_valid_name(name)) throw invalid_arn(*arn);
  return std::string(name);
}

std::string table_name_of_arn(const std::optional<std::string>& arn, const ArnScope& scope,
                              std::string_view action) {
  std::string name = table_name_of_arn(arn);
  const auto parts = split_arn(*arn);
  // The account before the region (ExtendDB pull request 227, measured).
  if (parts->account != scope.account) table_name_of_reference(*arn, scope, action);
  if (parts->region != scope.region || parts->partition != "aws") throw invalid_arn(*arn);
  return name;
}

std::shared_ptr<const TableDef> table_of_arn(Context& context,
                                             const std::optional<std::string>& arn,
                                             std::string_view action) {
  const std::string name = table_name_of_arn(arn, context.arn_scope(), action);
  auto table = context.find_table(name);
  if (!table ||
      context.lifecycle().status(name, context.now_ms()) == TableLifecycle::Status::kCreating) {
    throw ApiError{ErrorCode::kResourceNotFound,
                   "Requested resource not found: ResourceArn: " + *arn + " not found",
                   {}};
  }
  return table;
}

}  // namespace dynamini
