#pragma once

// The MCP tools that are one DynamoDB call each: list_tables,
// describe_table, get_item, put_item, update_item, delete_item, query and
// scan. Their arguments are the DynamoDB request's own members (TableName,
// Key, KeyConditionExpression, ...), items and keys in DynamoDB JSON
// ({"pk": {"S": "USER#u_alice"}}), so what an agent knows of the API
// applies as it is; their result is DynamoDB's response. Paged tools take a
// `cursor` (the `nextCursor` of the page before) instead of
// ExclusiveStartKey / ExclusiveStartTableName.

#include <vector>

#include "cli/mcp_backend.h"
#include "cli/mcp_tool.h"

namespace dynamini::cli {

// `backend` must outlive the tools.
std::vector<McpTool> data_tools(McpBackend& backend);

}  // namespace dynamini::cli
