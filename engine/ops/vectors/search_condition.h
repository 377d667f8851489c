#pragma once

// SearchConditionExpression (SearchVectors): a conjunction of equalities
// between a top-level SearchSchema attribute and a value. Parsed first as any
// condition expression (syntax errors, undefined #names and :values, in
// DynamoDB's words with the "Invalid SearchConditionExpression: " prefix),
// then restricted. Messages recorded against DynamoDB (eu-west-2, 2026-08-11
// and -19: paritysuite/dynamodb-conformance tests/tier3/error-messages/
// searchVectors.test.ts; nubo-db/dynoxide src/actions/search_vectors.rs):
//   any operator but = (on HASH and INLINE_FILTER elements alike; the
//   Developer Guide's troubleshooting page: only equality is supported):
//     "Invalid SearchConditionExpression: Invalid comparator used in
//      SearchConditionExpression"
//   a nested path: "Invalid SearchConditionExpression: SearchConditionExpression
//      cannot have conditions on nested attributes"
//   two conditions on one attribute: "Invalid SearchConditionExpression:
//      SearchConditionExpression must only contain one condition per attribute"
// OR, NOT, BETWEEN, IN and functions are not recorded; they take the comparator
// message (dynoxide does the same).

#include <string>
#include <vector>

#include "expressions/expressions.h"

namespace dynamini {

struct SearchEquality {
  std::string attribute;  // resolved top-level name
  AttributeValue value;
  bool nested = false;  // the path went below the top level
};

// REQUIRES: the text parsed as a condition already (expr::Condition::parse).
std::vector<SearchEquality> parse_search_condition(const std::string& text,
                                                   const expr::ExpressionAttributes& attributes);

}  // namespace dynamini
