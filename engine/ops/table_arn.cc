#include "ops/table_arn.h"

#include <vector>

#include "dynamini/api_error.h"
#include "validation/shape_errors.h"

namespace dynamini {

// Messages recorded from DynamoDB (dynalite test/listTagsOfResource.js):
// "Invalid TableArn", "Invalid TableArn: Invalid ResourceArn provided as input
// <arn>", "Requested resource not found: ResourcArn: <arn> not found" (sic).
std::string table_name_of_arn(const std::optional<std::string>& arn) {
  if (!arn) throw validation_error("Invalid TableArn");
  std::vector<std::string> parts;
  size_t begin = 0;
  for (int i = 0; i < 5; ++i) {
    size_t colon = arn->find(':', begin);
    if (colon == std::string::npos) break;
    parts.push_back(arn->substr(begin, colon - begin));
    begin = colon + 1;
  }
  const std::string invalid = "Invalid TableArn: Invalid ResourceArn provided as input " + *arn;
  if (parts.size() != 5) throw validation_error(invalid);
  std::string resource = arn->substr(begin);
  if (parts[0] != "arn" || parts[2] != "dynamodb" || resource.rfind("table/", 0) != 0) {
    throw validation_error(invalid);
  }
  std::string name = resource.substr(6);
  if (!is_valid_name(name)) throw validation_error(invalid);
  return name;
}

std::shared_ptr<const TableDef> table_of_arn(Context& context,
                                             const std::optional<std::string>& arn) {
  auto table = context.find_table(table_name_of_arn(arn));
  if (!table) {
    throw ApiError{ErrorCode::kResourceNotFound,
                   "Requested resource not found: ResourcArn: " + *arn + " not found",
                   {}};
  }
  return table;
}

}  // namespace dynamini
