#pragma once

// A table as DescribeTable, CreateTable, UpdateTable and DeleteTable answer
// it: TableDescription built from the catalog's TableDef and the table's
// storage statistics (API reference, TableDescription).

#include <map>
#include <optional>
#include <string>

#include "catalog/table_def.h"
#include "context/context.h"
#include "dynamini/shapes.h"

namespace dynamini {

struct DescriptionContext {
  const std::string& region;
  const std::string& account_id;
};

// The statuses a description shows: the table's, each global index's
// (ACTIVE unless listed; a CREATING index is described Backfilling) and the
// server-side encryption's (ENABLED unless set), as the operation answering
// sees them.
struct DescribedStatus {
  api::TableStatus table = api::TableStatus::kActive;
  std::map<std::string, api::IndexStatus, std::less<>> indexes;
  std::optional<api::SSEStatus> sse;
};
// The table's status alone (its indexes ACTIVE, its encryption ENABLED).
inline DescribedStatus described_as(api::TableStatus table) {
  DescribedStatus status;
  status.table = table;
  return status;
}

// The statuses of existing table `def` now (context/table_lifecycle.h): CREATING,
// UPDATING with the index it creates CREATING, or ACTIVE.
// REQUIRES: the storage lock held.
DescribedStatus current_status(Context& context, const TableDef& def);

api::TableDescription describe_table_def(const TableDef& def, const TableStats& stats,
                                         const DescribedStatus& status,
                                         const DescriptionContext& where);

}  // namespace dynamini
