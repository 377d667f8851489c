#pragma once

// How the inbox model reaches DynamoDB: one function with the contract of
// Database::execute. Over a Database in this process (database_executor), or
// over HTTP (tools/cli wraps its ApiTarget), or wrapped to trace or to inject
// failures in tests.

#include <functional>
#include <string_view>

#include "dynamini/database.h"

namespace dynamini::model {

using Executor = std::function<Result(std::string_view operation, std::string_view request_json)>;

// Calls db.execute. `db` must outlive the executor.
Executor database_executor(Database& db);

}  // namespace dynamini::model
