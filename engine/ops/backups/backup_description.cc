#include "backup_description.h"

#include "backups/recovery_arns.h"
#include "catalog/catalog_format.h"
#include "tables/table_description.h"

namespace dynamini {
namespace {

api::ProvisionedThroughput throughput_of(
    const std::optional<api::ProvisionedThroughputDescription>& d) {
  api::ProvisionedThroughput out;
  out.read_capacity_units = d ? d->read_capacity_units.value_or(0) : 0;
  out.write_capacity_units = d ? d->write_capacity_units.value_or(0) : 0;
  return out;
}

// The source table as DescribeTable would have shown it.
api::TableDescription source_description(const Context& context, const TableDef& def) {
  TableStats stats;
  stats.index_stats.resize(def.indexes.size());
  const auto& o = context.options();
  return describe_table_def(def, stats, described_as(api::TableStatus::kActive),
                            {o.region, o.account_id});
}

api::SourceTableFeatureDetails features(const TableDef& def, const api::TableDescription& d) {
  api::SourceTableFeatureDetails out;
  if (d.local_secondary_indexes) {
    auto& list = out.local_secondary_indexes.emplace();
    for (const auto& lsi : *d.local_secondary_indexes)
      list.push_back({lsi.index_name, lsi.key_schema, lsi.projection});
  }
  if (d.global_secondary_indexes) {
    auto& list = out.global_secondary_indexes.emplace();
    for (const auto& gsi : *d.global_secondary_indexes) {
      api::GlobalSecondaryIndexInfo& info = list.emplace_back();
      info.index_name = gsi.index_name;
      info.key_schema = gsi.key_schema;
      info.projection = gsi.projection;
      info.provisioned_throughput = throughput_of(gsi.provisioned_throughput);
    }
  }
  if (def.stream.enabled) out.stream_description = d.stream_specification;
  if (def.ttl.enabled) {
    out.time_to_live_description = {api::TimeToLiveStatus::kEnabled, def.ttl.attribute};
  }
  return out;
}

}  // namespace

api::BackupDetails backup_details(const StoredBackup& backup, api::BackupStatus status) {
  api::BackupDetails out;
  out.backup_arn = backup.arn;
  out.backup_name = backup.name;
  out.backup_size_bytes = backup.size_bytes;
  out.backup_status = status;
  out.backup_type = backup.type == "SYSTEM" ? api::BackupType::kSystem : api::BackupType::kUser;
  out.backup_creation_date_time = static_cast<double>(backup.created_ms) / 1000.0;
  if (backup.expiry_ms)
    out.backup_expiry_date_time = static_cast<double>(*backup.expiry_ms) / 1000.0;
  return out;
}

api::BackupDescription backup_description(const Context& context, const StoredBackup& backup,
                                          api::BackupStatus status) {
  const TableDef def = table_def_from_json(backup.definition);
  const api::TableDescription d = source_description(context, def);
  api::BackupDescription out;
  out.backup_details = backup_details(backup, status);
  api::SourceTableDetails& source = out.source_table_details.emplace();
  source.table_name = backup.table_name;
  source.table_id = backup.table_id;
  source.table_arn = table_arn_of(context, backup.table_name);
  source.table_size_bytes = backup.size_bytes;
  source.key_schema = d.key_schema;
  source.table_creation_date_time = def.creation_time;
  // On an on-demand table DynamoDB records 0/0 (DDB-BACKUP-017).
  source.provisioned_throughput = def.pay_per_request ? api::ProvisionedThroughput{0, 0}
                                                      : throughput_of(d.provisioned_throughput);
  source.item_count = backup.item_count;
  source.billing_mode =
      def.pay_per_request ? api::BillingMode::kPayPerRequest : api::BillingMode::kProvisioned;
  // A SYSTEM backup records no features (DDB-BACKUP-015).
  out.source_table_feature_details =
      backup.type == "SYSTEM" ? api::SourceTableFeatureDetails{} : features(def, d);
  return out;
}

api::BackupSummary backup_summary(const Context& context, const StoredBackup& backup) {
  api::BackupDetails details = backup_details(backup, api::BackupStatus::kAvailable);
  api::BackupSummary out;
  out.table_name = backup.table_name;
  out.table_id = backup.table_id;
  out.table_arn = table_arn_of(context, backup.table_name);
  out.backup_arn = details.backup_arn;
  out.backup_name = details.backup_name;
  out.backup_creation_date_time = details.backup_creation_date_time;
  out.backup_expiry_date_time = details.backup_expiry_date_time;
  out.backup_status = details.backup_status;
  out.backup_type = details.backup_type;
  out.backup_size_bytes = details.backup_size_bytes;
  return out;
}

}  // namespace dynamini
