#pragma once

#include <cstdint>
#include <ostream>
#include <string>

#include "cli/api_target.h"

namespace dynamini::cli {

// --seed TABLE=FILE: writes every item of FILE into TABLE (BatchWriteItem, 25
// at a time) with a progress bar on stderr. FILE holds either DynamoDB JSON
// lines (one item per line, bare or as {"Item": {...}}, as `dynamini dump`
// writes them) or the output of `aws dynamodb scan` ({"Items": [...]}).
// Returns the number of items; throws std::runtime_error naming the file and
// line on failure.
int64_t load_items_from_file(ApiTarget& target, const std::string& table, const std::string& path,
                             bool quiet);

// `dynamini dump TABLE`: every item of TABLE as DynamoDB JSON, one per line
// (Scan pages followed to the end). Returns the number of items.
int64_t dump_table(ApiTarget& target, const std::string& table, std::ostream& out);

}  // namespace dynamini::cli
