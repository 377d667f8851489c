#pragma once

// The MCP tool `explain`: what one DynamoDB request costs and what its
// shape means for the cost. It runs the request with ReturnConsumedCapacity
// INDEXES and reports the capacity units it consumed per table and index
// (Result::consumed_capacity in this process, the response's
// ConsumedCapacity over HTTP), and facts read from the request
// and its response: key lookup, one partition or a whole-table scan, items
// read against items returned (a filter pays for what it drops), read
// consistency, paging, the AWS CLI command that repeats it.
//
// Nothing changes: a read runs where the tools run; a write runs on a
// scratch copy of the database (a snapshot restored into a new in-memory
// database), so only a database in this process can explain writes.
//
// "advisor" is the request reviewer's view (model/advisor.h) of this call,
// from the engine's facts of it (ExecuteOptions::collect_facts), so only in
// this process; over an endpoint it says why there is none.

#include "cli/mcp_backend.h"
#include "cli/mcp_tool.h"

namespace dynamini::cli {

// `backend` must outlive the tool.
McpTool explain_tool(McpBackend& backend);

}  // namespace dynamini::cli
