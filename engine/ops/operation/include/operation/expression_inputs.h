#pragma once

// The expression-related members shared by the item operations.

#include <initializer_list>
#include <optional>
#include <string>

#include "expressions/expressions.h"
#include "expressions/legacy.h"
#include "values/json.h"

namespace dynamini {

// ---- Typed requests --------------------------------------------------------

using ExpressionNames = std::optional<std::map<std::string, std::string>>;
using ExpressionValues = std::optional<Item>;

// ExpressionAttributeNames/Values, knowing which of the operation's
// expression members the request carries (in DynamoDB's order): the same
// rules and messages as the JSON form below.
expr::ExpressionAttributes read_expression_attributes(
    const ExpressionNames& names, const ExpressionValues& values,
    std::initializer_list<expr::MemberPresence> expressions);
// GetItem, BatchGetItem's tables, TransactGetItems' Get: names need a
// ProjectionExpression; their shapes have no values.
expr::ExpressionAttributes read_projection_attributes(const ExpressionNames& names,
                                                      bool has_projection_expression);
std::optional<expr::Condition> read_condition(const std::optional<std::string>& text,
                                              const char* member,
                                              expr::ExpressionAttributes& attributes);
// ProjectionExpression, or the legacy AttributesToGet list of names
// ("Duplicate value in attribute name: a").
std::optional<expr::Projection> read_projection(
    const std::optional<std::string>& expression,
    const std::optional<std::vector<std::string>>& attributes_to_get,
    expr::ExpressionAttributes& attributes);

}  // namespace dynamini
