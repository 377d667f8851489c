#include "tables/table_description.h"

#include "catalog/stream_settings.h"
#include "tables/table_settings.h"

namespace dynamini {
namespace {

api::ScalarAttributeType scalar_type(ValueType type) {
  switch (type) {
    case ValueType::N:
      return api::ScalarAttributeType::kN;
    case ValueType::B:
      return api::ScalarAttributeType::kB;
    default:
      return api::ScalarAttributeType::kS;
  }
}

std::vector<api::KeySchemaElement> key_schema(const KeySchema& keys) {
  std::vector<api::KeySchemaElement> schema;
  for (const KeyElement* e : keys.hash_elements()) schema.push_back({e->name, api::KeyType::kHash});
  for (const KeyElement* e : keys.range_elements()) {
    schema.push_back({e->name, api::KeyType::kRange});
  }
  return schema;
}

api::Projection projection(const IndexProjection& p) {
  api::Projection out;
  switch (p.type) {
    case IndexProjection::Type::kAll:
      out.projection_type = api::ProjectionType::kAll;
      break;
    case IndexProjection::Type::kKeysOnly:
      out.projection_type = api::ProjectionType::kKeysOnly;
      break;
    case IndexProjection::Type::kInclude:
      out.projection_type = api::ProjectionType::kInclude;
      out.non_key_attributes = p.non_key_attributes;
      break;
  }
  return out;
}

// DynamoDB answers NumberOfDecreasesToday 0 on an on-demand table too.
api::ProvisionedThroughputDescription throughput(const Throughput& t) {
  api::ProvisionedThroughputDescription out;
  out.number_of_decreases_today = 0;
  out.read_capacity_units = t.read;
  out.write_capacity_units = t.write;
  return out;
}

std::pair<int64_t, int64_t> index_stats(const TableStats& stats, size_t n) {
  return n < stats.index_stats.size() ? stats.index_stats[n] : std::pair<int64_t, int64_t>{0, 0};
}

api::OnDemandThroughput on_demand(const OnDemandLimits& limits) {
  return {limits.max_read, limits.max_write};
}

bool was_on_demand(const TableDef& def) {
  return def.pay_per_request || def.last_update_to_pay_per_request > 0;
}

api::GlobalSecondaryIndexDescription describe_global_index(const TableDef& def,
                                                           const IndexDef& index,
                                                           std::pair<int64_t, int64_t> stats,
                                                           const std::string& arn,
                                                           const DescribedStatus& status) {
  api::GlobalSecondaryIndexDescription gsi;
  gsi.index_name = index.name;
  gsi.key_schema = key_schema(index.keys);
  gsi.projection = projection(index.projection);
  auto listed = status.indexes.find(index.name);
  gsi.index_status = listed == status.indexes.end() ? api::IndexStatus::kActive : listed->second;
  // DynamoDB fills a new index from the table while it is CREATING.
  if (*gsi.index_status == api::IndexStatus::kCreating) gsi.backfilling = true;
  gsi.provisioned_throughput = throughput(index.throughput);
  gsi.index_size_bytes = stats.second;
  gsi.item_count = stats.first;
  gsi.index_arn = arn + "/index/" + index.name;
  if (index.on_demand.any()) gsi.on_demand_throughput = on_demand(index.on_demand);
  const auto [read, write] =
      warm_throughput_of(index.warm, def.pay_per_request, was_on_demand(def), index.throughput);
  gsi.warm_throughput = {read, write, *gsi.index_status};
  return gsi;
}

void describe_indexes(api::TableDescription& out, const TableDef& def, const TableStats& stats,
                      const std::string& arn, const DescribedStatus& status) {
  for (size_t n = 0; n < def.indexes.size(); ++n) {
    const IndexDef& index = def.indexes[n];
    const auto [count, bytes] = index_stats(stats, n);
    if (!index.global) {
      if (!out.local_secondary_indexes) out.local_secondary_indexes.emplace();
      out.local_secondary_indexes->push_back({index.name, key_schema(index.keys),
                                              projection(index.projection), bytes, count,
                                              arn + "/index/" + index.name});
      continue;
    }
    if (!out.global_secondary_indexes) out.global_secondary_indexes.emplace();
    out.global_secondary_indexes->push_back(
        describe_global_index(def, index, {count, bytes}, arn, status));
  }
}

api::VectorDistanceFunction distance(VectorIndexDef::Distance d) {
  switch (d) {
    case VectorIndexDef::Distance::kDotProduct:
      return api::VectorDistanceFunction::kDotProduct;
    case VectorIndexDef::Distance::kEuclidean:
      return api::VectorDistanceFunction::kEuclidean;
    default:
      return api::VectorDistanceFunction::kCosine;
  }
}

// VectorIndexes (the JS SDK's VectorIndexDescription). While CREATING the
// description carries Backfilling false; once ACTIVE the member is absent
// (recorded against DynamoDB, us-east-1 2026-08-06, by the kumo emulator's
// VectorIndexDescription notes: CREATING/false, CREATING/true, ACTIVE/absent).
void describe_vector_indexes(api::TableDescription& out, const TableDef& def,
                             const TableStats& stats, const std::string& arn,
                             const DescribedStatus& status) {
  for (size_t n = 0; n < def.vector_indexes.size(); ++n) {
    const VectorIndexDef& v = def.vector_indexes[n];
    const auto [count, bytes] = n < stats.vector_index_stats.size()
                                    ? stats.vector_index_stats[n]
                                    : std::pair<int64_t, int64_t>{0, 0};
    if (!out.vector_indexes) out.vector_indexes.emplace();
    api::VectorIndexDescription& d = out.vector_indexes->emplace_back();
    d.index_name = v.name;
    if (!v.search_schema.empty()) {
      d.search_schema.emplace();
      for (const auto& e : v.search_schema) {
        d.search_schema->push_back({e.name, e.hash ? api::SearchSchemaElementType::kHash
                                                   : api::SearchSchemaElementType::kInlineFilter});
      }
    }
    d.projection = projection(v.projection);
    d.vector_attribute = api::VectorAttributeDefinition{v.attribute};
    d.dimensions = v.dimensions;
    d.distance_function = distance(v.distance);
    auto listed = status.indexes.find(v.name);
    d.index_status = listed == status.indexes.end() ? api::IndexStatus::kActive : listed->second;
    if (*d.index_status == api::IndexStatus::kCreating) d.backfilling = false;
    d.index_size_bytes = bytes;
    d.item_count = count;
    d.index_arn = arn + "/index/" + v.name;
  }
}

// TableClass, encryption, on-demand limits and warm throughput
// (tables/table_settings.h): TableClassSummary once a class was given (its
// LastUpdateDateTime once UpdateTable changed it), SSEDescription for a KMS
// key only (DynamoDB describes none for its default AWS owned key),
// OnDemandThroughput once a limit is set, WarmThroughput always (its Status
// the table's, as DynamoDB's answers show it).
void describe_settings(api::TableDescription& out, const TableDef& def,
                       const DescribedStatus& status) {
  if (!def.table_class.empty()) {
    out.table_class_summary.emplace().table_class =
        Enum<api::TableClass>::from_wire(def.table_class);
    if (def.table_class_updated > 0)
      out.table_class_summary->last_update_date_time = def.table_class_updated;
  }
  if (def.sse.kms) {
    out.sse_description = {status.sse.value_or(api::SSEStatus::kEnabled), api::SSEType::kKms,
                           def.sse.kms_key_arn, std::nullopt};
  }
  if (def.on_demand.any()) out.on_demand_throughput = on_demand(def.on_demand);
  const auto [read, write] =
      warm_throughput_of(def.warm, def.pay_per_request, was_on_demand(def), def.throughput);
  out.warm_throughput = {read, write, status.table};
}

void describe_stream(api::TableDescription& out, const TableDef& def,
                     const DescriptionContext& where) {
  if (def.stream.enabled) {
    out.stream_specification = {true, Enum<api::StreamViewType>::from_wire(def.stream.view_type)};
  }
  if (!def.stream.label.empty()) {
    out.latest_stream_label = def.stream.label;
    out.latest_stream_arn = stream_arn(where.region, where.account_id, def.name, def.stream.label);
  }
}

}  // namespace

DescribedStatus current_status(Context& context, const TableDef& def) {
  DescribedStatus status;
  const int64_t now = context.now_ms();
  switch (context.lifecycle().status(def.name, now)) {
    case TableLifecycle::Status::kCreating:
      status.table = api::TableStatus::kCreating;
      break;
    case TableLifecycle::Status::kUpdating:
      status.table = api::TableStatus::kUpdating;
      for (const auto& index : def.indexes) {
        if (context.lifecycle().index_creating(def.name, index.name, now)) {
          status.indexes[index.name] = api::IndexStatus::kCreating;
        }
      }
      for (const auto& index : def.vector_indexes) {
        if (context.lifecycle().index_creating(def.name, index.name, now)) {
          status.indexes[index.name] = api::IndexStatus::kCreating;
        }
      }
      break;
    case TableLifecycle::Status::kActive:
      break;
  }
  return status;
}

api::TableDescription describe_table_def(const TableDef& def, const TableStats& stats,
                                         const DescribedStatus& status,
                                         const DescriptionContext& where) {
  const std::string arn =
      "arn:aws:dynamodb:" + where.region + ":" + where.account_id + ":table/" + def.name;
  api::TableDescription out;
  out.attribute_definitions.emplace();
  for (const auto& d : def.attribute_definitions) {
    out.attribute_definitions->push_back({d.name, scalar_type(d.type)});
  }
  out.table_name = def.name;
  out.key_schema = key_schema(def.keys);
  out.table_status = status.table;
  out.creation_date_time = def.creation_time;
  out.provisioned_throughput = throughput(def.throughput);
  out.table_size_bytes = stats.size_bytes;
  out.item_count = stats.item_count;
  out.table_arn = arn;
  out.table_id = def.table_uuid;
  if (def.pay_per_request || def.last_update_to_pay_per_request > 0) {
    out.billing_mode_summary = {
        def.pay_per_request ? api::BillingMode::kPayPerRequest : api::BillingMode::kProvisioned,
        def.last_update_to_pay_per_request > 0 ? def.last_update_to_pay_per_request
                                               : def.creation_time};
  }
  describe_indexes(out, def, stats, arn, status);
  describe_vector_indexes(out, def, stats, arn, status);
  describe_stream(out, def, where);
  out.deletion_protection_enabled = def.deletion_protection;
  describe_settings(out, def, status);
  return out;
}

}  // namespace dynamini
