#pragma once

// Copies DynamoDB tables from one place to another, for `dynamini copy`:
// for each table, its definition (key schema, attribute definitions,
// global and local secondary indexes with their projections, billing mode
// and provisioned throughput, stream specification) is created at the
// destination, which is waited for until it and its indexes are ACTIVE;
// then its items, read with Scan and written with BatchWriteItem 25 at a
// time, UnprocessedItems sent again with backoff; then its Time to Live
// setting. Not copied: tags, backups, resource policies, table class,
// deletion protection, contributor insights.

#include <chrono>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "cli/api_target.h"
#include "cli/dynamodb_client.h"

namespace dynamini::cli {

struct CopyOptions {
  // Tables to copy; empty: every table of the source.
  std::vector<std::string> tables;
  // How long a new table and its indexes may take to become ACTIVE.
  std::chrono::seconds active_timeout{600};
  // How often one batch's UnprocessedItems are sent again before giving up.
  int unprocessed_attempts = 20;
  bool quiet = false;  // no progress bars
};

struct TableCopied {
  std::string table;
  int64_t items = 0;
  int64_t batches = 0;
  int64_t unprocessed_retries = 0;  // batches sent again for UnprocessedItems
};

// Copies the tables; writes one line per table copied to `log`. Throws
// std::runtime_error naming the table and DynamoDB's error when a step fails
// (a table that already exists at the destination is an error: nothing is
// overwritten).
std::vector<TableCopied> copy_tables(ApiTarget& source, DynamoDbClient& destination,
                                     const CopyOptions& options, std::ostream& log);

// The CreateTable request that recreates the table DescribeTable answered
// (`description_json`: DescribeTable's response). Exposed for tests.
std::string create_table_request(const std::string& description_json);

}  // namespace dynamini::cli
