#include "catalog/table_def.h"

#include <algorithm>
#include <set>

#include "dynamini/api_error.h"
#include "streams/stream_settings.h"
#include "validation/request_members.h"
#include "validation/shape_errors.h"

namespace dynamini {
namespace {

const char kInvalid[] = "One or more parameter values were invalid: ";

std::optional<ValueType> scalar_type(std::string_view name) {
  if (name == "S") return ValueType::S;
  if (name == "N") return ValueType::N;
  if (name == "B") return ValueType::B;
  return std::nullopt;
}

struct RawKeyElement {
  std::string name;
  std::string key_type;
};

// Reads a KeySchema array, recording shape errors under `path`. DynamoDB's
// shape check constrains KeyType to HASH/RANGE for the table's KeySchema only;
// an index's KeyType is checked by the semantic rules (dynalite
// validations/createTable.js).
std::vector<RawKeyElement> read_key_schema(const Json* array, const std::string& path,
                                           ShapeErrors& errors, bool key_type_enum) {
  std::vector<RawKeyElement> out;
  if (!array) {
    errors.require(false, path);
    return out;
  }
  if (array->Size() < 1) errors.add("[]", path, "Member must have length greater than or equal to 1");
  if (array->Size() > 2) {
    errors.add("[...]", path, "Member must have length less than or equal to 2");
  }
  int i = 0;
  for (const auto& element : array->GetArray()) {
    ++i;
    std::string member = path + "." + std::to_string(i) + ".member";
    auto name = string_member(element, "AttributeName");
    auto key_type = string_member(element, "KeyType");
    errors.require(name.has_value(), member + ".attributeName");
    if (name && name->empty()) {
      errors.add(*name, member + ".attributeName",
                 "Member must have length greater than or equal to 1");
    }
    // Key attribute names are at most 255 bytes (Developer Guide, "Quotas").
    if (name && name->size() > 255) {
      errors.add(*name, member + ".attributeName",
                 "Member must have length less than or equal to 255");
    }
    errors.require(key_type.has_value(), member + ".keyType");
    if (key_type_enum) errors.one_of(key_type, member + ".keyType", {"HASH", "RANGE"});
    out.push_back({name.value_or(""), key_type.value_or("")});
  }
  return out;
}

}  // namespace

RawProjection read_projection(const Json* json, const std::string& path, ShapeErrors& errors) {
  RawProjection p;
  if (!json) {
    errors.require(false, path);
    return p;
  }
  p.type = string_member(*json, "ProjectionType");
  // DynamoDB lists this enum as [ALL, INCLUDE, KEYS_ONLY] (dynalite test/createTable.js).
  errors.one_of(p.type, path + ".projectionType", {"ALL", "INCLUDE", "KEYS_ONLY"});
  if (const Json* nka = array_member(*json, "NonKeyAttributes")) {
    if (nka->Empty()) {
      errors.add("[]", path + ".nonKeyAttributes",
                 "Member must have length greater than or equal to 1");
    }
    p.non_key_attributes.emplace();
    for (const auto& a : nka->GetArray()) {
      if (a.IsString()) p.non_key_attributes->emplace_back(a.GetString(), a.GetStringLength());
    }
  }
  return p;
}

// Throws for a Projection the index cannot have (dynalite test/createTable.js;
// the INCLUDE text from ack-api-quirks DDB-TABLE-442).
IndexProjection resolve_projection(const RawProjection& raw) {
  if (!raw.type) throw validation_error(std::string(kInvalid) + "Unknown ProjectionType: null");
  IndexProjection p;
  if (*raw.type == "INCLUDE") {
    if (!raw.non_key_attributes) {
      throw validation_error(std::string(kInvalid) +
                             "ProjectionType is INCLUDE, but NonKeyAttributes is not specified");
    }
    p.type = IndexProjection::Type::kInclude;
    p.non_key_attributes = *raw.non_key_attributes;
  } else {
    if (raw.non_key_attributes) {
      throw validation_error(std::string(kInvalid) + "ProjectionType is " + *raw.type +
                             ", but NonKeyAttributes is specified");
    }
    if (*raw.type == "KEYS_ONLY") p.type = IndexProjection::Type::kKeysOnly;
  }
  return p;
}

namespace {

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

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) out += (i ? ", " : "") + names[i];
  return out;
}

