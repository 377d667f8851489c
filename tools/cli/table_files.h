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

// The CreateTable request (JSON) for the one table FILE describes, in any of
// the forms above. Throws std::runtime_error when FILE holds no table or
// several.
std::string create_table_request_from_file(const std::string& path);

}  // namespace dynamini::cli
