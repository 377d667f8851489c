#pragma once

// What a request names a table by. Since 2024 DynamoDB takes a table's ARN
// wherever it takes the table's name (API reference, every TableName member:
// "You can also provide the Amazon Resource Name (ARN) of the table in this
// parameter"): each operation's TableName, the keys of BatchGetItem's and
// BatchWriteItem's RequestItems, the transactions' items and PartiQL's table
// names. Responses keyed by table (BatchGetItem's Responses and
// UnprocessedKeys, ConsumedCapacity.TableName, ItemCollectionMetrics) use
// what the request used (API reference, BatchGetItem: "A map of table name or
// table ARN to a list of items"; ConsumedCapacity: "If you had specified the
// ARN of a table in the input, you'll see the table ARN in the response").
//
// A value that does not start with "arn:" is a name, held to the name's rules
// by the request's shape check (api/shape_checks.h). An ARN is resolved here,
// in one place (Context::require_table and its siblings call it), checked in
// this order:
//   arn:<partition>:dynamodb:<region>:<account>:table/<name>, <name> a valid
//   table name                  else ValidationException (format, partition,
//                               resource type)
//   <account> this database's   else AccessDeniedException
//   <region> this database's    else ValidationException
//                               "1 validation error detected: Invalid AWS
//                               region in '<arn>'"
// (ack-api-quirks DDB-TABLE-442 catalogue, 2026, for DescribeTable,
// DescribeTimeToLive: "Invalid AWS region in", "Invalid AWS partition in",
// "Invalid resource type in"; the account before the region as ExtendDB
// pull request 227 measured for the tag operations. The texts for a
// malformed ARN and for another account are ours: see table_reference.cc.)

#include <optional>
#include <string>
#include <string_view>

namespace dynamini {

// The six fields of "arn:partition:service:region:account:resource".
struct ArnParts {
  std::string_view partition;
  std::string_view service;
  std::string_view region;
  std::string_view account;
  std::string_view resource;  // e.g. "table/orders" (may hold more '/' and ':')
};
// nullopt unless `text` is "arn:" followed by five ':'-separated fields.
std::optional<ArnParts> split_arn(std::string_view text);

// Where this database's tables live: the region and account in its ARNs
// (Options::region, Options::account_id).
struct ArnScope {
  std::string_view region;
  std::string_view account;
};

// The ARN of table `name` in `scope`: arn:aws:dynamodb:REGION:ACCOUNT:table/NAME.
std::string table_arn(const ArnScope& scope, std::string_view name);

// The table name `reference` (a TableName value) names. `action` is the
// operation the request needs on the table, e.g. "GetItem", as named in
// AccessDeniedException. Throws ApiError.
std::string table_name_of_reference(std::string_view reference, const ArnScope& scope,
                                    std::string_view action);

}  // namespace dynamini
