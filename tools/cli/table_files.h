#pragma once

#include <string>

#include "cli/api_target.h"

namespace dynamini::cli {

// --schema FILE: creates the tables described in FILE. Accepts a CreateTable
// request, a DescribeTable response ({"Table": {...}}, as `aws dynamodb
// describe-table` prints it) or a bare TableDescription, or a JSON array of
// any of these. Returns how many tables were created; throws
// std::runtime_error naming the file and the table on failure.
int create_tables_from_file(ApiTarget& target, const std::string& path);

}  // namespace dynamini::cli
