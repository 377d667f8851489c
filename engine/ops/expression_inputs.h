#pragma once

// The expression-related members shared by the item operations.

#include <initializer_list>
#include <optional>
#include <string>

#include "expressions/expressions.h"
#include "values/json.h"

namespace dynamini {

// Reads ExpressionAttributeNames/Values. DynamoDB rejects them when the
// request carries no expression at all:
// "ExpressionAttributeNames can only be specified when using expressions".
expr::ExpressionAttributes read_expression_attributes(const Json& request, bool any_expression);
// The same, knowing the operation's expression members (in DynamoDB's
// order): names need any of them, values one that is not
// ProjectionExpression, with DynamoDB's suffix naming what is missing:
// "ExpressionAttributeValues can only be specified when using expressions:
// UpdateExpression and ConditionExpression are null" (dynalite
// validations/index.js and test/*.js).
expr::ExpressionAttributes read_expression_attributes(
    const Json& request, std::initializer_list<const char*> expressions);

// Parses an optional condition-like expression member (ConditionExpression,
// FilterExpression).
std::optional<expr::Condition> read_condition(const Json& request, const char* member,
                                              expr::ExpressionAttributes& attributes);

// ProjectionExpression, or the legacy AttributesToGet list of names.
std::optional<expr::Projection> read_projection(const Json& request,
                                                expr::ExpressionAttributes& attributes);

}  // namespace dynamini
