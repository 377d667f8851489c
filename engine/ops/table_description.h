#pragma once

// A table as DescribeTable, CreateTable, UpdateTable and DeleteTable answer
// it: TableDescription built from the catalog's TableDef and the table's
// storage statistics (API reference, TableDescription).

#include <map>
#include <string>

#include "catalog/table_def.h"
#include "dynamini/shapes.h"

namespace dynamini {

struct DescriptionContext {
  const std::string& region;
  const std::string& account_id;
};

// `status` is the table's TableStatus; `index_status` overrides a GSI's
// IndexStatus (ACTIVE by default) by index name, as UpdateTable answers
// CREATING, UPDATING or DELETING.
api::TableDescription describe_table_def(
    const TableDef& def, const TableStats& stats, api::TableStatus status,
    const DescriptionContext& where,
    const std::map<std::string, api::IndexStatus, std::less<>>& index_status = {});

}  // namespace dynamini
