#pragma once

// What RestoreTableFromBackup and RestoreTableToPointInTime share: the
// restored table's definition (the source's keys, indexes and billing, with
// the request's overrides) and its creation, filled in the same hold of the
// storage lock.
//
// Restored: keys, attribute definitions, GSIs and LSIs, billing mode and
// provisioned throughput. Not restored, as in DynamoDB: streams, TTL, point-
// in-time recovery, tags, deletion protection (API reference,
// RestoreTableFromBackup; ack-api-quirks DDB-TABLE-215). SSESpecificationOverride
// and OnDemandThroughputOverride are accepted and have no effect here
// (dynamini keeps no encryption or on-demand maxima).

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "context/context.h"
#include "dynamini/shapes.h"

namespace dynamini {

// The override members both restore requests have.
struct RestoreOverrides {
  std::optional<Enum<api::BillingMode>> billing_mode;
  std::optional<std::vector<api::GlobalSecondaryIndex>> global_indexes;
  std::optional<std::vector<api::LocalSecondaryIndex>> local_indexes;
  std::optional<api::ProvisionedThroughput> throughput;
};

template <class Request>
RestoreOverrides restore_overrides(const Request& r) {
  return {r.billing_mode_override, r.global_secondary_index_override,
          r.local_secondary_index_override, r.provisioned_throughput_override};
}

// The definition of table `target_name` restored from `source` (ids, times
// and storage numbers to be assigned by Context::create_table). Throws
// ValidationException for overrides DynamoDB refuses (ack-api-quirks
// DDB-TABLE-273): an index that matches no source index by key schema and
// projection, throughput on an on-demand table, PROVISIONED without throughput.
TableDef restored_definition(const TableDef& source, const RestoreOverrides& overrides,
                             const std::string& target_name);

// Creates `def` and runs `fill` (copying its item rows in), then writes its
// index rows. Throws TableAlreadyExistsException "Table already exists: <name>"
// when the name is taken (ack-api-quirks DDB-TABLE-100). If filling fails the
// table is dropped again. REQUIRES: the storage lock held.
std::shared_ptr<const TableDef> create_restored_table(
    Context& context, TableDef def, const std::function<void(const TableDef&)>& fill);

// The TableDescription a restore answers: CREATING, with its RestoreSummary
// (RestoreInProgress true; DescribeTable shows ACTIVE and no summary, as
// DynamoDB's does once a restore ends: DDB-TABLE-216).
api::TableDescription restored_table_description(Context& context, const TableDef& def,
                                                 api::RestoreSummary summary);

}  // namespace dynamini
