#include <algorithm>
#include <set>

#include "dynamini/api_error.h"
#include "ops/operations.h"
#include "streams/stream_settings.h"
#include "validation/request_members.h"
#include "validation/shape_errors.h"

// UpdateTable: GSI create (backfilled synchronously, in the same transaction
// as the definition), GSI delete, GSI and table throughput, billing mode,
// streams and deletion protection. Messages: DynamoDB's ValidationException
// catalogue (ack-api-quirks dynamodb DDB-TABLE-442, live-probed UpdateTable
// texts) and dynalite test/updateTable.js, unless noted otherwise.

namespace dynamini {
namespace {

const char kInvalid[] = "One or more parameter values were invalid: ";
constexpr size_t kMaxGlobalIndexes = 20;               // DynamoDB's default quota

ApiError limit_exceeded(std::string message) {
  return ApiError{ErrorCode::kLimitExceeded, std::move(message), {}};
}

ApiError online_index_limit() {
  // dynalite test/updateTable.js (LimitExceededException).
  return limit_exceeded(
      "Subscriber limit exceeded: Only 1 online index can be created or deleted simultaneously "
      "per table");
}

struct RawKey {
  std::string name;
  std::string key_type;
};

struct GsiCreate {
  std::string name;
  std::vector<RawKey> keys;
  RawProjection projection;
  std::optional<Throughput> throughput;
};

struct GsiUpdate {
  std::string name;
  std::optional<Throughput> throughput;
};

struct Request {
  std::string table_name;
  std::optional<std::vector<KeyElement>> attribute_definitions;
  std::optional<std::string> billing_mode;
  std::optional<Throughput> throughput;
  std::optional<GsiCreate> create;
  std::optional<std::string> delete_index;
  std::vector<GsiUpdate> updates;
  int online_actions = 0;  // creates and deletes
  const Json* stream_specification = nullptr;
  std::optional<bool> deletion_protection;
};

std::optional<Throughput> read_throughput(const Json* json, const std::string& path,
                                          ShapeErrors& errors) {
  if (!json) return std::nullopt;
  auto read = integer_member(*json, "ReadCapacityUnits");
  auto write = integer_member(*json, "WriteCapacityUnits");
  // DynamoDB lists writeCapacityUnits first (dynalite test/updateTable.js).
  errors.require(write.has_value(), path + ".writeCapacityUnits");
  errors.range(write, path + ".writeCapacityUnits", 1);
  errors.require(read.has_value(), path + ".readCapacityUnits");
  errors.range(read, path + ".readCapacityUnits", 1);
  return Throughput{read.value_or(0), write.value_or(0)};
}


std::optional<ValueType> scalar_type(const std::optional<std::string>& name) {
  if (name == "S") return ValueType::S;
  if (name == "N") return ValueType::N;
  if (name == "B") return ValueType::B;
  return std::nullopt;
}

Request parse(const Json& request) {
  ShapeErrors errors;
  Request r;
  auto table_name = string_member(request, "TableName");
  errors.name(table_name, "tableName", true);
  if (const Json* defs = array_member(request, "AttributeDefinitions")) {
    r.attribute_definitions.emplace();
    int i = 0;
    for (const auto& d : defs->GetArray()) {
      std::string member = "attributeDefinitions." + std::to_string(++i) + ".member";
      auto name = string_member(d, "AttributeName");
      auto type = string_member(d, "AttributeType");
      errors.require(name.has_value(), member + ".attributeName");
      errors.require(type.has_value(), member + ".attributeType");
      errors.one_of(type, member + ".attributeType", {"B", "N", "S"});
      r.attribute_definitions->push_back({name.value_or(""), scalar_type(type).value_or(ValueType::S)});
    }
  }
  r.billing_mode = string_member(request, "BillingMode");
  errors.one_of(r.billing_mode, "billingMode", {"PROVISIONED", "PAY_PER_REQUEST"});
  r.throughput = read_throughput(object_member(request, "ProvisionedThroughput"),
                                 "provisionedThroughput", errors);

  const Json* gsi_updates = array_member(request, "GlobalSecondaryIndexUpdates");
  // Kept in request order for the semantic checks below.
  std::vector<std::pair<int, std::string>> actions;  // 0 update, 1 create, 2 delete; index name
  std::vector<int> action_counts;
  if (gsi_updates) {
    int i = 0;
    for (const auto& u : gsi_updates->GetArray()) {
      std::string member = "globalSecondaryIndexUpdates." + std::to_string(++i) + ".member";
      const Json* update = object_member(u, "Update");
      const Json* create = object_member(u, "Create");
      const Json* del = object_member(u, "Delete");
      action_counts.push_back((update != nullptr) + (create != nullptr) + (del != nullptr));
      if (update) {
        auto name = string_member(*update, "IndexName");
        errors.name(name, member + ".update.indexName", true);
        GsiUpdate g;
        g.name = name.value_or("");
        g.throughput = read_throughput(object_member(*update, "ProvisionedThroughput"),
                                       member + ".update.provisionedThroughput", errors);
        actions.emplace_back(0, g.name);
        r.updates.push_back(std::move(g));
      }
      if (create) {
        std::string path = member + ".create";
        // Shape errors in DynamoDB's order (dynalite validations/updateTable.js):
        // projection, indexName, provisionedThroughput, keySchema. KeyType has
        // no enum here; the key rules below name a wrong one.
        GsiCreate g;
        g.projection = read_projection(object_member(*create, "Projection"),
                                       path + ".projection", errors);
        auto name = string_member(*create, "IndexName");
        errors.name(name, path + ".indexName", true);
        g.name = name.value_or("");
        g.throughput = read_throughput(object_member(*create, "ProvisionedThroughput"),
                                       path + ".provisionedThroughput", errors);
        const Json* keys = array_member(*create, "KeySchema");
        errors.require(keys != nullptr, path + ".keySchema");
        if (keys) {
          if (keys->Size() < 1) {
            errors.add("[]", path + ".keySchema",
                       "Member must have length greater than or equal to 1");
          }
          if (keys->Size() > 2) {
            errors.add("[...]", path + ".keySchema",
                       "Member must have length less than or equal to 2");
          }
          int k = 0;
          for (const auto& e : keys->GetArray()) {
            std::string key_member = path + ".keySchema." + std::to_string(++k) + ".member";
            auto attr = string_member(e, "AttributeName");
            auto key_type = string_member(e, "KeyType");
            errors.require(attr.has_value(), key_member + ".attributeName");
            errors.require(key_type.has_value(), key_member + ".keyType");
            g.keys.push_back({attr.value_or(""), key_type.value_or("")});
          }
        }
        actions.emplace_back(1, g.name);
        if (!r.create) r.create = std::move(g);
        ++r.online_actions;
      }
      if (del) {
        auto name = string_member(*del, "IndexName");
        errors.name(name, member + ".delete.indexName", true);
        actions.emplace_back(2, name.value_or(""));
        if (!r.delete_index) r.delete_index = name.value_or("");
        ++r.online_actions;
      }
    }
  }
  auto stream = read_stream_specification(request, errors);
  r.stream_specification = stream ? object_member(request, "StreamSpecification") : nullptr;
  r.deletion_protection = bool_member(request, "DeletionProtectionEnabled");
  errors.throw_if_any();
  r.table_name = *table_name;

  bool has_gsi_updates = gsi_updates && gsi_updates->Size() > 0;
  if (!r.throughput && !r.billing_mode && !has_gsi_updates && !r.stream_specification &&
      !r.deletion_protection && !find_member(request, "SSESpecification") &&
      !find_member(request, "TableClass")) {
    throw validation_error(
        "At least one of ProvisionedThroughput, BillingMode, UpdateStreamEnabled, "
        "GlobalSecondaryIndexUpdates, SSESpecification, ReplicaUpdates, "
        "MultiAccountReplicaReady, ReplicaTransitRoleArn, MultiRegionConsistency, "
        "DeletionProtectionEnabled, OnDemandThroughput, WarmThroughput or TableClass is required");
  }
  if (r.throughput) check_throughput_bounds(*r.throughput);
  std::set<std::string> seen;
  for (size_t i = 0; i < action_counts.size(); ++i) {
    if (action_counts[i] == 0) {
      throw validation_error(std::string(kInvalid) +
                             "One of GlobalSecondaryIndexUpdate.Update, "
                             "GlobalSecondaryIndexUpdate.Create, GlobalSecondaryIndexUpdate.Delete "
                             "must not be null");
    }
    if (action_counts[i] > 1) {
      throw validation_error(std::string(kInvalid) +
                             "Only one global secondary index action is allowed per "
                             "GlobalSecondaryIndexUpdate object");
    }
  }
  for (const auto& [kind, name] : actions) {
    if (!seen.insert(name).second) {
      throw validation_error(std::string(kInvalid) +
                             "Only one global secondary index update per index is allowed "
                             "simultaneously. Index: " + name);
    }
  }
  if (r.deletion_protection &&
      (r.throughput || r.billing_mode || has_gsi_updates || r.stream_specification)) {
    throw validation_error(std::string(kInvalid) +
                           "DeletionProtection modification must be the only operation in the "
                           "request");
  }
  if (r.billing_mode == "PAY_PER_REQUEST" && r.throughput) {
    throw validation_error(std::string(kInvalid) +
                           "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when "
                           "BillingMode is PAY_PER_REQUEST");
  }
  if (r.online_actions > 0 && r.throughput) {
    throw validation_error(std::string(kInvalid) +
                           "You cannot create or delete index while updating table IOPS");
  }
  if (r.online_actions > 0 && r.stream_specification) {
    throw validation_error(std::string(kInvalid) +
                           "You cannot create or delete index while changing stream status");
  }
  if (r.throughput && r.stream_specification) {
    throw validation_error(std::string(kInvalid) +
                           "You cannot modify stream status while updating table IOPS");
  }
  return r;
}

std::string same_throughput_message(const char* what, const Throughput& t) {
  // dynalite test/updateTable.js (the table form); the index form names the
  // index the same way (ack-api-quirks DDB-TABLE-442).
  std::string r = std::to_string(t.read), w = std::to_string(t.write);
  return std::string("The provisioned throughput for ") + what +
         " will not change. The requested value equals the current value. Current "
         "ReadCapacityUnits provisioned for the table: " + r + ". Requested ReadCapacityUnits: " + r +
         ". Current WriteCapacityUnits provisioned for the table: " + w +
         ". Requested WriteCapacityUnits: " + w +
         ". Refer to the Amazon DynamoDB Developer Guide for current limits and how to request "
         "higher limits.";
}

ApiError index_not_found(const std::string& index, const std::string& table) {
  // Live probe (ack-api-quirks DDB-TABLE-456): ResourceNotFoundException
  // "Requested resource not found: Index ghost for table X".
  return ApiError{ErrorCode::kResourceNotFound,
                  "Requested resource not found: Index " + index + " for table " + table, {}};
}

// Builds the new index of a Create action against the table (after
// attribute definitions were merged into `def`).
IndexDef build_index(const GsiCreate& create, const Request& r, const TableDef& def,
                     bool pay_per_request) {
  if (!r.attribute_definitions) {
    throw validation_error(std::string(kInvalid) +
                           "AttributeDefinitions is not specified for index: " + create.name);
  }
  // The shape check guarantees one or two key elements. The key rules come
  // in CreateTable's order for an index (dynalite validations/createTable.js):
  // undefined attributes (the message lists all the index's keys), then the
  // same name twice, then the key types.
  bool undefined = false;
  for (const auto& k : create.keys) {
    bool found = false;
    for (const auto& d : *r.attribute_definitions) found |= d.name == k.name;
    undefined |= !found;
  }
  if (undefined) {
    std::string keys_text, defs_text;
    for (size_t i = 0; i < create.keys.size(); ++i) keys_text += (i ? ", " : "") + create.keys[i].name;
    for (size_t i = 0; i < r.attribute_definitions->size(); ++i) {
      defs_text += (i ? ", " : "") + (*r.attribute_definitions)[i].name;
    }
    throw validation_error(std::string(kInvalid) +
                           "Some index key attributes are not defined in AttributeDefinitions. "
                           "Keys: [" + keys_text + "], AttributeDefinitions: [" + defs_text + "]");
  }
  if (create.keys.size() > 1 && create.keys[0].name == create.keys[1].name) {
    throw validation_error(
        "Both the Hash Key and the Range Key element in the KeySchema have the same name");
  }
  if (create.keys[0].key_type != "HASH") {
    throw validation_error("Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
  }
  if (create.keys.size() > 1 && create.keys[1].key_type != "RANGE") {
    throw validation_error(
        "Invalid KeySchema: The second KeySchemaElement is not a RANGE key type");
  }
  IndexDef index;
  index.name = create.name;
  index.global = true;
  auto element = [&](const std::string& name) {
    for (const auto& d : def.attribute_definitions)
      if (d.name == name) return d;
    return KeyElement{name, ValueType::S};
  };
  index.keys.hash = element(create.keys[0].name);
  if (create.keys.size() > 1) index.keys.range = element(create.keys[1].name);

  index.projection = resolve_projection(create.projection);
  // UpdateTable also refuses repeated NonKeyAttributes.
  std::set<std::string> unique;
  for (const auto& a : index.projection.non_key_attributes) {
    if (!unique.insert(a).second) {
      throw validation_error(std::string(kInvalid) + "Duplicate element in NonKeyAttributes: " + a);
    }
  }
  if (pay_per_request && create.throughput) {
    throw validation_error(std::string(kInvalid) +
                           "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified for "
                           "index: " + create.name + " when BillingMode is PAY_PER_REQUEST");
  }
  if (!pay_per_request && !create.throughput) {
    throw validation_error(std::string(kInvalid) +
                           "ProvisionedThroughput must be specified for index: " + create.name);
  }
  if (create.throughput) {
    check_throughput_bounds(*create.throughput);
    index.throughput = *create.throughput;
  }
  int number = 0;
  for (const auto& i : def.indexes) number = std::max(number, i.number);
  index.number = number + 1;
  return index;
}

// Keeps only the attribute definitions some key of the table or an index uses
// (DynamoDB's AttributeDefinitions list exactly the key attributes).
void prune_attribute_definitions(TableDef& def) {
  std::set<std::string> used{def.keys.hash.name};
  if (def.keys.range) used.insert(def.keys.range->name);
  for (const auto& i : def.indexes) {
    used.insert(i.keys.hash.name);
    if (i.keys.range) used.insert(i.keys.range->name);
  }
  std::erase_if(def.attribute_definitions,
                [&](const KeyElement& d) { return !used.count(d.name); });
}

}  // namespace

void update_table(Engine& engine, const Json& request, JsonWriter& out) {
  // 1. Parse: shape errors, then the checks that need only the request.
  Request r = parse(request);

  std::shared_ptr<const TableDef> saved;
  TableDef rendered;  // the new definition plus a deleted index (DELETING)
  TableStats stats;
  std::map<std::string, std::string, std::less<>> index_status;
  const char* table_status = "UPDATING";
  {
    std::lock_guard lock(engine.storage_mutex());
    auto table = engine.require_named_table(r.table_name);
    // 2. Resolve against the table; nothing changes until every check passed.
    TableDef def = *table;
    const bool to_pay_per_request = r.billing_mode ? *r.billing_mode == "PAY_PER_REQUEST"
                                                   : table->pay_per_request;
    const bool billing_changes = to_pay_per_request != table->pay_per_request;

    if (table->pay_per_request && to_pay_per_request && r.throughput) {
      throw validation_error(std::string(kInvalid) +
                             "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified "
                             "when BillingMode is PAY_PER_REQUEST");
    }
    if (!to_pay_per_request && billing_changes && !r.throughput) {
      throw validation_error(std::string(kInvalid) +
                             "ProvisionedThroughput must be specified when BillingMode is "
                             "PROVISIONED");
    }
    if (!table->pay_per_request && !to_pay_per_request && r.throughput &&
        r.throughput->read == table->throughput.read &&
        r.throughput->write == table->throughput.write) {
      throw validation_error(same_throughput_message("the table", table->throughput));
    }
    if (r.online_actions > 1) throw online_index_limit();

    // Attribute definitions: merged; a redefinition must keep the type.
    if (r.attribute_definitions) {
      for (const auto& d : *r.attribute_definitions) {
        auto it = std::find_if(def.attribute_definitions.begin(), def.attribute_definitions.end(),
                               [&](const KeyElement& e) { return e.name == d.name; });
        if (it == def.attribute_definitions.end()) {
          def.attribute_definitions.push_back(d);
        } else if (it->type != d.type) {
          // Not confirmed against DynamoDB: its exact text for a key
          // attribute redefined with another type is unknown.
          throw validation_error(std::string(kInvalid) + "Cannot change the type of attribute " +
                                 d.name + " which is already defined with type " +
                                 type_name(it->type));
        }
      }
    }

    std::optional<IndexDef> created, deleted;
    if (r.create) {
      if (table->find_index(r.create->name)) {
        throw validation_error("Attempting to create an index which already exists");
      }
      size_t globals = 0;
      for (const auto& i : table->indexes) globals += i.global;
      if (globals >= kMaxGlobalIndexes) {
        // Not confirmed: DynamoDB's text for the 21st GSI via UpdateTable.
        throw limit_exceeded("GlobalSecondaryIndex count exceeds the per-table limit of " +
                             std::to_string(kMaxGlobalIndexes));
      }
      created = build_index(*r.create, r, def, to_pay_per_request);
    }
    if (r.delete_index) {
      const IndexDef* index = table->find_index(*r.delete_index);
      if (!index) throw index_not_found(*r.delete_index, table->name);
      if (!index->global) {
        throw validation_error("Cannot delete an index that is not a GlobalSecondaryIndex: " +
                               *r.delete_index);
      }
      deleted = *index;
    }
    for (const auto& u : r.updates) {
      if (u.throughput &&
          (u.throughput->read > kMaxCapacityUnits || u.throughput->write > kMaxCapacityUnits)) {
        // dynalite test/updateTable.js: answered before the index is looked up.
        throw validation_error(
            "This operation cannot be performed with given input values. Please contact DynamoDB "
            "service team for more info: Action Blocked: IndexUpdate");
      }
      const IndexDef* index = table->find_index(u.name);
      if (!index) throw index_not_found(u.name, table->name);
      if (!index->global) {
        throw validation_error("Cannot update an index that is not a GlobalSecondaryIndex: " +
                               u.name);
      }
      if (to_pay_per_request) {
        if (u.throughput) {
          throw validation_error(std::string(kInvalid) +
                                 "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified "
                                 "for index: " + u.name + " when BillingMode is PAY_PER_REQUEST");
        }
        throw validation_error(std::string(kInvalid) + "The only Updates for index: " + u.name +
                               " when TableThroughputMode is PAY_PER_REQUEST can be to "
                               "OnDemandThroughput, WarmThroughput");
      }
      if (!u.throughput) {
        throw validation_error(std::string(kInvalid) +
                               "Both ReadCapacityUnits and WriteCapacityUnits must be specified "
                               "for index: " + u.name);
      }
      if (!billing_changes && u.throughput->read == index->throughput.read &&
          u.throughput->write == index->throughput.write) {
        throw validation_error(same_throughput_message(("the index " + u.name).c_str(),
                                                       index->throughput));
      }
    }
    // Switching to PROVISIONED: every GSI that stays needs its throughput.
    if (billing_changes && !to_pay_per_request) {
      std::string missing;
      for (const auto& i : table->indexes) {
        if (!i.global || (deleted && deleted->name == i.name)) continue;
        bool given = std::any_of(r.updates.begin(), r.updates.end(),
                                 [&](const GsiUpdate& u) { return u.name == i.name; });
        if (!given) missing += (missing.empty() ? "" : ",") + i.name;
      }
      if (!missing.empty()) {
        // dynalite test/updateTable.js ("index3,index4").
        throw validation_error(std::string(kInvalid) +
                               "ProvisionedThroughput must be specified for index: " + missing);
      }
    }

    // 3. Apply to the copy.
    if (r.stream_specification) {
      apply_stream_specification(def, *r.stream_specification, engine.now_ms());
    }
    if (r.deletion_protection) {
      def.deletion_protection = *r.deletion_protection;
      table_status = "ACTIVE";
    }
    if (billing_changes) {
      def.pay_per_request = to_pay_per_request;
      if (to_pay_per_request) {
        def.last_update_to_pay_per_request = static_cast<double>(engine.now_ms()) / 1000.0;
        def.throughput = {};
        for (auto& i : def.indexes) i.throughput = {};
      } else if (def.last_update_to_pay_per_request == 0) {
        // It has been on demand since its creation.
        def.last_update_to_pay_per_request = def.creation_time;
      }
    }
    if (r.throughput) def.throughput = *r.throughput;
    for (const auto& u : r.updates) {
      for (auto& i : def.indexes) {
        if (i.name == u.name) i.throughput = *u.throughput;
      }
      index_status[u.name] = "UPDATING";
    }
    if (deleted) {
      std::erase_if(def.indexes, [&](const IndexDef& i) { return i.name == deleted->name; });
      index_status[deleted->name] = "DELETING";
    }
    if (created) {
      def.indexes.push_back(*created);
      index_status[created->name] = "CREATING";
    }
    prune_attribute_definitions(def);

    // 4. Execute: index storage and definition in one transaction.
    const TableDef old_def = *table;
    saved = engine.save_table_definition(std::move(def), [&](Store& store) {
      if (deleted) store.drop_index(old_def, *deleted);
      if (created) store.add_index(old_def, *created);  // same storage id and keys
    });
    stats = engine.store().stats(*saved);
    rendered = *saved;
    if (deleted) {
      rendered.indexes.push_back(*deleted);
      stats.index_stats.emplace_back(0, 0);
      // Its key attributes still show while the index is being deleted.
      for (const auto& d : old_def.attribute_definitions) {
        bool present = std::any_of(rendered.attribute_definitions.begin(),
                                   rendered.attribute_definitions.end(),
                                   [&](const KeyElement& e) { return e.name == d.name; });
        if (!present) rendered.attribute_definitions.push_back(d);
      }
    }
  }

  // 5. Render.
  out.StartObject();
  out.Key("TableDescription");
  write_table_description(out, rendered, stats, table_status, engine.options().region,
                          engine.options().account_id, index_status);
  out.EndObject();
}

}  // namespace dynamini
