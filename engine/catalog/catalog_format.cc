#include "catalog/catalog_format.h"

#include <initializer_list>
#include <optional>

namespace dynamini {
namespace {

// ---- Reading: a plain reader of the stored document, no API validation. ----

// What an error names: the table (when its name could be read), the format
// and the member's path, e.g.
//   catalog entry for table 'orders' (format 1): Indexes[0].StorageNumber: expected an integer
struct Context {
  std::string table;
  int version = 0;

  [[noreturn]] void fail(const std::string& path, const std::string& problem) const {
    std::string where = table.empty() ? "catalog entry" : "catalog entry for table '" + table + "'";
    where += " (format " + std::to_string(version) + ")";
    throw CatalogFormatError(where + ": " + (path.empty() ? "" : path + ": ") + problem);
  }
};

const Json& member(const Context& c, const Json& object, const std::string& path,
                   const char* name) {
  auto it = object.FindMember(name);
  if (it == object.MemberEnd()) c.fail(path.empty() ? name : path + "." + name, "missing");
  return it->value;
}

const Json* optional_member(const Json& object, const char* name) {
  auto it = object.FindMember(name);
  return it == object.MemberEnd() ? nullptr : &it->value;
}

std::string join(const std::string& path, const char* name) {
  return path.empty() ? name : path + "." + name;
}

const Json& as_object(const Context& c, const Json& value, const std::string& path) {
  if (!value.IsObject()) c.fail(path, "expected an object");
  return value;
}

const Json& as_array(const Context& c, const Json& value, const std::string& path) {
  if (!value.IsArray()) c.fail(path, "expected an array");
  return value;
}

std::string as_string(const Context& c, const Json& value, const std::string& path) {
  if (!value.IsString()) c.fail(path, "expected a string");
  return std::string(value.GetString(), value.GetStringLength());
}

int64_t as_int64(const Context& c, const Json& value, const std::string& path) {
  if (!value.IsInt64()) c.fail(path, "expected an integer");
  return value.GetInt64();
}

double as_double(const Context& c, const Json& value, const std::string& path) {
  if (!value.IsNumber()) c.fail(path, "expected a number");
  return value.GetDouble();
}

bool as_bool(const Context& c, const Json& value, const std::string& path) {
  if (!value.IsBool()) c.fail(path, "expected true or false");
  return value.GetBool();
}

std::string string_at(const Context& c, const Json& o, const std::string& path, const char* name) {
  return as_string(c, member(c, o, path, name), join(path, name));
}
int64_t int64_at(const Context& c, const Json& o, const std::string& path, const char* name) {
  return as_int64(c, member(c, o, path, name), join(path, name));
}
double double_at(const Context& c, const Json& o, const std::string& path, const char* name) {
  return as_double(c, member(c, o, path, name), join(path, name));
}
bool bool_at(const Context& c, const Json& o, const std::string& path, const char* name) {
  return as_bool(c, member(c, o, path, name), join(path, name));
}
const Json& object_at(const Context& c, const Json& o, const std::string& path, const char* name) {
  return as_object(c, member(c, o, path, name), join(path, name));
}
const Json& array_at(const Context& c, const Json& o, const std::string& path, const char* name) {
  return as_array(c, member(c, o, path, name), join(path, name));
}

std::string element(const std::string& path, const char* name, size_t i) {
  return join(path, name) + "[" + std::to_string(i) + "]";
}

// Formats 1 and 2 refuse members they do not define (see the rule in the
// header).
void only_members(const Context& c, const Json& object, const std::string& path,
                  const std::vector<const char*>& known) {
  for (const auto& m : object.GetObject()) {
    std::string_view name(m.name.GetString(), m.name.GetStringLength());
    bool found = false;
    for (const char* k : known) found |= name == k;
    if (!found) c.fail(join(path, std::string(name).c_str()), "not a member of this format");
  }
}

// A member list, with `added` when the entry's format is 2 or later.
std::vector<const char*> members(const Context& c, std::initializer_list<const char*> v1,
                                 std::initializer_list<const char*> added = {}) {
  std::vector<const char*> out(v1);
  if (c.version >= 2) out.insert(out.end(), added);
  return out;
}

ValueType scalar_type(const Context& c, const std::string& text, const std::string& path) {
  if (text == "S") return ValueType::S;
  if (text == "N") return ValueType::N;
  if (text == "B") return ValueType::B;
  c.fail(path, "expected S, N or B, not \"" + text + "\"");
}

IndexProjection::Type projection_type(const Context& c, const std::string& text,
                                      const std::string& path) {
  if (text == "ALL") return IndexProjection::Type::kAll;
  if (text == "KEYS_ONLY") return IndexProjection::Type::kKeysOnly;
  if (text == "INCLUDE") return IndexProjection::Type::kInclude;
  c.fail(path, "expected ALL, KEYS_ONLY or INCLUDE, not \"" + text + "\"");
}

std::vector<std::string> strings_at(const Context& c, const Json& o, const std::string& path,
                                    const char* name) {
  std::vector<std::string> out;
  const Json& array = array_at(c, o, path, name);
  for (rapidjson::SizeType i = 0; i < array.Size(); ++i) {
    out.push_back(as_string(c, array[i], element(path, name, i)));
  }
  return out;
}

Throughput throughput_at(const Context& c, const Json& o, const std::string& path,
                         const char* name) {
  const Json& t = object_at(c, o, path, name);
  std::string p = join(path, name);
  return {int64_at(c, t, p, "ReadCapacityUnits"), int64_at(c, t, p, "WriteCapacityUnits")};
}

// ---- Formats 1 and 2 (format 2 is format 1 with optional members) ----

KeyElement read_key_element_v1(const Context& c, const Json& value, const std::string& path) {
  as_object(c, value, path);
  only_members(c, value, path, {"AttributeName", "AttributeType"});
  KeyElement key;
  key.name = string_at(c, value, path, "AttributeName");
  key.type =
      scalar_type(c, string_at(c, value, path, "AttributeType"), join(path, "AttributeType"));
  return key;
}

// Format 2's optional "MoreHash" / "MoreRange" of a multi-attribute GSI key.
std::vector<KeyElement> read_more_keys_v2(const Context& c, const Json& schema,
                                          const std::string& path, const char* name) {
  std::vector<KeyElement> out;
  if (!optional_member(schema, name)) return out;
  const Json& list = array_at(c, schema, path, name);
  if (list.Size() + 1 > kMaxKeyPartAttributes) {
    c.fail(join(path, name), "more than " + std::to_string(kMaxKeyPartAttributes) + " attributes");
  }
  for (rapidjson::SizeType i = 0; i < list.Size(); ++i) {
    out.push_back(read_key_element_v1(c, list[i], element(path, name, i)));
  }
  return out;
}

KeySchema read_key_schema_v1(const Context& c, const Json& o, const std::string& path) {
  const Json& schema = object_at(c, o, path, "KeySchema");
  std::string p = join(path, "KeySchema");
  if (c.version >= 2) {
    only_members(c, schema, p, {"Hash", "Range", "MoreHash", "MoreRange"});
  } else {
    only_members(c, schema, p, {"Hash", "Range"});
  }
  KeySchema keys;
  keys.hash = read_key_element_v1(c, member(c, schema, p, "Hash"), join(p, "Hash"));
  if (const Json* range = optional_member(schema, "Range")) {
    keys.range = read_key_element_v1(c, *range, join(p, "Range"));
  }
  keys.more_hash = read_more_keys_v2(c, schema, p, "MoreHash");
  keys.more_range = read_more_keys_v2(c, schema, p, "MoreRange");
  if (!keys.more_range.empty() && !keys.range) c.fail(join(p, "MoreRange"), "without Range");
  return keys;
}

void read_throughput_v1(const Context& c, const Json& o, const std::string& path, Throughput& out) {
  std::string p = join(path, "ProvisionedThroughput");
  const Json& t = object_at(c, o, path, "ProvisionedThroughput");
  only_members(c, t, p, {"ReadCapacityUnits", "WriteCapacityUnits"});
  out = throughput_at(c, o, path, "ProvisionedThroughput");
}

IndexProjection read_projection_v1(const Context& c, const Json& o, const std::string& path) {
  const Json& projection = object_at(c, o, path, "Projection");
  std::string pp = join(path, "Projection");
  only_members(c, projection, pp, {"ProjectionType", "NonKeyAttributes"});
  IndexProjection out;
  out.type = projection_type(c, string_at(c, projection, pp, "ProjectionType"),
                             join(pp, "ProjectionType"));
  out.non_key_attributes = strings_at(c, projection, pp, "NonKeyAttributes");
  return out;
}

VectorIndexDef::Distance distance_function(const Context& c, const std::string& text,
                                           const std::string& path) {
  if (text == "COSINE") return VectorIndexDef::Distance::kCosine;
  if (text == "DOT_PRODUCT") return VectorIndexDef::Distance::kDotProduct;
  if (text == "EUCLIDEAN") return VectorIndexDef::Distance::kEuclidean;
  c.fail(path, "expected COSINE, DOT_PRODUCT or EUCLIDEAN, not \"" + text + "\"");
}

VectorIndexDef read_vector_index_v2(const Context& c, const Json& value, const std::string& p) {
  as_object(c, value, p);
  only_members(c, value, p,
               {"IndexName", "StorageNumber", "VectorAttribute", "Dimensions", "DistanceFunction",
                "SearchSchema", "Projection"});
  VectorIndexDef out;
  out.name = string_at(c, value, p, "IndexName");
  int64_t number = int64_at(c, value, p, "StorageNumber");
  if (number < 1 || number > 1000000) c.fail(join(p, "StorageNumber"), "out of range");
  out.number = static_cast<int>(number);
  out.attribute = string_at(c, value, p, "VectorAttribute");
  out.dimensions = int64_at(c, value, p, "Dimensions");
  if (out.dimensions < 1) c.fail(join(p, "Dimensions"), "out of range");
  out.distance =
      distance_function(c, string_at(c, value, p, "DistanceFunction"), join(p, "DistanceFunction"));
  const Json& schema = array_at(c, value, p, "SearchSchema");
  for (rapidjson::SizeType i = 0; i < schema.Size(); ++i) {
    std::string e = element(p, "SearchSchema", i);
    as_object(c, schema[i], e);
    only_members(c, schema[i], e, {"AttributeName", "SearchSchemaElementType"});
    std::string kind = string_at(c, schema[i], e, "SearchSchemaElementType");
    if (kind != "HASH" && kind != "INLINE_FILTER") {
      c.fail(join(e, "SearchSchemaElementType"), "expected HASH or INLINE_FILTER");
    }
    out.search_schema.push_back({string_at(c, schema[i], e, "AttributeName"), kind == "HASH"});
  }
  out.projection = read_projection_v1(c, value, p);
  return out;
}

// Format 2's optional VectorIndexes.
void read_v2_members(const Context& c, const Json& doc, TableDef& def) {
  if (!optional_member(doc, "VectorIndexes")) return;
  const Json& list = array_at(c, doc, "", "VectorIndexes");
  for (rapidjson::SizeType i = 0; i < list.Size(); ++i) {
    def.vector_indexes.push_back(read_vector_index_v2(c, list[i], element("", "VectorIndexes", i)));
  }
}

// ---- Format 2: optional members on top of format 1 ----

void read_capacity_settings_v2(const Context& c, const Json& o, const std::string& path,
                               OnDemandLimits& on_demand, WarmThroughputSettings& warm) {
  if (optional_member(o, "OnDemandThroughput")) {
    const Json& t = object_at(c, o, path, "OnDemandThroughput");
    const std::string p = join(path, "OnDemandThroughput");
    only_members(c, t, p, {"MaxReadRequestUnits", "MaxWriteRequestUnits"});
    on_demand = {int64_at(c, t, p, "MaxReadRequestUnits"),
                 int64_at(c, t, p, "MaxWriteRequestUnits")};
  }
  if (optional_member(o, "WarmThroughput")) {
    const Json& t = object_at(c, o, path, "WarmThroughput");
    const std::string p = join(path, "WarmThroughput");
    only_members(c, t, p, {"ReadUnitsPerSecond", "WriteUnitsPerSecond"});
    warm = {int64_at(c, t, p, "ReadUnitsPerSecond"), int64_at(c, t, p, "WriteUnitsPerSecond")};
  }
}

void read_table_settings_v2(const Context& c, const Json& doc, TableDef& def) {
  if (optional_member(doc, "TableClass")) {
    const Json& t = object_at(c, doc, "", "TableClass");
    only_members(c, t, "TableClass", {"TableClass", "LastUpdateDateTime"});
    def.table_class = string_at(c, t, "TableClass", "TableClass");
    def.table_class_updated = double_at(c, t, "TableClass", "LastUpdateDateTime");
  }
  if (optional_member(doc, "SSE")) {
    const Json& t = object_at(c, doc, "", "SSE");
    only_members(c, t, "SSE", {"KMSMasterKeyArn"});
    def.sse = {true, string_at(c, t, "SSE", "KMSMasterKeyArn")};
  }
  read_capacity_settings_v2(c, doc, "", def.on_demand, def.warm);
  if (optional_member(doc, "ResourcePolicy")) {
    const Json& t = object_at(c, doc, "", "ResourcePolicy");
    only_members(c, t, "ResourcePolicy", {"Policy", "RevisionId"});
    def.resource_policy = ResourcePolicySettings{string_at(c, t, "ResourcePolicy", "Policy"),
                                                 string_at(c, t, "ResourcePolicy", "RevisionId")};
  }
}

// ---- Formats 1 and 2 ----

TableDef read_v1(const Context& c, const Json& doc) {
  only_members(c, doc, "",
               members(c,
                       {"FormatVersion", "TableName", "StorageId", "TableId", "CreationDateTime",
                        "AttributeDefinitions", "KeySchema", "BillingMode", "ProvisionedThroughput",
                        "LastUpdateToPayPerRequestDateTime", "Indexes", "DeletionProtectionEnabled",
                        "Stream", "TimeToLive"},
                       {"VectorIndexes", "TableClass", "SSE", "OnDemandThroughput",
                        "WarmThroughput", "ResourcePolicy"}));
  TableDef def;
  def.name = string_at(c, doc, "", "TableName");
  def.id = int64_at(c, doc, "", "StorageId");
  def.table_uuid = string_at(c, doc, "", "TableId");
  def.creation_time = double_at(c, doc, "", "CreationDateTime");
  const Json& definitions = array_at(c, doc, "", "AttributeDefinitions");
  for (rapidjson::SizeType i = 0; i < definitions.Size(); ++i) {
    def.attribute_definitions.push_back(
        read_key_element_v1(c, definitions[i], element("", "AttributeDefinitions", i)));
  }
  def.keys = read_key_schema_v1(c, doc, "");
  std::string billing = string_at(c, doc, "", "BillingMode");
  if (billing != "PROVISIONED" && billing != "PAY_PER_REQUEST") {
    c.fail("BillingMode", "expected PROVISIONED or PAY_PER_REQUEST, not \"" + billing + "\"");
  }
  def.pay_per_request = billing == "PAY_PER_REQUEST";
  read_throughput_v1(c, doc, "", def.throughput);
  def.last_update_to_pay_per_request = double_at(c, doc, "", "LastUpdateToPayPerRequestDateTime");
  const Json& indexes = array_at(c, doc, "", "Indexes");
  for (rapidjson::SizeType i = 0; i < indexes.Size(); ++i) {
    std::string p = element("", "Indexes", i);
    const Json& index = as_object(c, indexes[i], p);
    only_members(c, index, p,
                 members(c,
                         {"IndexName", "Global", "StorageNumber", "KeySchema", "Projection",
                          "ProvisionedThroughput"},
                         {"OnDemandThroughput", "WarmThroughput"}));
    IndexDef out;
    out.name = string_at(c, index, p, "IndexName");
    out.global = bool_at(c, index, p, "Global");
    int64_t number = int64_at(c, index, p, "StorageNumber");
    if (number < 1 || number > 1000000) c.fail(join(p, "StorageNumber"), "out of range");
    out.number = static_cast<int>(number);
    out.keys = read_key_schema_v1(c, index, p);
    out.projection = read_projection_v1(c, index, p);
    read_throughput_v1(c, index, p, out.throughput);
    if (c.version >= 2) read_capacity_settings_v2(c, index, p, out.on_demand, out.warm);
    def.indexes.push_back(std::move(out));
  }
  def.deletion_protection = bool_at(c, doc, "", "DeletionProtectionEnabled");
  const Json& stream = object_at(c, doc, "", "Stream");
  only_members(c, stream, "Stream", {"Enabled", "ViewType", "LatestStreamLabel"});
  def.stream.enabled = bool_at(c, stream, "Stream", "Enabled");
  def.stream.view_type = string_at(c, stream, "Stream", "ViewType");
  def.stream.label = string_at(c, stream, "Stream", "LatestStreamLabel");
  const Json& ttl = object_at(c, doc, "", "TimeToLive");
  only_members(c, ttl, "TimeToLive", {"Enabled", "AttributeName"});
  def.ttl.enabled = bool_at(c, ttl, "TimeToLive", "Enabled");
  def.ttl.attribute = string_at(c, ttl, "TimeToLive", "AttributeName");
  if (c.version >= 2) read_v2_members(c, doc, def);
  if (c.version >= 2) read_table_settings_v2(c, doc, def);
  return def;
}

// ---- Format 0: the CreateTable-shaped entries written before versions. ----
// Reads what the writer of that time wrote into the TableDef the API's
// validator built from it then (index order: GSIs, then LSIs; the key
// elements' types from AttributeDefinitions), without validating it again.

KeySchema read_key_schema_v0(const Context& c, const Json& o, const std::string& path,
                             const std::vector<KeyElement>& definitions) {
  const Json& list = array_at(c, o, path, "KeySchema");
  std::string p = join(path, "KeySchema");
  auto typed = [&](const std::string& name, const std::string& at) {
    for (const auto& d : definitions)
      if (d.name == name) return d;
    c.fail(at, "attribute \"" + name + "\" is not in AttributeDefinitions");
  };
  std::optional<KeyElement> hash, range;
  for (rapidjson::SizeType i = 0; i < list.Size(); ++i) {
    std::string e = element(path, "KeySchema", i);
    const Json& key = as_object(c, list[i], e);
    std::string name = string_at(c, key, e, "AttributeName");
    std::string key_type = string_at(c, key, e, "KeyType");
    if (key_type == "HASH" && !hash) {
      hash = typed(name, join(e, "AttributeName"));
    } else if (key_type == "RANGE" && !range) {
      range = typed(name, join(e, "AttributeName"));
    } else {
      c.fail(join(e, "KeyType"), "unexpected \"" + key_type + "\"");
    }
  }
  if (!hash) c.fail(p, "no HASH key");
  return KeySchema{*hash, range};
}

TableDef read_v0(const Context& c, const Json& doc) {
  TableDef def;
  def.name = string_at(c, doc, "", "TableName");
  const Json& definitions = array_at(c, doc, "", "AttributeDefinitions");
  for (rapidjson::SizeType i = 0; i < definitions.Size(); ++i) {
    std::string e = element("", "AttributeDefinitions", i);
    const Json& d = as_object(c, definitions[i], e);
    def.attribute_definitions.push_back(
        {string_at(c, d, e, "AttributeName"),
         scalar_type(c, string_at(c, d, e, "AttributeType"), join(e, "AttributeType"))});
  }
  def.keys = read_key_schema_v0(c, doc, "", def.attribute_definitions);
  if (const Json* billing = optional_member(doc, "BillingMode")) {
    def.pay_per_request = as_string(c, *billing, "BillingMode") == "PAY_PER_REQUEST";
  }
  if (optional_member(doc, "ProvisionedThroughput")) {
    def.throughput = throughput_at(c, doc, "", "ProvisionedThroughput");
  }
  int number = 0;  // the validator's numbering, for an index stored without one
  for (bool global : {true, false}) {
    const char* list_name = global ? "GlobalSecondaryIndexes" : "LocalSecondaryIndexes";
    if (!optional_member(doc, list_name)) continue;
    const Json& list = array_at(c, doc, "", list_name);
    for (rapidjson::SizeType i = 0; i < list.Size(); ++i) {
      std::string p = element("", list_name, i);
      const Json& index = as_object(c, list[i], p);
      IndexDef out;
      out.name = string_at(c, index, p, "IndexName");
      out.global = global;
      out.keys = read_key_schema_v0(c, index, p, def.attribute_definitions);
      const Json& projection = object_at(c, index, p, "Projection");
      std::string pp = join(p, "Projection");
      out.projection.type = projection_type(c, string_at(c, projection, pp, "ProjectionType"),
                                            join(pp, "ProjectionType"));
      if (out.projection.type == IndexProjection::Type::kInclude) {
        out.projection.non_key_attributes = strings_at(c, projection, pp, "NonKeyAttributes");
      }
      if (global && optional_member(index, "ProvisionedThroughput")) {
        out.throughput = throughput_at(c, index, p, "ProvisionedThroughput");
      }
      ++number;
      out.number = optional_member(index, "StorageNumber")
                       ? static_cast<int>(int64_at(c, index, p, "StorageNumber"))
                       : number;
      def.indexes.push_back(std::move(out));
    }
  }
  if (const Json* protection = optional_member(doc, "DeletionProtectionEnabled")) {
    def.deletion_protection = as_bool(c, *protection, "DeletionProtectionEnabled");
  }
  if (const Json* spec = optional_member(doc, "StreamSpecification")) {
    as_object(c, *spec, "StreamSpecification");
    def.stream.enabled = bool_at(c, *spec, "StreamSpecification", "StreamEnabled");
    if (def.stream.enabled) {
      def.stream.view_type = string_at(c, *spec, "StreamSpecification", "StreamViewType");
    }
  }
  if (optional_member(doc, "LatestStreamLabel")) {
    def.stream.label = string_at(c, doc, "", "LatestStreamLabel");
  }
  def.id = int64_at(c, doc, "", "StorageId");
  def.creation_time = double_at(c, doc, "", "CreationDateTime");
  def.table_uuid = string_at(c, doc, "", "TableId");
  if (optional_member(doc, "TimeToLiveAttribute")) {
    def.ttl = {true, string_at(c, doc, "", "TimeToLiveAttribute")};
  }
  if (optional_member(doc, "LastUpdateToPayPerRequestDateTime")) {
    def.last_update_to_pay_per_request = double_at(c, doc, "", "LastUpdateToPayPerRequestDateTime");
  }
  return def;
}

// Parses the entry and reads its version; the table name goes into `c` as
// soon as it can be read, so that every later error names the table.
int parse(std::string_view json, rapidjson::Document& doc, Context& c) {
  doc.Parse(json.data(), json.size());
  if (doc.HasParseError() || !doc.IsObject()) c.fail("", "not a JSON object");
  if (const Json* name = optional_member(doc, "TableName"); name && name->IsString()) {
    c.table = name->GetString();
  }
  const Json* version = optional_member(doc, "FormatVersion");
  if (!version) return 0;
  if (!version->IsInt()) c.fail("FormatVersion", "expected an integer");
  return version->GetInt();
}

// ---- Writing the newest format ----

void write_key_element(JsonWriter& w, const KeyElement& key) {
  w.StartObject();
  w.Key("AttributeName");
  write_string(w, key.name);
  w.Key("AttributeType");
  w.String(type_name(key.type));
  w.EndObject();
}

void write_key_schema(JsonWriter& w, const KeySchema& keys) {
  w.Key("KeySchema");
  w.StartObject();
  w.Key("Hash");
  write_key_element(w, keys.hash);
  if (keys.range) {
    w.Key("Range");
    write_key_element(w, *keys.range);
  }
  // Format 2: written only for a multi-attribute key.
  for (const auto& [name, list] :
       {std::pair{"MoreHash", &keys.more_hash}, std::pair{"MoreRange", &keys.more_range}}) {
    if (list->empty()) continue;
    w.Key(name);
    w.StartArray();
    for (const auto& e : *list) write_key_element(w, e);
    w.EndArray();
  }
  w.EndObject();
}

void write_throughput(JsonWriter& w, const Throughput& t) {
  w.Key("ProvisionedThroughput");
  w.StartObject();
  w.Key("ReadCapacityUnits");
  w.Int64(t.read);
  w.Key("WriteCapacityUnits");
  w.Int64(t.write);
  w.EndObject();
}

void write_projection(JsonWriter& w, const IndexProjection& projection);

const char* distance_name(VectorIndexDef::Distance distance) {
  switch (distance) {
    case VectorIndexDef::Distance::kCosine:
      return "COSINE";
    case VectorIndexDef::Distance::kDotProduct:
      return "DOT_PRODUCT";
    case VectorIndexDef::Distance::kEuclidean:
      return "EUCLIDEAN";
  }
  return "COSINE";
}

void write_vector_indexes(JsonWriter& w, const TableDef& def) {
  if (def.vector_indexes.empty()) return;
  w.Key("VectorIndexes");
  w.StartArray();
  for (const auto& v : def.vector_indexes) {
    w.StartObject();
    w.Key("IndexName");
    write_string(w, v.name);
    w.Key("StorageNumber");
    w.Int(v.number);
    w.Key("VectorAttribute");
    write_string(w, v.attribute);
    w.Key("Dimensions");
    w.Int64(v.dimensions);
    w.Key("DistanceFunction");
    w.String(distance_name(v.distance));
    w.Key("SearchSchema");
    w.StartArray();
    for (const auto& e : v.search_schema) {
      w.StartObject();
      w.Key("AttributeName");
      write_string(w, e.name);
      w.Key("SearchSchemaElementType");
      w.String(e.hash ? "HASH" : "INLINE_FILTER");
      w.EndObject();
    }
    w.EndArray();
    write_projection(w, v.projection);
    w.EndObject();
  }
  w.EndArray();
}

// Format 2's optional members, each written only when not the default.
void write_capacity_settings(JsonWriter& w, const OnDemandLimits& on_demand,
                             const WarmThroughputSettings& warm) {
  if (on_demand.any()) {
    w.Key("OnDemandThroughput");
    w.StartObject();
    w.Key("MaxReadRequestUnits");
    w.Int64(on_demand.max_read);
    w.Key("MaxWriteRequestUnits");
    w.Int64(on_demand.max_write);
    w.EndObject();
  }
  if (warm.read != 0 || warm.write != 0) {
    w.Key("WarmThroughput");
    w.StartObject();
    w.Key("ReadUnitsPerSecond");
    w.Int64(warm.read);
    w.Key("WriteUnitsPerSecond");
    w.Int64(warm.write);
    w.EndObject();
  }
}

void write_table_settings(JsonWriter& w, const TableDef& def) {
  if (!def.table_class.empty()) {
    w.Key("TableClass");
    w.StartObject();
    w.Key("TableClass");
    write_string(w, def.table_class);
    w.Key("LastUpdateDateTime");
    w.Double(def.table_class_updated);
    w.EndObject();
  }
  if (def.sse.kms) {
    w.Key("SSE");
    w.StartObject();
    w.Key("KMSMasterKeyArn");
    write_string(w, def.sse.kms_key_arn);
    w.EndObject();
  }
  write_capacity_settings(w, def.on_demand, def.warm);
  if (def.resource_policy) {
    w.Key("ResourcePolicy");
    w.StartObject();
    w.Key("Policy");
    write_string(w, def.resource_policy->document);
    w.Key("RevisionId");
    write_string(w, def.resource_policy->revision_id);
    w.EndObject();
  }
}

const char* projection_name(IndexProjection::Type type) {
  switch (type) {
    case IndexProjection::Type::kAll:
      return "ALL";
    case IndexProjection::Type::kKeysOnly:
      return "KEYS_ONLY";
    case IndexProjection::Type::kInclude:
      return "INCLUDE";
  }
  return "ALL";
}

void write_projection(JsonWriter& w, const IndexProjection& projection) {
  w.Key("Projection");
  w.StartObject();
  w.Key("ProjectionType");
  w.String(projection_name(projection.type));
  w.Key("NonKeyAttributes");
  w.StartArray();
  for (const auto& a : projection.non_key_attributes) write_string(w, a);
  w.EndArray();
  w.EndObject();
}

}  // namespace

std::string table_def_to_json(const TableDef& def) {
  rapidjson::StringBuffer buffer;
  JsonWriter w(buffer);
  w.StartObject();
  w.Key("FormatVersion");
  w.Int(kCatalogFormatVersion);
  w.Key("TableName");
  write_string(w, def.name);
  w.Key("StorageId");
  w.Int64(def.id);
  w.Key("TableId");
  write_string(w, def.table_uuid);
  w.Key("CreationDateTime");
  w.Double(def.creation_time);
  w.Key("AttributeDefinitions");
  w.StartArray();
  for (const auto& d : def.attribute_definitions) write_key_element(w, d);
  w.EndArray();
  write_key_schema(w, def.keys);
  w.Key("BillingMode");
  w.String(def.pay_per_request ? "PAY_PER_REQUEST" : "PROVISIONED");
  write_throughput(w, def.throughput);
  w.Key("LastUpdateToPayPerRequestDateTime");
  w.Double(def.last_update_to_pay_per_request);
  w.Key("Indexes");
  w.StartArray();
  for (const auto& index : def.indexes) {
    w.StartObject();
    w.Key("IndexName");
    write_string(w, index.name);
    w.Key("Global");
    w.Bool(index.global);
    w.Key("StorageNumber");
    w.Int(index.number);
    write_key_schema(w, index.keys);
    write_projection(w, index.projection);
    write_throughput(w, index.throughput);
    write_capacity_settings(w, index.on_demand, index.warm);
    w.EndObject();
  }
  w.EndArray();
  w.Key("DeletionProtectionEnabled");
  w.Bool(def.deletion_protection);
  w.Key("Stream");
  w.StartObject();
  w.Key("Enabled");
  w.Bool(def.stream.enabled);
  w.Key("ViewType");
  write_string(w, def.stream.view_type);
  w.Key("LatestStreamLabel");
  write_string(w, def.stream.label);
  w.EndObject();
  w.Key("TimeToLive");
  w.StartObject();
  w.Key("Enabled");
  w.Bool(def.ttl.enabled);
  w.Key("AttributeName");
  write_string(w, def.ttl.attribute);
  w.EndObject();
  write_vector_indexes(w, def);
  write_table_settings(w, def);
  w.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize());
}

TableDef table_def_from_json(std::string_view json) {
  rapidjson::Document doc;
  Context c;
  c.version = parse(json, doc, c);
  switch (c.version) {
    case 0:
      return read_v0(c, doc);
    case 1:
    case 2:  // format 1 plus optional members (see the header)
      return read_v1(c, doc);
  }
  c.fail("FormatVersion", "this dynamini reads formats 0 to " +
                              std::to_string(kCatalogFormatVersion) +
                              "; the database was written by a newer dynamini, open it with that");
}

int catalog_format_version(std::string_view json) {
  rapidjson::Document doc;
  Context c;
  return parse(json, doc, c);
}

}  // namespace dynamini
