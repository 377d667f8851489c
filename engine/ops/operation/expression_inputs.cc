#include "operation/expression_inputs.h"

#include <string_view>
#include <vector>

#include "dynamini/api_error.h"
#include "values/request_check_error.h"

namespace dynamini {

expr::ExpressionAttributes read_expression_attributes(
    const ExpressionNames& names, const ExpressionValues& values,
    std::initializer_list<expr::MemberPresence> expressions) {
  bool any = false;
  std::string missing;
  size_t value_expressions = 0;
  bool any_value_expression = false;
  for (const auto& e : expressions) {
    any |= e.present;
    if (std::string_view(e.name) == "ProjectionExpression") continue;
    missing += std::string(value_expressions++ ? " and " : "") + e.name;
    any_value_expression |= e.present;
  }
  if (!any && names) {
    throw request_check_error(
        "ExpressionAttributeNames can only be specified when using expressions");
  }
  if (value_expressions > 0 && !any_value_expression && values) {
    // PutItem and DeleteItem, whose one value expression is
    // ConditionExpression, end the sentence there (paritysuite/
    // dynamodb-conformance tests/tier3/error-messages/putItem.test.ts and
    // deleteItem.test.ts, eu-west-2 and us-east-1, 2026-10-09); the others
    // still name what is null (dynalite test/updateItem.js, test/query.js).
    if (missing == "ConditionExpression") {
      throw request_check_error(
          "ExpressionAttributeValues can only be specified when using expressions");
    }
    missing += value_expressions > 1 ? " are null" : " is null";
    throw request_check_error(
        "ExpressionAttributeValues can only be specified when using expressions: " + missing);
  }
  return expr::make_expression_attributes(names, values);
}

expr::ExpressionAttributes read_projection_attributes(const ExpressionNames& names,
                                                      bool has_projection_expression) {
  if (!has_projection_expression && names) {
    throw request_check_error(
        "ExpressionAttributeNames can only be specified when using expressions");
  }
  return expr::make_expression_attributes(names, std::nullopt);
}

std::optional<expr::Condition> read_condition(const std::optional<std::string>& text,
                                              const char* member,
                                              expr::ExpressionAttributes& attributes) {
  if (!text) return std::nullopt;
  return expr::Condition::parse(*text, attributes, member);
}

std::optional<expr::Projection> read_projection(
    const std::optional<std::string>& expression,
    const std::optional<std::vector<std::string>>& attributes_to_get,
    expr::ExpressionAttributes& attributes) {
  if (expression) return expr::Projection::parse(*expression, attributes);
  if (!attributes_to_get) return std::nullopt;
  for (size_t i = 0; i < attributes_to_get->size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      if ((*attributes_to_get)[j] == (*attributes_to_get)[i]) {
        throw validation_error(
            "One or more parameter values were invalid: Duplicate value in attribute name: " +
            (*attributes_to_get)[i]);
      }
    }
  }
  return expr::Projection::of_names(*attributes_to_get);
}

}  // namespace dynamini
