// CreateTable: the table is usable at once; the response says CREATING as
// DynamoDB's does, and DescribeTable says ACTIVE (waiters return at once).
// Semantic checks in the order DynamoDB answers them (dynalite
// validations/createTable.js): billing, the table's keys, then each local
// index, then each global index, then the attribute definitions' count.

#include <mutex>

#include "ops/create_table_binding.h"
#include "ops/operations.h"
#include "ops/table_binding.h"
#include "ops/table_description.h"

namespace dynamini {
namespace {

// DynamoDB's per-table quotas at creation (Developer Guide, "Quotas").
constexpr size_t kMaxLocalIndexes = 5;
constexpr size_t kMaxGlobalIndexes = 20;

class IndexNames {
 public:
  void add(const std::string& name) {
    if (!names_.insert(name).second) throw invalid_parameter("Duplicate index name: " + name);
  }

 private:
  std::set<std::string> names_;
};

void bind_billing(const CreateTableRequest& request, TableDef& def) {
  std::optional<Throughput> throughput;
  if (request.provisioned_throughput) throughput = bind_throughput(*request.provisioned_throughput);
  def.pay_per_request = is_value(request.billing_mode, api::BillingMode::kPayPerRequest);
  if (def.pay_per_request && throughput) {
    throw invalid_parameter(
        "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is "
        "PAY_PER_REQUEST");
  }
  if (!def.pay_per_request && !throughput) {
    throw invalid_parameter(
        "ReadCapacityUnits and WriteCapacityUnits must both be specified when BillingMode is "
        "PROVISIONED");
  }
  if (throughput) def.throughput = *throughput;
}

std::vector<IndexDef> bind_local_indexes(const std::vector<api::LocalSecondaryIndex>& list,
                                         const TableDef& def, std::set<std::string>& used,
                                         IndexNames& names) {
  if (list.empty()) throw invalid_parameter("List of LocalSecondaryIndexes is empty");
  if (!def.keys.range) {
    throw invalid_parameter(
        "Table KeySchema does not have a range key, which is required when specifying a "
        "LocalSecondaryIndex");
  }
  std::vector<IndexDef> out;
  for (const auto& lsi : list) {
    const std::string& name = *lsi.index_name;
    IndexDef index;
    index.name = name;
    index.global = false;
    index.keys = bind_index_keys(*lsi.key_schema, def.attribute_definitions, used);
    if (!index.keys.range) {
      throw invalid_parameter("Index KeySchema does not have a range key for index: " + name);
    }
    if (index.keys.hash.name != def.keys.hash.name) {
      throw invalid_parameter(
          "Index KeySchema does not have the same leading hash key as table KeySchema for "
          "index: " +
          name + ". index hash key: " + index.keys.hash.name +
          ", table hash key: " + def.keys.hash.name);
    }
    index.projection = bind_projection(*lsi.projection);
    names.add(name);
    out.push_back(std::move(index));
  }
  if (out.size() > kMaxLocalIndexes) {
    throw invalid_parameter("Number of LocalSecondaryIndexes exceeds per-table limit of 5");
  }
  return out;
}

// Texts from ack-api-quirks DDB-TABLE-442 (CreateTable).
std::vector<IndexDef> bind_global_indexes(const std::vector<api::GlobalSecondaryIndex>& list,
                                          const TableDef& def, std::set<std::string>& used,
                                          IndexNames& names) {
  if (list.empty()) throw invalid_parameter("List of GlobalSecondaryIndexes is empty");
  std::vector<IndexDef> out;
  for (const auto& gsi : list) {
    const std::string& name = *gsi.index_name;
    IndexDef index;
    index.name = name;
    index.global = true;
    index.keys = bind_index_keys(*gsi.key_schema, def.attribute_definitions, used);
    index.projection = bind_projection(*gsi.projection);
    names.add(name);
    const auto& throughput = gsi.provisioned_throughput;
    if (def.pay_per_request && throughput) {
      throw invalid_parameter("ProvisionedThroughput should not be specified for index: " + name +
                              " when BillingMode is PAY_PER_REQUEST");
    }
    if (!def.pay_per_request && !throughput) {
      throw invalid_parameter("ProvisionedThroughput is not specified for index: " + name);
    }
    if (throughput)
      index.throughput = {*throughput->read_capacity_units, *throughput->write_capacity_units};
    out.push_back(std::move(index));
  }
  if (out.size() > kMaxGlobalIndexes) {
    throw invalid_parameter("GlobalSecondaryIndex count exceeds the per-table limit of 20");
  }
  return out;
}

}  // namespace

TableDef bind_create_table(const CreateTableRequest& request) {
  TableDef def;
  def.name = *request.table_name;
  def.attribute_definitions = bind_attribute_definitions(*request.attribute_definitions);
  bind_billing(request, def);
  std::set<std::string> used;
  def.keys = bind_table_keys(*request.key_schema, def.attribute_definitions, used);
  IndexNames names;
  std::vector<IndexDef> locals, globals;
  if (request.local_secondary_indexes) {
    locals = bind_local_indexes(*request.local_secondary_indexes, def, used, names);
  }
  if (request.global_secondary_indexes) {
    globals = bind_global_indexes(*request.global_secondary_indexes, def, used, names);
  }
  // Storage numbers: global indexes first, then local ones.
  int number = 0;
  for (auto* list : {&globals, &locals}) {
    for (auto& index : *list) {
      index.number = ++number;
      def.indexes.push_back(std::move(index));
    }
  }
  if (used.size() != def.attribute_definitions.size()) {
    throw invalid_parameter(
        "Number of attributes in KeySchema does not exactly match number of attributes defined in "
        "AttributeDefinitions");
  }
  def.deletion_protection = request.deletion_protection_enabled.value_or(false);
  def.stream = bind_stream_for_create(request.stream_specification);
  return def;
}

CreateTableResponse CreateTableOperation::run(Context& context, const Request& request,
                                              const ExecuteOptions&) {
  TableDef def = bind_create_table(request);
  std::shared_ptr<const TableDef> created;
  {
    std::lock_guard lock(context.storage_mutex());
    created = context.create_table(std::move(def));
  }
  TableStats stats;
  stats.index_stats.resize(created->indexes.size());
  const auto& options = context.options();
  return {describe_table_def(*created, stats, api::TableStatus::kCreating,
                             {options.region, options.account_id})};
}

}  // namespace dynamini
