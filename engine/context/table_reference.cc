#include "context/table_reference.h"

#include "dynamini/api_error.h"
#include "values/shape_errors.h"

namespace dynamini {
namespace {

// "1 validation error detected: Invalid AWS region in '<arn>'" and its
// siblings (ack-api-quirks DDB-TABLE-442).
ApiError invalid_in(std::string_view what, std::string_view arn) {
  return validation_error("1 validation error detected: Invalid " + std::string(what) + " in '" +
                          std::string(arn) + "'");
}

// Not confirmed: DynamoDB's text for an ARN that is not of the table form
// (the catalogue records only that one starts "Valid ARN format is ...").
ApiError invalid_format(std::string_view arn) { return invalid_in("ARN format", arn); }

// Not confirmed: the principal is ours (dynamini has no caller identity); the
// form is IAM's for a cross-account request no resource policy allows.
ApiError access_denied(std::string_view account, std::string_view action, std::string_view arn) {
  const std::string act = "dynamodb:" + std::string(action);
  return ApiError{ErrorCode::kAccessDenied,
                  "User: arn:aws:iam::" + std::string(account) +
                      ":root is not authorized to perform: " + act +
                      " on resource: " + std::string(arn) +
                      " because no resource-based policy allows the " + act + " action",
                  {}};
}

}  // namespace

std::optional<ArnParts> split_arn(std::string_view text) {
  if (!text.starts_with("arn:")) return std::nullopt;
  std::string_view rest = text.substr(4);
  std::string_view fields[4];
  for (auto& field : fields) {
    const size_t colon = rest.find(':');
    if (colon == std::string_view::npos) return std::nullopt;
    field = rest.substr(0, colon);
    rest = rest.substr(colon + 1);
  }
  return ArnParts{fields[0], fields[1], fields[2], fields[3], rest};
}

std::string table_arn(const ArnScope& scope, std::string_view name) {
  return "arn:aws:dynamodb:" + std::string(scope.region) + ":" + std::string(scope.account) +
         ":table/" + std::string(name);
}

std::string table_name_of_reference(std::string_view reference, const ArnScope& scope,
                                    std::string_view action) {
  if (!reference.starts_with("arn:")) return std::string(reference);
  const auto parts = split_arn(reference);
  if (!parts || parts->service != "dynamodb") throw invalid_format(reference);
  if (parts->partition != "aws") throw invalid_in("AWS partition", reference);
  if (!parts->resource.starts_with("table/")) throw invalid_in("resource type", reference);
  const std::string_view name = parts->resource.substr(6);
  if (!is_valid_name(name)) throw invalid_format(reference);  // an index or stream ARN too
  if (parts->account != scope.account) throw access_denied(scope.account, action, reference);
  if (parts->region != scope.region) throw invalid_in("AWS region", reference);
  return std::string(name);
}

}  // namespace dynamini
