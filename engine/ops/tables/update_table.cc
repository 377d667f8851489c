// UpdateTable: GSI create (backfilled synchronously, in the same transaction
// as the definition), GSI delete, vector index create (backfilled the same
// way) and delete (ops/tables/vector_index_binding.h), GSI and table throughput, billing mode,
// streams and deletion protection. Messages: DynamoDB's ValidationException
// catalogue (ack-api-quirks dynamodb DDB-TABLE-442, live-probed UpdateTable
// texts) and dynalite test/updateTable.js, unless noted otherwise.
//   check_before_values: the rules that need only the request;
//   bind (under the storage lock): the rules that need the table, on a copy
//       of its definition; nothing changes until every check passed;
//   execute: index storage and definition in one transaction.

#include <algorithm>
#include <mutex>
#include <set>

#include "operation/operations.h"
#include "tables/table_binding.h"
#include "tables/table_description.h"
#include "tables/table_settings.h"
#include "vector_index_binding.h"

namespace dynamini {
namespace {

constexpr size_t kMaxGlobalIndexes = 20;  // DynamoDB's default quota

// The request's index actions, in request order.
struct IndexActions {
  const api::CreateGlobalSecondaryIndexAction* create = nullptr;  // the first Create
  const std::string* delete_index = nullptr;                      // the first Delete
  std::vector<const api::UpdateGlobalSecondaryIndexAction*> updates;
  int online = 0;  // creates and deletes
};

IndexActions index_actions(const UpdateTableRequest& request) {
  IndexActions actions;
  if (!request.global_secondary_index_updates) return actions;
  for (const auto& u : *request.global_secondary_index_updates) {
    if (u.update) actions.updates.push_back(&*u.update);
    if (u.create) {
      if (!actions.create) actions.create = &*u.create;
      ++actions.online;
    }
    if (u.delete_) {
      if (!actions.delete_index) actions.delete_index = &*u.delete_->index_name;
      ++actions.online;
    }
  }
  return actions;
}

bool has_index_updates(const UpdateTableRequest& request) {
  return request.global_secondary_index_updates && !request.global_secondary_index_updates->empty();
}

void check_index_update_objects(const std::vector<api::GlobalSecondaryIndexUpdate>& updates) {
  for (const auto& u : updates) {
    const int count = u.update.has_value() + u.create.has_value() + u.delete_.has_value();
    if (count == 0) {
      throw invalid_parameter(
          "One of GlobalSecondaryIndexUpdate.Update, GlobalSecondaryIndexUpdate.Create, "
          "GlobalSecondaryIndexUpdate.Delete must not be null");
    }
    if (count > 1) {
      throw invalid_parameter(
          "Only one global secondary index action is allowed per GlobalSecondaryIndexUpdate "
          "object");
    }
  }
  std::set<std::string> seen;
  for (const auto& u : updates) {
    const std::string& name = u.update   ? *u.update->index_name
                              : u.create ? *u.create->index_name
                                         : *u.delete_->index_name;
    if (!seen.insert(name).second) {
      throw invalid_parameter(
          "Only one global secondary index update per index is allowed simultaneously. Index: " +
          name);
    }
  }
}

// The settings UpdateTable changes only alone (ack-api-quirks DDB-TABLE-442;
// val_sse_plus_dp: encryption is checked before deletion protection).
// OnDemandThroughput may come with BillingMode only.
void check_exclusive_settings(const UpdateTableRequest& request) {
  const int others = request.provisioned_throughput.has_value() + request.billing_mode.has_value() +
                     has_index_updates(request) + request.stream_specification.has_value();
  const int settings = request.sse_specification.has_value() + request.table_class.has_value() +
                       request.deletion_protection_enabled.has_value() +
                       request.warm_throughput.has_value() +
                       request.on_demand_throughput.has_value();
  const int all = others + settings;
  if (request.sse_specification && all > 1) {
    throw invalid_parameter(
        "Server-Side Encryption modification must be the only operation in the request");
  }
  if (request.table_class && all > 1) {
    throw invalid_parameter("TableClass modification must be the only operation in the request");
  }
  if (request.deletion_protection_enabled && all > 1) {
    throw invalid_parameter(
        "DeletionProtection modification must be the only operation in the request");
  }
  if (request.warm_throughput && all > 1) {
    if (index_actions(request).create) {
      throw invalid_parameter(
          "Create global secondary index cannot be specified when updating WarmThroughput");
    }
    throw invalid_parameter("WarmThroughput must be the only operation in the request");
  }
  if (request.on_demand_throughput && all - request.billing_mode.has_value() > 1) {
    throw invalid_parameter(
        "OnDemandThroughput can only be combined with BillingMode in an UpdateTable request");
  }
}

void check_combinations(const UpdateTableRequest& request) {
  const bool throughput = request.provisioned_throughput.has_value();
  const bool stream = request.stream_specification.has_value();
  const bool online = index_actions(request).online > 0;
  check_exclusive_settings(request);
  if (is_value(request.billing_mode, api::BillingMode::kPayPerRequest) && throughput) {
    throw invalid_parameter(
        "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is "
        "PAY_PER_REQUEST");
  }
  if (online && throughput) {
    throw invalid_parameter("You cannot create or delete index while updating table IOPS");
  }
  if (online && stream) {
    throw invalid_parameter("You cannot create or delete index while changing stream status");
  }
  if (throughput && stream) {
    throw invalid_parameter("You cannot modify stream status while updating table IOPS");
  }
}

std::string same_throughput_message(const std::string& what, const Throughput& t) {
  // dynalite test/updateTable.js (the table form); the index form names the
  // index the same way (ack-api-quirks DDB-TABLE-442).
  std::string r = std::to_string(t.read), w = std::to_string(t.write);
  return "The provisioned throughput for " + what +
         " will not change. The requested value equals the current value. Current "
         "ReadCapacityUnits provisioned for the table: " +
         r + ". Requested ReadCapacityUnits: " + r +
         ". Current WriteCapacityUnits provisioned for the table: " + w +
         ". Requested WriteCapacityUnits: " + w +
         ". Refer to the Amazon DynamoDB Developer Guide for current limits and how to request "
         "higher limits.";
}

ApiError index_not_found(const std::string& index, const std::string& table) {
  // Live probe (ack-api-quirks DDB-TABLE-456): ResourceNotFoundException
  // "Requested resource not found: Index ghost for table X".
  return ApiError{ErrorCode::kResourceNotFound,
                  "Requested resource not found: Index " + index + " for table " + table,
                  {}};
}

std::optional<Throughput> throughput_of(const std::optional<api::ProvisionedThroughput>& t) {
  if (!t) return std::nullopt;
  return Throughput{*t->read_capacity_units, *t->write_capacity_units};
}

// What the request changes, bound against the table.
struct TableUpdate {
  TableDef def;  // the new definition
  std::optional<IndexDef> created, deleted;
  bool to_pay_per_request = false;
  bool billing_changes = false;
  DescribedStatus status = described_as(api::TableStatus::kUpdating);
  VectorIndexChange vector;  // VectorIndexUpdates (ops/tables/vector_index_binding.h)
};

void bind_table_throughput(const UpdateTableRequest& request, const TableDef& table,
                           TableUpdate& update) {
  const auto throughput = throughput_of(request.provisioned_throughput);
  update.to_pay_per_request = request.billing_mode
                                  ? *request.billing_mode == api::BillingMode::kPayPerRequest
                                  : table.pay_per_request;
  update.billing_changes = update.to_pay_per_request != table.pay_per_request;
  if (table.pay_per_request && update.to_pay_per_request && throughput) {
    throw invalid_parameter(
        "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when BillingMode is "
        "PAY_PER_REQUEST");
  }
  if (!update.to_pay_per_request && update.billing_changes && !throughput) {
    throw invalid_parameter(
        "ProvisionedThroughput must be specified when BillingMode is PROVISIONED");
  }
  if (!table.pay_per_request && !update.to_pay_per_request && throughput &&
      throughput->read == table.throughput.read && throughput->write == table.throughput.write) {
    throw validation_error(same_throughput_message("the table", table.throughput));
  }
}

// Attribute definitions: merged; a redefinition must keep the type.
void merge_attribute_definitions(const std::vector<KeyElement>& given, TableDef& def) {
  for (const auto& d : given) {
    auto it = std::find_if(def.attribute_definitions.begin(), def.attribute_definitions.end(),
                           [&](const KeyElement& e) { return e.name == d.name; });
    if (it == def.attribute_definitions.end()) {
      def.attribute_definitions.push_back(d);
    } else if (it->type != d.type) {
      // Not confirmed against DynamoDB: its exact text for a key attribute
      // redefined with another type is unknown.
      throw invalid_parameter("Cannot change the type of attribute " + d.name +
                              " which is already defined with type " + type_name(it->type));
    }
  }
}

// The new index of a Create action (after the request's attribute
// definitions were merged into `def`).
IndexDef bind_created_index(const api::CreateGlobalSecondaryIndexAction& create,
                            const UpdateTableRequest& request, const TableDef& def,
                            bool pay_per_request) {
  const std::string& name = *create.index_name;
  if (!request.attribute_definitions) {
    throw invalid_parameter("AttributeDefinitions is not specified for index: " + name);
  }
  std::set<std::string> used;
  IndexDef index;
  index.name = name;
  index.global = true;
  // Undefined attributes are named from the request's definitions only.
  index.keys = bind_global_index_keys(
      *create.key_schema, bind_attribute_definitions(*request.attribute_definitions), used);
  auto retype = [&](KeyElement& key) {
    for (const auto& d : def.attribute_definitions) {
      if (d.name == key.name) key = d;
    }
  };
  retype(index.keys.hash);
  if (index.keys.range) retype(*index.keys.range);
  for (auto& key : index.keys.more_hash) retype(key);
  for (auto& key : index.keys.more_range) retype(key);
  index.projection = bind_projection(*create.projection);
  // UpdateTable also refuses repeated NonKeyAttributes.
  std::set<std::string> unique;
  for (const auto& a : index.projection.non_key_attributes) {
    if (!unique.insert(a).second)
      throw invalid_parameter("Duplicate element in NonKeyAttributes: " + a);
  }
  const auto throughput = throughput_of(create.provisioned_throughput);
  if (pay_per_request && throughput) {
    throw invalid_parameter(
        "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified for index: " + name +
        " when BillingMode is PAY_PER_REQUEST");
  }
  if (!pay_per_request && !throughput) {
    throw invalid_parameter("ProvisionedThroughput must be specified for index: " + name);
  }
  if (throughput) index.throughput = bind_throughput(*create.provisioned_throughput);
  int number = 0;
  for (const auto& i : def.indexes) number = std::max(number, i.number);
  index.number = number + 1;
  return index;
}

void bind_create_and_delete(const UpdateTableRequest& request, const IndexActions& actions,
                            const TableDef& table, TableUpdate& update) {
  if (actions.create) {
    if (table.find_index(*actions.create->index_name)) {
      throw validation_error("Attempting to create an index which already exists");
    }
    size_t globals = 0;
    for (const auto& i : table.indexes) globals += i.global;
    if (globals >= kMaxGlobalIndexes) {
      // Not confirmed: DynamoDB's text for the 21st GSI via UpdateTable.
      throw limit_exceeded_error("GlobalSecondaryIndex count exceeds the per-table limit of " +
                                 std::to_string(kMaxGlobalIndexes));
    }
    update.created =
        bind_created_index(*actions.create, request, update.def, update.to_pay_per_request);
  }
  if (actions.delete_index) {
    const std::string& name = *actions.delete_index;
    const IndexDef* index = table.find_index(name);
    if (!index) throw index_not_found(name, table.name);
    if (!index->global) {
      throw validation_error("Cannot delete an index that is not a GlobalSecondaryIndex: " + name);
    }
    update.deleted = *index;
  }
}

void bind_index_update(const api::UpdateGlobalSecondaryIndexAction& u, const TableDef& table,
                       const TableUpdate& update) {
  const std::string& name = *u.index_name;
  const auto throughput = throughput_of(u.provisioned_throughput);
  if (throughput &&
      (throughput->read > kMaxCapacityUnits || throughput->write > kMaxCapacityUnits)) {
    // dynalite test/updateTable.js: answered before the index is looked up.
    throw validation_error(
        "This operation cannot be performed with given input values. Please contact DynamoDB "
        "service team for more info: Action Blocked: IndexUpdate");
  }
  const IndexDef* index = table.find_index(name);
  if (!index) throw index_not_found(name, table.name);
  if (!index->global) {
    throw validation_error("Cannot update an index that is not a GlobalSecondaryIndex: " + name);
  }
  // OnDemandThroughput and WarmThroughput alone (apply_index_update binds them).
  const bool settings_only = !throughput && (u.on_demand_throughput || u.warm_throughput);
  if (update.to_pay_per_request) {
    if (throughput) {
      throw invalid_parameter(
          "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified for index: " + name +
          " when BillingMode is PAY_PER_REQUEST");
    }
    if (settings_only) return;
    throw invalid_parameter("The only Updates for index: " + name +
                            " when TableThroughputMode is PAY_PER_REQUEST can be to "
                            "OnDemandThroughput, WarmThroughput");
  }
  if (settings_only) return;
  if (!throughput) {
    throw invalid_parameter(
        "Both ReadCapacityUnits and WriteCapacityUnits must be specified for index: " + name);
  }
  if (!update.billing_changes && throughput->read == index->throughput.read &&
      throughput->write == index->throughput.write) {
    throw validation_error(same_throughput_message("the index " + name, index->throughput));
  }
}

// Switching to PROVISIONED: every GSI that stays needs its throughput.
void check_provisioned_indexes(const IndexActions& actions, const TableDef& table,
                               const TableUpdate& update) {
  if (!update.billing_changes || update.to_pay_per_request) return;
  std::string missing;
  for (const auto& i : table.indexes) {
    if (!i.global || (update.deleted && update.deleted->name == i.name)) continue;
    bool given = std::any_of(actions.updates.begin(), actions.updates.end(),
                             [&](const auto* u) { return *u->index_name == i.name; });
    if (!given) missing += (missing.empty() ? "" : ",") + i.name;
  }
  // dynalite test/updateTable.js ("index3,index4").
  if (!missing.empty())
    throw invalid_parameter("ProvisionedThroughput must be specified for index: " + missing);
}

TableUpdate bind_update(const UpdateTableRequest& request, const TableDef& table) {
  const IndexActions actions = index_actions(request);
  TableUpdate update{table};
  bind_table_throughput(request, table, update);
  if (request.vector_index_updates) {
    std::optional<std::vector<KeyElement>> given;
    if (request.attribute_definitions) {
      given = bind_attribute_definitions(*request.attribute_definitions);
    }
    update.vector = bind_vector_index_updates(
        *request.vector_index_updates, given ? &*given : nullptr, table, update.to_pay_per_request);
  }
  if (actions.online + update.vector.online > 1) {
    // dynalite test/updateTable.js (LimitExceededException).
    throw limit_exceeded_error(
        "Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously "
        "per table");
  }
  if (request.attribute_definitions) {
    merge_attribute_definitions(bind_attribute_definitions(*request.attribute_definitions),
                                update.def);
  }
  bind_create_and_delete(request, actions, table, update);
  for (const auto* u : actions.updates) bind_index_update(*u, table, update);
  check_provisioned_indexes(actions, table, update);
  return update;
}

// Keeps only the attribute definitions some key of the table or an index uses
// (DynamoDB's AttributeDefinitions list exactly the key attributes).
void prune_attribute_definitions(TableDef& def) {
  std::set<std::string> used{def.keys.hash.name};
  if (def.keys.range) used.insert(def.keys.range->name);
  for (const auto& i : def.indexes) {
    for (const KeyElement* key : i.keys.elements()) used.insert(key->name);
  }
  for (const auto& v : def.vector_indexes) {
    for (const auto& e : v.search_schema) used.insert(e.name);
  }
  std::erase_if(def.attribute_definitions,
                [&](const KeyElement& d) { return !used.count(d.name); });
}

void apply_billing(const UpdateTableRequest& request, int64_t now_ms, TableUpdate& update) {
  TableDef& def = update.def;
  if (update.billing_changes) {
    def.pay_per_request = update.to_pay_per_request;
    if (update.to_pay_per_request) {
      def.last_update_to_pay_per_request = static_cast<double>(now_ms) / 1000.0;
      def.throughput = {};
      for (auto& i : def.indexes) i.throughput = {};
    } else if (def.last_update_to_pay_per_request == 0) {
      def.last_update_to_pay_per_request = def.creation_time;  // on demand since its creation
    }
  }
  if (auto throughput = throughput_of(request.provisioned_throughput)) def.throughput = *throughput;
}

// A global index's Update action: its throughput, OnDemandThroughput or
// WarmThroughput (tables/table_settings.h).
void apply_index_update(const api::UpdateGlobalSecondaryIndexAction& u, const TableUpdate& update,
                        IndexDef& index) {
  if (u.provisioned_throughput) index.throughput = *throughput_of(u.provisioned_throughput);
  if (u.on_demand_throughput) {
    index.on_demand = bind_on_demand(*u.on_demand_throughput, update.to_pay_per_request, index.name,
                                     true, index.on_demand);
  }
  if (u.warm_throughput) {
    const auto [read, write] =
        warm_throughput_of(index.warm, update.def.pay_per_request,
                           update.def.last_update_to_pay_per_request > 0, index.throughput);
    index.warm = bind_warm_update(*u.warm_throughput, read, write, index.name);
  }
}

// TableClass, encryption, OnDemandThroughput and WarmThroughput; each comes
// alone (check_exclusive_settings) but OnDemandThroughput with BillingMode.
void apply_settings(const UpdateTableRequest& request, const TableDef& table, const ArnScope& scope,
                    int64_t now_ms, TableUpdate& update) {
  TableDef& def = update.def;
  if (request.table_class) {
    def.table_class = bind_table_class(*request.table_class);
    def.table_class_updated = static_cast<double>(now_ms) / 1000.0;
  }
  if (request.sse_specification) {
    def.sse = bind_sse(*request.sse_specification, scope);
    if (!def.sse.kms && !table.sse.kms) {
      throw invalid_parameter("Table is already encrypted by default");
    }
    if (def.sse.kms && table.sse.kms && def.sse.kms_key_arn == table.sse.kms_key_arn) {
      throw invalid_parameter(
          "Table is already encrypted with given KMSMasterKeyId. Use KMSMasterKeyId parameter if "
          "you want to change Master Key");
    }
    update.status.sse = api::SSEStatus::kUpdating;
  }
  if (request.on_demand_throughput) {
    def.on_demand = bind_on_demand(*request.on_demand_throughput, update.to_pay_per_request, "",
                                   true, table.on_demand);
  }
  if (request.warm_throughput) {
    const auto [read, write] =
        warm_throughput_of(table.warm, table.pay_per_request,
                           table.last_update_to_pay_per_request > 0, table.throughput);
    def.warm = bind_warm_update(*request.warm_throughput, read, write, "");
  }
}

// Applies the bound request to update.def.
void apply_update(const UpdateTableRequest& request, int64_t now_ms, TableUpdate& update) {
  TableDef& def = update.def;
  if (request.stream_specification) {
    apply_stream_specification(def, *request.stream_specification, now_ms);
  }
  if (request.deletion_protection_enabled) {
    def.deletion_protection = *request.deletion_protection_enabled;
    update.status.table = api::TableStatus::kActive;
  }
  apply_billing(request, now_ms, update);
  for (const auto* u : index_actions(request).updates) {
    for (auto& i : def.indexes) {
      if (i.name == *u->index_name) apply_index_update(*u, update, i);
    }
    update.status.indexes[*u->index_name] = api::IndexStatus::kUpdating;
  }
  if (update.deleted) {
    std::erase_if(def.indexes, [&](const IndexDef& i) { return i.name == update.deleted->name; });
    update.status.indexes[update.deleted->name] = api::IndexStatus::kDeleting;
  }
  if (update.created) {
    def.indexes.push_back(*update.created);
    update.status.indexes[update.created->name] = api::IndexStatus::kCreating;
  }
  if (update.vector.deleted) {
    std::erase_if(def.vector_indexes,
                  [&](const VectorIndexDef& v) { return v.name == update.vector.deleted->name; });
    update.status.indexes[update.vector.deleted->name] = api::IndexStatus::kDeleting;
  }
  if (update.vector.created) {
    // Backfilled in this request's transaction: the answer says CREATING, as
    // DynamoDB's does at first, and the index is searchable (ACTIVE in
    // DescribeTable) once UpdateTable has answered.
    def.vector_indexes.push_back(*update.vector.created);
    update.status.indexes[update.vector.created->name] = api::IndexStatus::kCreating;
  }
  prune_attribute_definitions(def);
}

// The answer shows a deleted index (DELETING) and its key attributes still.
void show_deleted_index(const TableDef& old_def, const IndexDef& deleted, TableDef& rendered,
                        TableStats& stats) {
  rendered.indexes.push_back(deleted);
  stats.index_stats.emplace_back(0, 0);
  for (const auto& d : old_def.attribute_definitions) {
    bool present =
        std::any_of(rendered.attribute_definitions.begin(), rendered.attribute_definitions.end(),
                    [&](const KeyElement& e) { return e.name == d.name; });
    if (!present) rendered.attribute_definitions.push_back(d);
  }
}

// With transient delays the table is UPDATING for a while, a new index
// CREATING (context/table_lifecycle.h); a change answered ACTIVE opens no window.
void start_updating_window(Context& context, const TableUpdate& update, const std::string& name) {
  const int64_t delay = context.transient_delays().update_table_ms;
  if (delay <= 0 || update.status.table != api::TableStatus::kUpdating) return;
  std::optional<std::string> created;
  if (update.created) created = update.created->name;
  if (update.vector.created) created = update.vector.created->name;
  context.lifecycle().updating(name, context.now_ms() + delay, created);
}

}  // namespace

void UpdateTableOperation::check_before_values(const Request& request) {
  const bool nothing = !request.provisioned_throughput && !request.billing_mode &&
                       !has_index_updates(request) && !request.stream_specification &&
                       !request.deletion_protection_enabled && !request.sse_specification &&
                       !request.table_class && !request.on_demand_throughput &&
                       !request.warm_throughput &&
                       !(request.vector_index_updates && !request.vector_index_updates->empty());
  if (nothing) {
    throw validation_error(
        "At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, "
        "GlobalSecondaryIndexUpdates, SSESpecification, ReplicaUpdates, "
        "MultiAccountReplicaReady, ReplicaTransitRoleArn, MultiRegionConsistency, "
        "DeletionProtectionEnabled, OnDemandThroughput, WarmThroughput or TableClass is required");
  }
  if (request.provisioned_throughput) bind_throughput(*request.provisioned_throughput);
  if (request.global_secondary_index_updates) {
    check_index_update_objects(*request.global_secondary_index_updates);
  }
  check_combinations(request);
}

UpdateTableResponse UpdateTableOperation::run(Context& context, const Request& request,
                                              const ExecuteOptions&) {
  TableDef rendered;
  TableStats stats;
  TableUpdate update;
  {
    std::lock_guard lock(context.storage_mutex());
    auto table = context.require_changeable_table(*request.table_name, "UpdateTable");
    update = bind_update(request, *table);
    apply_update(request, context.now_ms(), update);
    apply_settings(request, *table, context.arn_scope(), context.now_ms(), update);
    const TableDef old_def = *table;
    auto saved = context.save_table_definition(std::move(update.def), [&](Store& store) {
      if (update.deleted) store.drop_index(old_def, *update.deleted);
      if (update.created) store.add_index(old_def, *update.created);  // same storage id and keys
      if (update.vector.deleted) store.drop_vector_index(old_def, *update.vector.deleted);
      if (update.vector.created) store.add_vector_index(old_def, *update.vector.created);
    });
    stats = context.store().stats(*saved);
    rendered = *saved;
    if (update.deleted) show_deleted_index(old_def, *update.deleted, rendered, stats);
    if (update.vector.deleted) {
      rendered.vector_indexes.push_back(*update.vector.deleted);
      stats.vector_index_stats.emplace_back(0, 0);
    }
    // Encryption turned off still shows the key, UPDATING (LocalStack's
    // recorded DynamoDB answer, test_dynamodb_create_table_with_partial_sse).
    if (update.status.sse && !rendered.sse.kms) rendered.sse = old_def.sse;
    start_updating_window(context, update, rendered.name);
  }
  const auto& options = context.options();
  return {describe_table_def(rendered, stats, update.status, {options.region, options.account_id})};
}

}  // namespace dynamini
