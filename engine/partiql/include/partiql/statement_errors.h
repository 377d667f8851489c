#pragma once

// DynamoDB's errors for PartiQL statements.

#include <string>

#include "dynamini/api_error.h"

namespace dynamini::partiql {

// "Statement wasn't well formed, can't be processed: <detail>" (recorded from
// DynamoDB in public emulator tests, e.g. "...: Expected data manipulation").
inline ApiError statement_error(const std::string& detail) {
  return validation_error("Statement wasn't well formed, can't be processed: " + detail);
}

}  // namespace dynamini::partiql