std::string undefined_keys_message(const std::vector<RawKeyElement>& raw,
                                   const std::vector<KeyElement>& definitions) {
  std::vector<std::string> keys, defs;
  for (const auto& r : raw) keys.push_back(r.name);
  for (const auto& d : definitions) defs.push_back(d.name);
  return std::string(kInvalid) +
         "Some index key attributes are not defined in AttributeDefinitions. Keys: [" +
         joined(keys) + "], AttributeDefinitions: [" + joined(defs) + "]";
}

std::optional<KeyElement> find_definition(const std::vector<KeyElement>& definitions,
                                          const std::string& name) {
  for (const auto& d : definitions)
    if (d.name == name) return d;
  return std::nullopt;
}

// The key-type and same-name rules every KeySchema obeys, in DynamoDB's order.
void check_key_order(const std::vector<RawKeyElement>& raw) {
  if (raw.size() > 1 && raw[0].name == raw[1].name) {
    throw validation_error(
        "Both the Hash Key and the Range Key element in the KeySchema have the same name");
  }
  if (raw[0].key_type != "HASH") {
    throw validation_error("Invalid KeySchema: The first KeySchemaElement is not a HASH key type");
  }
  if (raw.size() > 1 && raw[1].key_type != "RANGE") {
    throw validation_error(
        "Invalid KeySchema: The second KeySchemaElement is not a RANGE key type");
  }
}

KeySchema resolve(const std::vector<RawKeyElement>& raw, const std::vector<KeyElement>& definitions,
                  std::set<std::string>& used) {
  KeySchema keys;
  keys.hash = *find_definition(definitions, raw[0].name);
  used.insert(raw[0].name);
  if (raw.size() > 1) {
    keys.range = *find_definition(definitions, raw[1].name);
    used.insert(raw[1].name);
  }
  return keys;
}

bool any_undefined(const std::vector<RawKeyElement>& raw, const std::vector<KeyElement>& definitions) {
  for (const auto& r : raw)
    if (!find_definition(definitions, r.name)) return true;
  return false;
}

// The table's KeySchema (dynalite validations/createTable.js, whose order
// follows DynamoDB's recorded answers): a two-element schema with an
// undefined attribute has its own message.
KeySchema resolve_table_keys(const std::vector<RawKeyElement>& raw,
                             const std::vector<KeyElement>& definitions, std::set<std::string>& used) {
  if (raw.size() == 2 && (any_undefined(raw, definitions) ||
                          (raw[0].name == raw[1].name && definitions.size() == 1))) {
    throw validation_error("Invalid KeySchema: Some index key attribute have no definition");
  }
  if (any_undefined(raw, definitions)) throw validation_error(undefined_keys_message(raw, definitions));
  check_key_order(raw);
  return resolve(raw, definitions, used);
}

// An index's KeySchema: undefined attributes first, then the key order.
KeySchema resolve_index_keys(const std::vector<RawKeyElement>& raw,
                             const std::vector<KeyElement>& definitions, std::set<std::string>& used) {
  if (any_undefined(raw, definitions)) throw validation_error(undefined_keys_message(raw, definitions));
  check_key_order(raw);
  return resolve(raw, definitions, used);
}


void write_key_schema(JsonWriter& w, const KeySchema& keys) {
  w.StartArray();
  w.StartObject();
  w.Key("AttributeName");
  write_string(w, keys.hash.name);
  w.Key("KeyType");
  w.String("HASH");
  w.EndObject();
  if (keys.range) {
    w.StartObject();
    w.Key("AttributeName");
    write_string(w, keys.range->name);
    w.Key("KeyType");
    w.String("RANGE");
    w.EndObject();
  }
  w.EndArray();
}

void write_projection(JsonWriter& w, const IndexProjection& p) {
  w.StartObject();
  w.Key("ProjectionType");
  w.String(p.type == IndexProjection::Type::kAll        ? "ALL"
           : p.type == IndexProjection::Type::kKeysOnly ? "KEYS_ONLY"
                                                        : "INCLUDE");
  if (p.type == IndexProjection::Type::kInclude) {
    w.Key("NonKeyAttributes");
    w.StartArray();
    for (const auto& a : p.non_key_attributes) write_string(w, a);
    w.EndArray();
  }
  w.EndObject();
}

