#pragma once

#include <string>
#include <utility>

#include "dynamini/api_error.h"

namespace dynamini {

// A ValidationException of DynamoDB's request-validation family: malformed
// expressions and expression parameters, ReturnValues, mixed expression and
// legacy parameters, NULL false, empty or duplicate sets. PutItem and
// UpdateItem send these as "1 validation error detected: <message>", every
// other operation bare; data-plane, structural and limit errors stay bare on
// every operation (nubo-db/dynoxide pull request 152, the families captured
// from DynamoDB in eu-west-2, 2026; DynamoDB's older regions still send them
// bare, nubo-db/dynamodb-conformance). Raised as its own type so that the
// operation, not the raising site, decides the wording (operation/typed_operation.h).
struct RequestCheckError : ApiError {
  explicit RequestCheckError(std::string text)
      : ApiError{ErrorCode::kValidation, std::move(text), {}} {}
};

// The prefix of DynamoDB's messages for a parameter value it refuses
// ("One or more parameter values were invalid: An AttributeValue may not
// contain an empty string").
inline constexpr char kInvalidParameterValues[] = "One or more parameter values were invalid: ";

inline RequestCheckError request_check_error(std::string message) {
  return RequestCheckError(std::move(message));
}

}  // namespace dynamini
