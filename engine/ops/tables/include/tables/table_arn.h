#pragma once

// Table ARNs as the tag operations take them (ResourceArn):
// arn:aws:dynamodb:REGION:ACCOUNT:table/NAME, of this database's region and
// account (context/table_reference.h says where those come from).

#include <optional>
#include <string>
#include <string_view>

#include "context/context.h"

namespace dynamini {

// The name of the table an ARN names, by its form alone. Throws
// ValidationException "Invalid TableArn..." for a missing or malformed ARN.
std::string table_name_of_arn(const std::optional<std::string>& arn);

// The same, with the ARN's account and region checked against `scope`:
// another account is AccessDeniedException (the text is ours, as for
// TableName: table_reference.cc), another region "Invalid TableArn: Invalid
// ResourceArn provided as input <arn>" (ack-api-quirks DDB-TABLE-442,
// ListTagsOfResource with an other-region ARN). `action` is the operation.
std::string table_name_of_arn(const std::optional<std::string>& arn, const ArnScope& scope,
                              std::string_view action);

// The table an ARN names. Throws as table_name_of_arn and
// ResourceNotFoundException "Requested resource not found: ResourceArn: <arn>
// not found" for an unknown table, or one still CREATING (ack-api-quirks
// DDB-TABLE-101, 2026; dynalite recorded "ResourcArn" earlier).
// REQUIRES: the storage lock held.
std::shared_ptr<const TableDef> table_of_arn(Context& context,
                                             const std::optional<std::string>& arn,
                                             std::string_view action);

}  // namespace dynamini