void write_throughput(JsonWriter& w, const Throughput& t) {
  w.StartObject();
  w.Key("NumberOfDecreasesToday");
  w.Int64(0);
  w.Key("ReadCapacityUnits");
  w.Int64(t.read);
  w.Key("WriteCapacityUnits");
  w.Int64(t.write);
  w.EndObject();
}

// The CreateTable-shaped JSON used both in the catalog and to re-read it.
void write_create_shape(JsonWriter& w, const TableDef& def) {
  w.Key("TableName");
  write_string(w, def.name);
  w.Key("AttributeDefinitions");
  w.StartArray();
  for (const auto& d : def.attribute_definitions) {
    w.StartObject();
    w.Key("AttributeName");
    write_string(w, d.name);
    w.Key("AttributeType");
    w.String(type_name(d.type));
    w.EndObject();
  }
  w.EndArray();
  w.Key("KeySchema");
  write_key_schema(w, def.keys);
}

}  // namespace

const IndexDef* TableDef::find_index(std::string_view index_name) const {
  for (const auto& i : indexes)
    if (i.name == index_name) return &i;
  return nullptr;
}

bool TableDef::is_key_attribute(std::string_view attribute) const {
  return keys.hash.name == attribute || (keys.range && keys.range->name == attribute);
}

std::string TableDef::storage_table() const { return "t" + std::to_string(id); }

std::string TableDef::storage_index(const IndexDef& index) const {
  return "t" + std::to_string(id) + "_i" + std::to_string(index.number);
}

