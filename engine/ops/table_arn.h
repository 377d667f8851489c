#pragma once

// Table ARNs as the tag operations take them:
// arn:aws:dynamodb:REGION:ACCOUNT:table/NAME. Any region and account reach
// the same tables (as with request signing).

#include <optional>
#include <string>

#include "context.h"

namespace dynamini {

// The name of the table an ARN names. Throws ValidationException "Invalid
// TableArn..." for a missing or malformed ARN.
std::string table_name_of_arn(const std::optional<std::string>& arn);

// The table an ARN names. Throws ValidationException "Invalid TableArn..."
// for a malformed ARN and ResourceNotFoundException for an unknown table.
// REQUIRES: the storage lock held.
std::shared_ptr<const TableDef> table_of_arn(Context& context,
                                             const std::optional<std::string>& arn);

}  // namespace dynamini
