#pragma once

// DynamoDB's legacy (pre-expression) conditional parameters, translated into
// the expression module's objects so that evaluation has one implementation:
//   Expected (+ ConditionalOperator)       -> Condition   (PutItem, UpdateItem, DeleteItem)
//   QueryFilter / ScanFilter (+ ConditionalOperator) -> Condition
//   KeyConditions                          -> KeyConditionTerms (Query)
//   AttributeUpdates                       -> Update      (UpdateItem)
// Validation messages are DynamoDB's (recorded in dynalite validations/*.js
// and DynamoDB Local's request validator).

#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "dynamini/shapes.h"
#include "expressions/expressions.h"
#include "values/json.h"
#include "values/shape_errors.h"

namespace dynamini::expr {

// ---- Typed requests (dynamini/shapes.h) ------------------------------------

// Whether a request carries a member (for the mixing rule and the
// expression-attribute rules, which name members).
struct MemberPresence {
  const char* name;
  bool present;
};

// "Can not use both expression and non-expression parameters in the same
// request: Non-expression parameters: {Expected} Expression parameters:
// {ConditionExpression}". Each list in DynamoDB's order. (On Query the caller
// counts KeyConditions only next to a KeyConditionExpression: dynalite
// validations/index.js validateExpressionParams.)
void check_expression_mixing(std::initializer_list<MemberPresence> expression,
                             std::initializer_list<MemberPresence> non_expression);

using ExpectedMap = std::map<std::string, std::optional<api::ExpectedAttributeValue>>;
using ConditionMap = std::map<std::string, std::optional<api::Condition>>;
using AttributeUpdateMap = std::map<std::string, std::optional<api::AttributeValueUpdate>>;
using ConditionalOperator = std::optional<Enum<api::ConditionalOperator>>;

// Expected + ConditionalOperator; nullopt when Expected is absent or empty.
std::optional<Condition> legacy_expected(const std::optional<ExpectedMap>& expected,
                                         const ConditionalOperator& conditional_operator);
// QueryFilter or ScanFilter + ConditionalOperator; nullopt when absent or empty.
std::optional<Condition> legacy_filter(const std::optional<ConditionMap>& filter,
                                       const ConditionalOperator& conditional_operator);
// KeyConditions of a Query (1 to kMaxKeyConditionTerms conditions, indexable
// operators only; the Query checks the count against the key schema).
std::vector<KeyConditionTerm> legacy_key_conditions(const ConditionMap& key_conditions);
// AttributeUpdates; nullopt when absent or empty.
std::optional<Update> legacy_attribute_updates(const std::optional<AttributeUpdateMap>& updates);

}  // namespace dynamini::expr