TableDef table_def_from_create_request(const Json& request, bool count_limits) {
  ShapeErrors errors;
  TableDef def;
  // Shape errors are listed in DynamoDB's order (dynalite
  // validations/createTable.js): attributeDefinitions, tableName,
  // provisionedThroughput, keySchema, then the local and global indexes.
  auto name = string_member(request, "TableName");
  const Json* attribute_definitions = array_member(request, "AttributeDefinitions");
  const Json* key_schema = array_member(request, "KeySchema");
  errors.require(attribute_definitions != nullptr, "attributeDefinitions");
  if (attribute_definitions) {
    int i = 0;
    for (const auto& d : attribute_definitions->GetArray()) {
      ++i;
      std::string member = "attributeDefinitions." + std::to_string(i) + ".member";
      auto attr_name = string_member(d, "AttributeName");
      auto attr_type = string_member(d, "AttributeType");
      errors.require(attr_name.has_value(), member + ".attributeName");
      if (attr_name && attr_name->empty()) {
        errors.add(*attr_name, member + ".attributeName",
                   "Member must have length greater than or equal to 1");
      }
      if (attr_name && attr_name->size() > 255) {
        errors.add(*attr_name, member + ".attributeName",
                   "Member must have length less than or equal to 255");
      }
      errors.require(attr_type.has_value(), member + ".attributeType");
      errors.one_of(attr_type, member + ".attributeType", {"B", "N", "S"});
      auto type = attr_type ? scalar_type(*attr_type) : std::nullopt;
      def.attribute_definitions.push_back({attr_name.value_or(""), type.value_or(ValueType::S)});
    }
  }
  errors.name(name, "tableName", true);
  auto billing = string_member(request, "BillingMode");
  errors.one_of(billing, "billingMode", {"PROVISIONED", "PAY_PER_REQUEST"});
  auto throughput = read_throughput(object_member(request, "ProvisionedThroughput"),
                                    "provisionedThroughput", errors);
  auto raw_keys = read_key_schema(key_schema, "keySchema", errors, true);

  struct RawIndex {
    std::string name;
    std::vector<RawKeyElement> keys;
    RawProjection projection;
    std::optional<Throughput> throughput;
  };
  // nullopt: the member is absent; an empty list is its own error.
  auto read_indexes = [&](const char* member_name, const char* path, bool global) {
    std::optional<std::vector<RawIndex>> out;
    const Json* list = array_member(request, member_name);
    if (!list) return out;
    out.emplace();
    int i = 0;
    for (const auto& index : list->GetArray()) {
      ++i;
      std::string member = std::string(path) + "." + std::to_string(i) + ".member";
      RawIndex raw;
      raw.projection = read_projection(object_member(index, "Projection"), member + ".projection",
                                       errors);
      auto index_name = string_member(index, "IndexName");
      errors.name(index_name, member + ".indexName", true);
      raw.name = index_name.value_or("");
      if (global) {
        raw.throughput = read_throughput(object_member(index, "ProvisionedThroughput"),
                                         member + ".provisionedThroughput", errors);
      }
      raw.keys = read_key_schema(array_member(index, "KeySchema"), member + ".keySchema", errors,
                                 false);
      out->push_back(std::move(raw));
    }
    return out;
  };
  auto raw_locals = read_indexes("LocalSecondaryIndexes", "localSecondaryIndexes", false);
  auto raw_globals = read_indexes("GlobalSecondaryIndexes", "globalSecondaryIndexes", true);
  auto stream_specification = read_stream_specification(request, errors);
  errors.throw_if_any();

  def.name = *name;
  if (throughput) check_throughput_bounds(*throughput);
  def.pay_per_request = billing == "PAY_PER_REQUEST";
  if (def.pay_per_request && throughput) {
    throw validation_error(std::string(kInvalid) +
                           "Neither ReadCapacityUnits nor WriteCapacityUnits can be specified when "
                           "BillingMode is PAY_PER_REQUEST");
  }
  if (!def.pay_per_request && !throughput) {
    throw validation_error(std::string(kInvalid) +
                           "ReadCapacityUnits and WriteCapacityUnits must both be specified when "
                           "BillingMode is PROVISIONED");
  }
  if (throughput) def.throughput = *throughput;

  // Semantic checks in the order DynamoDB answers them (dynalite
  // validations/createTable.js): the table's keys, then each local index,
  // then each global index.
  std::set<std::string> used;
  def.keys = resolve_table_keys(raw_keys, def.attribute_definitions, used);
  std::set<std::string> index_names;
  auto check_name = [&](const std::string& index_name) {
    if (!index_names.insert(index_name).second) {
      throw validation_error(std::string(kInvalid) + "Duplicate index name: " + index_name);
    }
  };
  std::vector<IndexDef> locals, globals;
  if (raw_locals) {
    if (raw_locals->empty()) {
      throw validation_error(std::string(kInvalid) + "List of LocalSecondaryIndexes is empty");
    }
    if (!def.keys.range) {
      throw validation_error(std::string(kInvalid) +
                             "Table KeySchema does not have a range key, which is required when "
                             "specifying a LocalSecondaryIndex");
    }
    for (const auto& raw : *raw_locals) {
      IndexDef index;
      index.name = raw.name;
      index.global = false;
      index.keys = resolve_index_keys(raw.keys, def.attribute_definitions, used);
      if (!index.keys.range) {
        throw validation_error(std::string(kInvalid) +
                               "Index KeySchema does not have a range key for index: " + raw.name);
      }
      if (index.keys.hash.name != def.keys.hash.name) {
        throw validation_error(std::string(kInvalid) +
                               "Index KeySchema does not have the same leading hash key as table "
                               "KeySchema for index: " + raw.name + ". index hash key: " +
                               index.keys.hash.name + ", table hash key: " + def.keys.hash.name);
      }
      index.projection = resolve_projection(raw.projection);
      check_name(raw.name);
      locals.push_back(std::move(index));
    }
    if (count_limits && locals.size() > 5) {
      throw validation_error(std::string(kInvalid) +
                             "Number of LocalSecondaryIndexes exceeds per-table limit of 5");
    }
  }
  if (raw_globals) {
    if (raw_globals->empty()) {
      throw validation_error(std::string(kInvalid) + "List of GlobalSecondaryIndexes is empty");
    }
    for (const auto& raw : *raw_globals) {
      IndexDef index;
      index.name = raw.name;
      index.global = true;
      index.keys = resolve_index_keys(raw.keys, def.attribute_definitions, used);
      index.projection = resolve_projection(raw.projection);
      check_name(raw.name);
      // Texts from ack-api-quirks DDB-TABLE-442 (CreateTable).
      if (def.pay_per_request && raw.throughput) {
        throw validation_error(std::string(kInvalid) +
                               "ProvisionedThroughput should not be specified for index: " +
                               raw.name + " when BillingMode is PAY_PER_REQUEST");
      }
      if (!def.pay_per_request && !raw.throughput) {
        throw validation_error(std::string(kInvalid) +
                               "ProvisionedThroughput is not specified for index: " + raw.name);
      }
      if (raw.throughput) index.throughput = *raw.throughput;
      globals.push_back(std::move(index));
    }
    if (count_limits && globals.size() > 20) {
      throw validation_error(std::string(kInvalid) +
                             "GlobalSecondaryIndex count exceeds the per-table limit of 20");
    }
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
    throw validation_error(std::string(kInvalid) +
                           "Number of attributes in KeySchema does not exactly match number of "
                           "attributes defined in AttributeDefinitions");
  }
  def.deletion_protection = bool_member(request, "DeletionProtectionEnabled").value_or(false);
  def.stream = stream_settings_for_create(stream_specification);
  return def;
}

