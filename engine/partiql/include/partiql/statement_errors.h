#pragma once

// DynamoDB's errors for PartiQL statements. Three shapes (recorded against
// DynamoDB in public conformance tests, paritysuite/dynamodb-conformance
// tests/tier3/error-messages/partiqlGrammar.test.ts and partiqlFunctions.test.ts):
//   - what the parser cannot read: "Statement wasn't well formed, can't be
//     processed: <detail>" (the detail empty for what the lexer cannot read);
//   - what DynamoDB refuses about a construct it read: its own sentence, with
//     " at <line>:<column>:<length>" naming the construct's first token for
//     some of them ("Unrecognized function: x at 1:40:6");
//   - everything else: the sentence alone ("Aliasing is not supported").

#include <string>

#include "dynamini/api_error.h"
#include "partiql/syntax.h"

namespace dynamini::partiql {

inline ApiError statement_error(const std::string& detail) {
  return validation_error("Statement wasn't well formed, can't be processed: " + detail);
}

// "<message> at line:column:length".
inline ApiError located_error(const std::string& message, const syntax::SourceSpan& span) {
  return validation_error(message + " at " + std::to_string(span.line) + ":" +
                          std::to_string(span.column) + ":" + std::to_string(span.length));
}

}  // namespace dynamini::partiql
