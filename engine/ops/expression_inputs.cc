#include "ops/expression_inputs.h"

#include "dynamini/api_error.h"
#include "validation/request_members.h"

#include <string_view>
#include <vector>

namespace dynamini {

expr::ExpressionAttributes read_expression_attributes(
    const Json& request, std::initializer_list<const char*> expressions) {
  bool any = false;
  std::vector<const char*> value_expressions;
  bool any_value_expression = false;
  for (const char* e : expressions) {
    bool present = find_member(request, e) != nullptr;
    any |= present;
    if (std::string_view(e) == "ProjectionExpression") continue;
    value_expressions.push_back(e);
    any_value_expression |= present;
  }
  if (!any && find_member(request, "ExpressionAttributeNames")) {
    throw validation_error("ExpressionAttributeNames can only be specified when using expressions");
  }
  if (!value_expressions.empty() && !any_value_expression &&
      find_member(request, "ExpressionAttributeValues")) {
    std::string missing;
    for (size_t i = 0; i < value_expressions.size(); ++i) {
      missing += std::string(i ? " and " : "") + value_expressions[i];
    }
    missing += value_expressions.size() > 1 ? " are null" : " is null";
    throw validation_error(
        "ExpressionAttributeValues can only be specified when using expressions: " + missing);
  }
  return expr::parse_expression_attributes(request);
}

expr::ExpressionAttributes read_projection_attributes(const Json& request) {
  if (!find_member(request, "ProjectionExpression") && find_member(request, "ExpressionAttributeNames")) {
    throw validation_error("ExpressionAttributeNames can only be specified when using expressions");
  }
  return expr::parse_expression_attributes(request, /*with_values=*/false);
}

std::optional<expr::Condition> read_condition(const Json& request, const char* member,
                                              expr::ExpressionAttributes& attributes) {
  auto text = string_member(request, member);
  if (!text) return std::nullopt;
  return expr::Condition::parse(*text, attributes, member);
}

std::optional<expr::Projection> read_projection(const Json& request,
                                                expr::ExpressionAttributes& attributes) {
  if (auto text = string_member(request, "ProjectionExpression")) {
    return expr::Projection::parse(*text, attributes);
  }
  if (const Json* names = array_member(request, "AttributesToGet")) {
    std::vector<std::string> list;
    for (const auto& n : names->GetArray()) {
      if (!n.IsString()) throw_wrong_type(n, "String");
      std::string name(n.GetString(), n.GetStringLength());
      for (const auto& seen : list) {
        if (seen == name) {
          throw validation_error(
              "One or more parameter values were invalid: Duplicate value in attribute name: " +
              name);
        }
      }
      list.push_back(std::move(name));
    }
    return expr::Projection::of_names(list);
  }
  return std::nullopt;
}

}  // namespace dynamini