void write_table_description(JsonWriter& w, const TableDef& def, const TableStats& stats,
                             const char* status, const std::string& region,
                             const std::string& account_id,
                             const std::map<std::string, std::string, std::less<>>& index_status) {
  const std::string arn = "arn:aws:dynamodb:" + region + ":" + account_id + ":table/" + def.name;
  w.StartObject();
  write_create_shape(w, def);
  w.Key("TableStatus");
  w.String(status);
  w.Key("CreationDateTime");
  w.Double(def.creation_time);
  w.Key("ProvisionedThroughput");
  write_throughput(w, def.throughput);
  w.Key("TableSizeBytes");
  w.Int64(stats.size_bytes);
  w.Key("ItemCount");
  w.Int64(stats.item_count);
  w.Key("TableArn");
  write_string(w, arn);
  w.Key("TableId");
  write_string(w, def.table_uuid);
  if (def.pay_per_request || def.last_update_to_pay_per_request > 0) {
    w.Key("BillingModeSummary");
    w.StartObject();
    w.Key("BillingMode");
    w.String(def.pay_per_request ? "PAY_PER_REQUEST" : "PROVISIONED");
    w.Key("LastUpdateToPayPerRequestDateTime");
    w.Double(def.last_update_to_pay_per_request > 0 ? def.last_update_to_pay_per_request
                                                    : def.creation_time);
    w.EndObject();
  }
  for (bool global : {true, false}) {
    bool any = false;
    for (const auto& i : def.indexes) any |= i.global == global;
    if (!any) continue;
    w.Key(global ? "GlobalSecondaryIndexes" : "LocalSecondaryIndexes");
    w.StartArray();
    for (size_t n = 0; n < def.indexes.size(); ++n) {
      const auto& i = def.indexes[n];
      if (i.global != global) continue;
      w.StartObject();
      w.Key("IndexName");
      write_string(w, i.name);
      w.Key("KeySchema");
      write_key_schema(w, i.keys);
      w.Key("Projection");
      write_projection(w, i.projection);
      if (global) {
        w.Key("IndexStatus");
        auto override_status = index_status.find(i.name);
        w.String(override_status == index_status.end() ? "ACTIVE"
                                                       : override_status->second.c_str());
        w.Key("ProvisionedThroughput");
        write_throughput(w, i.throughput);
      }
      w.Key("IndexSizeBytes");
      w.Int64(n < stats.index_stats.size() ? stats.index_stats[n].second : 0);
      w.Key("ItemCount");
      w.Int64(n < stats.index_stats.size() ? stats.index_stats[n].first : 0);
      w.Key("IndexArn");
      write_string(w, arn + "/index/" + i.name);
      w.EndObject();
    }
    w.EndArray();
  }
  write_stream_description_members(w, def, region, account_id);
  w.Key("DeletionProtectionEnabled");
  w.Bool(def.deletion_protection);
  w.EndObject();
}

void check_throughput_bounds(const Throughput& t) {
  // dynalite test/createTable.js and updateTable.js: "Given value N for ReadCapacityUnits is out
  // of bounds".
  if (t.read > kMaxCapacityUnits) {
    throw validation_error("Given value " + std::to_string(t.read) +
                           " for ReadCapacityUnits is out of bounds");
  }
  if (t.write > kMaxCapacityUnits) {
    throw validation_error("Given value " + std::to_string(t.write) +
                           " for WriteCapacityUnits is out of bounds");
  }
}

}  // namespace dynamini
