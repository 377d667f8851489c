#include "tables/table_arn.h"

#include "dynamini/api_error.h"
#include "values/shape_errors.h"

namespace dynamini {
namespace {

ApiError invalid_arn(const std::string& arn) {
  return validation_error("Invalid TableArn: Invalid ResourceArn provided as input " + arn);
}

}  // namespace

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
