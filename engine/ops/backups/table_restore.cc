#include "table_restore.h"

#include <algorithm>
#include <set>

#include "dynamini/api_error.h"
#include "tables/table_binding.h"
#include "tables/table_description.h"

namespace dynamini {
namespace {

bool same_keys(const KeySchema& keys, const std::vector<api::KeySchemaElement>& schema) {
  std::optional<std::string> hash, range;
  for (const auto& e : schema) {
    if (e.key_type && *e.key_type == api::KeyType::kHash) hash = e.attribute_name;
    if (e.key_type && *e.key_type == api::KeyType::kRange) range = e.attribute_name;
  }
  const std::optional<std::string> source_range =
      keys.range ? std::optional<std::string>(keys.range->name) : std::nullopt;
  return hash == keys.hash.name && range == source_range && schema.size() == (range ? 2u : 1u);
}

bool same_projection(const IndexProjection& a, const IndexProjection& b) {
  if (a.type != b.type) return false;
  std::set<std::string> x(a.non_key_attributes.begin(), a.non_key_attributes.end());
  std::set<std::string> y(b.non_key_attributes.begin(), b.non_key_attributes.end());
  return x == y;
}

// The source index an override entry restores (renamed, perhaps).
template <class Override>
IndexDef matching_index(const TableDef& source, const Override& o, bool global) {
  const IndexProjection projection = bind_projection(*o.projection);
  for (const auto& index : source.indexes) {
    if (index.global == global && same_keys(index.keys, *o.key_schema) &&
        same_projection(index.projection, projection)) {
      IndexDef out = index;
      out.name = *o.index_name;
      return out;
    }
  }
  // ack-api-quirks DDB-TABLE-273 (observed on DynamoDB).
  throw validation_error("Index " + *o.index_name +
                         " does not match a secondary index that existed in the source table and "
                         "cannot be created during the restore operation");
}

std::vector<IndexDef> restored_indexes(const TableDef& source, const RestoreOverrides& o) {
  std::vector<IndexDef> out;
  for (const auto& index : source.indexes) {
    if (index.global && !o.global_indexes) out.push_back(index);
    if (!index.global && !o.local_indexes) out.push_back(index);
  }
  std::set<std::string> names;
  auto add = [&](IndexDef index) {
    if (!names.insert(index.name).second) {
      throw invalid_parameter("Duplicate index name: " + index.name);
    }
    out.push_back(std::move(index));
  };
  if (o.global_indexes) {
    for (const auto& gsi : *o.global_indexes) {
      IndexDef index = matching_index(source, gsi, true);
      if (gsi.provisioned_throughput)
        index.throughput = bind_throughput(*gsi.provisioned_throughput);
      add(std::move(index));
    }
  }
  if (o.local_indexes) {
    for (const auto& lsi : *o.local_indexes) add(matching_index(source, lsi, false));
  }
  return out;
}

void restore_billing(TableDef& def, const TableDef& source, const RestoreOverrides& o) {
  def.pay_per_request =
      o.billing_mode ? *o.billing_mode == api::BillingMode::kPayPerRequest : source.pay_per_request;
  // Messages: ack-api-quirks DDB-TABLE-273 (observed on DynamoDB).
  if (def.pay_per_request && o.throughput) {
    throw validation_error(
        "Cannot override ProvisionedThroughput unless BillingMode is PROVISIONED");
  }
  if (is_value(o.billing_mode, api::BillingMode::kProvisioned) && !o.throughput) {
    throw validation_error(
        "Must override ProvisionedThroughput if BillingMode is overridden to PROVISIONED");
  }
  if (def.pay_per_request) {
    // An on-demand restore holds no throughput, its GSIs 0/0 (DDB-TABLE-273).
    def.throughput = {};
    for (auto& index : def.indexes) index.throughput = {};
    return;
  }
  def.throughput = o.throughput ? bind_throughput(*o.throughput) : source.throughput;
  // A GSI restored into a provisioned table from an on-demand source has no
  // throughput of its own: it takes the table's (dynamini's choice).
  for (auto& index : def.indexes) {
    if (index.global && index.throughput.read == 0) index.throughput = def.throughput;
  }
}

// The attribute definitions the restored keys use, in the source's order.
std::vector<KeyElement> used_definitions(const TableDef& source, const TableDef& def) {
  std::set<std::string> used{def.keys.hash.name};
  if (def.keys.range) used.insert(def.keys.range->name);
  for (const auto& index : def.indexes) {
    used.insert(index.keys.hash.name);
    if (index.keys.range) used.insert(index.keys.range->name);
  }
  std::vector<KeyElement> out;
  for (const auto& d : source.attribute_definitions) {
    if (used.contains(d.name)) out.push_back(d);
  }
  return out;
}

}  // namespace

TableDef restored_definition(const TableDef& source, const RestoreOverrides& overrides,
                             const std::string& target_name) {
  TableDef def;
  def.name = target_name;
  def.keys = source.keys;
  def.indexes = restored_indexes(source, overrides);
  int number = 0;
  for (auto& index : def.indexes) index.number = ++number;
  restore_billing(def, source, overrides);
  def.attribute_definitions = used_definitions(source, def);
  return def;
}

std::shared_ptr<const TableDef> create_restored_table(
    Context& context, TableDef def, const std::function<void(const TableDef&)>& fill) {
  if (context.find_table(def.name)) {
    throw ApiError{ErrorCode::kTableAlreadyExists, "Table already exists: " + def.name, {}};
  }
  auto created = context.create_table(std::move(def));
  try {
    WriteTransaction txn(context.store().connection());
    fill(*created);
    context.store().fill_index_rows(*created);
    txn.commit();
  } catch (...) {
    context.delete_table(*created, context.store().stats(*created));
    throw;
  }
  return created;
}

api::TableDescription restored_table_description(Context& context, const TableDef& def,
                                                 api::RestoreSummary summary) {
  const auto& o = context.options();
  api::TableDescription out =
      describe_table_def(def, context.store().stats(def), described_as(api::TableStatus::kCreating),
                         {o.region, o.account_id});
  summary.restore_in_progress = true;
  out.restore_summary = std::move(summary);
  return out;
}

}  // namespace dynamini
