#pragma once

#include <string>

#include "dynamini/api_error.h"

namespace dynamini::server {

// The JSON body DynamoDB answers for an error:
//   {"__type":"<wire_type>","message":"<message>"<,extra members>}
// The message is JSON-escaped. TransactionCanceledException spells the key
// "Message", as DynamoDB does.
std::string error_body(const ApiError& error);

}  // namespace dynamini::server
