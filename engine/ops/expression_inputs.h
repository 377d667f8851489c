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

// ---- JSON requests (being replaced by the typed forms above) ---------------

// Reads ExpressionAttributeNames/Values, knowing the operation's expression
// members (in DynamoDB's order). DynamoDB rejects names when the request
// carries none of them ("ExpressionAttributeNames can only be specified when
// using expressions"), and values without one that is not
// ProjectionExpression, with DynamoDB's suffix naming what is missing:
// "ExpressionAttributeValues can only be specified when using expressions:
// UpdateExpression and ConditionExpression are null" (dynalite
// validations/index.js and test/*.js).
expr::ExpressionAttributes read_expression_attributes(
    const Json& request, std::initializer_list<const char*> expressions);

// For GetItem, BatchGetItem's tables and TransactGetItems' Get, whose only
// expression is ProjectionExpression: names need it, and
// ExpressionAttributeValues is not in their API shape, so it is ignored as
// DynamoDB ignores any member outside the shape (dynalite
// validations/getItem.js has no such member and drops unknown ones).
expr::ExpressionAttributes read_projection_attributes(const Json& request);

// Parses an optional condition-like expression member (ConditionExpression,
// FilterExpression).
std::optional<expr::Condition> read_condition(const Json& request, const char* member,
                                              expr::ExpressionAttributes& attributes);

// ProjectionExpression, or the legacy AttributesToGet list of names.
std::optional<expr::Projection> read_projection(const Json& request,
                                                expr::ExpressionAttributes& attributes);

}  // namespace dynamini
