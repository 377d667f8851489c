#include "model/workbench_import.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <set>

#include "json/json_text.h"
#include "model_json.h"

namespace dynamini::model {
namespace {

using rapidjson::Value;
using Allocator = rapidjson::Document::AllocatorType;

struct KeyAttribute {
  std::string name;
  std::string type = "S";
};

// A key attribute's template and the placeholder's value in the first item.
struct KeyShape {
  std::string attribute;
  std::string type;
  std::string prefix;       // the literal part before the placeholder
  std::string placeholder;  // empty: the whole value is the literal `prefix`
  std::string example;      // the placeholder's value in the first item
  std::string key_template() const {
    return placeholder.empty() ? prefix : prefix + "{{" + placeholder + "}}";
  }
};

Value str(std::string_view s, Allocator& a) {
  return Value(s.data(), static_cast<rapidjson::SizeType>(s.size()), a);
}

// "Account Id" -> "AccountId": a parameter name templates can use.
std::string identifier(std::string_view text, std::string_view fallback) {
  std::string out;
  for (char c : text) {
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') out += c;
  }
  return out.empty() ? std::string(fallback) : out;
}

std::string slug(std::string_view text) {
  std::string out;
  for (char c : text) {
    if (std::isalnum(static_cast<unsigned char>(c))) {
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else if (!out.empty() && out.back() != '-') {
      out += '-';
    }
  }
  while (!out.empty() && out.back() == '-') out.pop_back();
  return out.empty() ? "workbench" : out;
}

std::optional<KeyAttribute> key_attribute(const Value& keys, const char* which) {
  const Value* k = json::find(keys, which);
  if (k == nullptr) return std::nullopt;
  return KeyAttribute{json::text(*k, "AttributeName", which, true),
                      json::text(*k, "AttributeType", which, false, "S")};
}

// The scalar text of `item`'s attribute (S, N or B), or nullopt.
std::optional<std::string> scalar(const Value& item, const std::string& name) {
  const Value* v = json::find(item, name.c_str());
  if (v == nullptr || !v->IsObject() || v->MemberCount() != 1) return std::nullopt;
  const Value& inner = v->MemberBegin()->value;
  if (!inner.IsString()) return std::nullopt;
  return std::string(inner.GetString(), inner.GetStringLength());
}

// The literal prefix every value shares, cut after its last '#' (several
// values), or the value up to its first '#' (one value).
KeyShape key_shape(const KeyAttribute& key, const std::vector<const Value*>& items,
                   const std::string& alias) {
  std::vector<std::string> values;
  for (const Value* item : items) {
    if (auto v = scalar(*item, key.name)) values.push_back(*v);
  }
  KeyShape shape{key.name, key.type, "", identifier(alias, key.name), ""};
  if (values.empty()) return shape;
  const bool all_equal = std::all_of(values.begin(), values.end(),
                                     [&](const std::string& v) { return v == values[0]; });
  if (all_equal && values.size() > 1) {
    shape.prefix = values[0];
    shape.placeholder.clear();
    return shape;
  }
  std::string prefix = values[0];
  for (const std::string& v : values) {
    size_t n = 0;
    while (n < prefix.size() && n < v.size() && prefix[n] == v[n]) ++n;
    prefix.resize(n);
  }
  const size_t cut = values.size() == 1 ? prefix.find('#') : prefix.rfind('#');
  shape.prefix = cut == std::string::npos ? "" : prefix.substr(0, cut + 1);
  if (shape.prefix.size() == values[0].size()) shape.prefix.clear();  // nothing left to vary
  shape.example = values[0].substr(shape.prefix.size());
  return shape;
}

struct Table {
  std::string name;
  KeyAttribute hash;
  std::optional<KeyAttribute> range;
  const Value* source = nullptr;
};

Table read_table(const Value& t, const std::string& where) {
  Table out;
  out.name = json::text(t, "TableName", where, true);
  const Value& keys = json::need(t, "KeyAttributes", where);
  auto hash = key_attribute(keys, "PartitionKey");
  if (!hash) json::fail(json::at(where, "KeyAttributes"), "missing PartitionKey");
  out.hash = *hash;
  out.range = key_attribute(keys, "SortKey");
  out.source = &t;
  return out;
}

// AttributeDefinitions: the table's and every index's key attributes.
Value attribute_definitions(const Table& t, Allocator& a) {
  std::map<std::string, std::string> types;
  auto add = [&](const std::optional<KeyAttribute>& k) {
    if (k) types.emplace(k->name, k->type);
  };
  add(t.hash);
  add(t.range);
  for (const auto& gsi : json::array(*t.source, "GlobalSecondaryIndexes", t.name).GetArray()) {
    const Value& keys = json::need(gsi, "KeyAttributes", t.name);
    add(key_attribute(keys, "PartitionKey"));
    add(key_attribute(keys, "SortKey"));
  }
  Value out(rapidjson::kArrayType);
  for (const auto& [name, type] : types) {
    Value d(rapidjson::kObjectType);
    d.AddMember("AttributeName", str(name, a), a);
    d.AddMember("AttributeType", str(type, a), a);
    out.PushBack(d, a);
  }
  return out;
}

Value key_schema(const KeyAttribute& hash, const std::optional<KeyAttribute>& range, Allocator& a) {
  Value out(rapidjson::kArrayType);
  auto add = [&](const KeyAttribute& k, const char* type) {
    Value e(rapidjson::kObjectType);
    e.AddMember("AttributeName", str(k.name, a), a);
    e.AddMember("KeyType", rapidjson::StringRef(type), a);
    out.PushBack(e, a);
  };
  add(hash, "HASH");
  if (range) add(*range, "RANGE");
  return out;
}

Value create_table(const Table& t, Allocator& a) {
  Value out(rapidjson::kObjectType);
  out.AddMember("TableName", str(t.name, a), a);
  out.AddMember("AttributeDefinitions", attribute_definitions(t, a), a);
  out.AddMember("KeySchema", key_schema(t.hash, t.range, a), a);
  Value gsis(rapidjson::kArrayType);
  for (const auto& gsi : json::array(*t.source, "GlobalSecondaryIndexes", t.name).GetArray()) {
    const Value& keys = json::need(gsi, "KeyAttributes", t.name);
    auto hash = key_attribute(keys, "PartitionKey");
    if (!hash) json::fail(t.name, "an index without a PartitionKey");
    Value g(rapidjson::kObjectType);
    g.AddMember("IndexName", str(json::text(gsi, "IndexName", t.name, true), a), a);
    g.AddMember("KeySchema", key_schema(*hash, key_attribute(keys, "SortKey"), a), a);
    Value projection(rapidjson::kObjectType);
    if (const Value* p = json::find(gsi, "Projection")) projection.CopyFrom(*p, a);
    if (!projection.HasMember("ProjectionType")) projection.AddMember("ProjectionType", "ALL", a);
    g.AddMember("Projection", projection, a);
    gsis.PushBack(g, a);
  }
  if (!gsis.Empty()) out.AddMember("GlobalSecondaryIndexes", gsis, a);
  out.AddMember("BillingMode", "PAY_PER_REQUEST", a);
  return out;
}

// Every item of the table: its own TableData, then each facet's.
std::vector<const Value*> table_items(const Table& t) {
  std::vector<const Value*> items;
  for (const auto& item : json::array(*t.source, "TableData", t.name).GetArray()) {
    items.push_back(&item);
  }
  for (const auto& facet : json::array(*t.source, "TableFacets", t.name).GetArray()) {
    for (const auto& item : json::array(facet, "TableData", t.name).GetArray()) {
      items.push_back(&item);
    }
  }
  return items;
}

// What the import builds, member by member, into one model document.
struct Builder {
  rapidjson::Document doc;
  Allocator& a = doc.GetAllocator();
  Value parameters{rapidjson::kArrayType};
  std::set<std::string> parameter_names;
  Value templates{rapidjson::kObjectType};
  Value patterns{rapidjson::kArrayType};
  Value entities{rapidjson::kArrayType};

  void parameter(const std::string& name, const std::string& example, const std::string& what) {
    if (!parameter_names.insert(name).second) return;
    Value p(rapidjson::kObjectType);
    p.AddMember("name", str(name, a), a);
    p.AddMember("label", str(name, a), a);
    p.AddMember("type", "string", a);
    if (!example.empty()) p.AddMember("default", str(example, a), a);
    p.AddMember("required", true, a);
    p.AddMember("description", str(what, a), a);
    parameters.PushBack(p, a);
  }
};

// {"S": "ACCT#{{AccountId}}"}: the key condition's value for a key shape.
Value key_value(const KeyShape& shape, Allocator& a) {
  Value v(rapidjson::kObjectType);
  v.AddMember(str(shape.type, a), str(shape.key_template(), a), a);
  return v;
}

// A Query of one partition of the table or `index`, narrowed to the sort
// key's literal prefix when there is one.
Value partition_query(const std::string& table, const std::string& index, const KeyShape& hash,
                      const std::optional<KeyShape>& range, Allocator& a) {
  Value q(rapidjson::kObjectType);
  q.AddMember("TableName", str(table, a), a);
  if (!index.empty()) q.AddMember("IndexName", str(index, a), a);
  const bool prefix = range && range->type == "S" && !range->prefix.empty();
  const std::string condition =
      prefix ? (range->placeholder.empty() ? "#pk = :pk AND #sk = :sk"
                                           : "#pk = :pk AND begins_with(#sk, :sk)")
             : "#pk = :pk";
  q.AddMember("KeyConditionExpression", str(condition, a), a);
  Value names(rapidjson::kObjectType);
  names.AddMember("#pk", str(hash.attribute, a), a);
  if (prefix) names.AddMember("#sk", str(range->attribute, a), a);
  q.AddMember("ExpressionAttributeNames", names, a);
  Value values(rapidjson::kObjectType);
  values.AddMember(":pk", key_value(hash, a), a);
  if (prefix) {
    Value sk(rapidjson::kObjectType);
    sk.AddMember("S", str(range->prefix, a), a);
    values.AddMember(":sk", sk, a);
  }
  q.AddMember("ExpressionAttributeValues", values, a);
  q.AddMember("ReturnConsumedCapacity", "TOTAL", a);
  return q;
}

void add_pattern(Builder& b, const std::string& entity, const std::string& name,
                 const std::string& why, Value query, const KeyShape& hash) {
  const std::string id = "Q" + std::to_string(b.patterns.Size() + 1);
  Value t(rapidjson::kObjectType);
  t.AddMember("operation", "Query", b.a);
  t.AddMember("request", query, b.a);
  b.templates.AddMember(str(id, b.a), t, b.a);
  Value p(rapidjson::kObjectType);
  p.AddMember("id", str(id, b.a), b.a);
  p.AddMember("command", str(slug(name), b.a), b.a);
  p.AddMember("name", str(name, b.a), b.a);
  if (!entity.empty()) p.AddMember("entity", str(entity, b.a), b.a);
  p.AddMember("summary", str("Query " + hash.attribute + " = " + hash.key_template(), b.a), b.a);
  p.AddMember("why", str(why, b.a), b.a);
  p.AddMember("note", "workbench", b.a);
  Value params(rapidjson::kArrayType);
  if (!hash.placeholder.empty()) params.PushBack(str(hash.placeholder, b.a), b.a);
  p.AddMember("parameters", params, b.a);
  Value step(rapidjson::kObjectType);
  step.AddMember("template", str(id, b.a), b.a);
  step.AddMember("title", "one partition", b.a);
  Value steps(rapidjson::kArrayType);
  steps.PushBack(step, b.a);
  p.AddMember("steps", steps, b.a);
  b.patterns.PushBack(p, b.a);
}

void add_entity(Builder& b, const Table& t, const Value& facet, const KeyShape& hash,
                const std::optional<KeyShape>& range) {
  Value e(rapidjson::kObjectType);
  const std::string name = json::text(facet, "FacetName", t.name, true);
  e.AddMember("name", str(name, b.a), b.a);
  e.AddMember("description", str("the Workbench facet " + name + " of " + t.name, b.a), b.a);
  e.AddMember("table", str(t.name, b.a), b.a);
  Value keys(rapidjson::kObjectType);
  keys.AddMember(str(hash.attribute, b.a), str(hash.key_template(), b.a), b.a);
  if (range) keys.AddMember(str(range->attribute, b.a), str(range->key_template(), b.a), b.a);
  e.AddMember("keys", keys, b.a);
  Value summary(rapidjson::kArrayType);
  for (const auto& attribute : json::array(facet, "NonKeyAttributes", name).GetArray()) {
    if (attribute.IsString() && summary.Size() < 3)
      summary.PushBack(str(attribute.GetString(), b.a), b.a);
  }
  e.AddMember("summary", summary, b.a);
  b.entities.PushBack(e, b.a);
}

// A facet: an entity, its partition key parameter and a Query of one of its
// partitions.
void convert_facet(Builder& b, const Table& t, const Value& facet) {
  const std::string name = json::text(facet, "FacetName", t.name, true);
  std::vector<const Value*> items;
  for (const auto& item : json::array(facet, "TableData", name).GetArray()) items.push_back(&item);
  const Value* alias = json::find(facet, "KeyAttributeAlias");
  auto alias_of = [&](const char* which, const std::string& fallback) {
    return alias ? json::text(*alias, which, name, false, fallback) : fallback;
  };
  const KeyShape hash = key_shape(t.hash, items, alias_of("PartitionKeyAlias", t.hash.name));
  std::optional<KeyShape> range;
  if (t.range) range = key_shape(*t.range, items, alias_of("SortKeyAlias", t.range->name));
  add_entity(b, t, facet, hash, range);
  if (!hash.placeholder.empty()) {
    b.parameter(hash.placeholder, hash.example, "the " + name + "'s " + t.hash.name);
  }
  add_pattern(b, name, name + ": one partition",
              "The facet " + name +
                  " of the Workbench model, read the way its keys allow: one "
                  "partition of " +
                  t.name +
                  (range && !range->prefix.empty() ? ", its sort key starting with " + range->prefix
                                                   : std::string()) +
                  ".",
              partition_query(t.name, "", hash, range, b.a), hash);
}

// An index: a Query of one of its partitions, by its partition key value.
void convert_index(Builder& b, const Table& t, const Value& gsi,
                   const std::vector<const Value*>& items) {
  const std::string index = json::text(gsi, "IndexName", t.name, true);
  auto hash_key = key_attribute(json::need(gsi, "KeyAttributes", index), "PartitionKey");
  if (!hash_key) json::fail(index, "an index without a PartitionKey");
  KeyShape hash{hash_key->name, hash_key->type, "", identifier(hash_key->name, "key"), ""};
  for (const Value* item : items) {
    if (auto v = scalar(*item, hash_key->name)) {
      hash.example = *v;
      break;
    }
  }
  b.parameter(hash.placeholder, hash.example, "a value of " + hash_key->name + " (" + index + ")");
  add_pattern(b, "", index + ": one partition",
              "The index " + index + " of " + t.name + ", read by its partition key " +
                  hash_key->name + ": it holds only the items that carry it.",
              partition_query(t.name, index, hash, std::nullopt, b.a), hash);
}

Value notes(const std::string& description, Allocator& a) {
  Value note(rapidjson::kObjectType);
  note.AddMember("id", "workbench", a);
  note.AddMember("title", "From NoSQL Workbench", a);
  note.AddMember("text",
                 str((description.empty() ? std::string("A model exported by NoSQL Workbench.")
                                          : description) +
                         " (Imported: one entity per facet, a Query per facet and per global "
                         "secondary index; billing on demand.)",
                     a),
                 a);
  Value out(rapidjson::kArrayType);
  out.PushBack(note, a);
  return out;
}

void convert_tables(Builder& b, const Value& data_model, Value& tables, Value& items) {
  for (rapidjson::SizeType i = 0; i < data_model.Size(); ++i) {
    const Table t = read_table(data_model[i], json::at("DataModel", i));
    tables.PushBack(create_table(t, b.a), b.a);
    const std::vector<const Value*> all = table_items(t);
    Value list(rapidjson::kArrayType);
    for (const Value* item : all) list.PushBack(Value(*item, b.a), b.a);
    items.AddMember(str(t.name, b.a), list, b.a);
    for (const auto& facet : json::array(*t.source, "TableFacets", t.name).GetArray()) {
      convert_facet(b, t, facet);
    }
    for (const auto& gsi : json::array(*t.source, "GlobalSecondaryIndexes", t.name).GetArray()) {
      convert_index(b, t, gsi, all);
    }
  }
}

}  // namespace

bool is_workbench_export(const rapidjson::Value& doc) {
  return doc.IsObject() && doc.HasMember("ModelName") && doc.HasMember("DataModel") &&
         doc["DataModel"].IsArray();
}

std::string workbench_to_model(const rapidjson::Value& doc) {
  Builder b;
  const std::string title = json::text(doc, "ModelName", "", true);
  const Value* metadata = json::find(doc, "ModelMetadata");
  const std::string description = metadata ? json::text(*metadata, "Description", "") : "";
  const Value& data_model = json::array(doc, "DataModel", "", true);
  if (data_model.Empty()) json::fail("DataModel", "no table");
  Value tables(rapidjson::kArrayType);
  Value items(rapidjson::kObjectType);
  convert_tables(b, data_model, tables, items);
  Value& out = b.doc.SetObject();
  out.AddMember("format", "dynamini-model/1", b.a);
  out.AddMember("name", str(slug(title), b.a), b.a);
  out.AddMember("title", str(title, b.a), b.a);
  out.AddMember("description", str(description, b.a), b.a);
  Value focus(rapidjson::kObjectType);
  focus.AddMember("table", Value(tables[0]["TableName"], b.a), b.a);
  if (!b.entities.Empty())
    focus.AddMember("partition", Value(b.entities[0]["keys"].MemberBegin()->value, b.a), b.a);
  out.AddMember("tables", tables, b.a);
  out.AddMember("focus", focus, b.a);
  out.AddMember("items", items, b.a);
  out.AddMember("parameters", b.parameters, b.a);
  out.AddMember("entities", b.entities, b.a);
  out.AddMember("templates", b.templates, b.a);
  out.AddMember("patterns", b.patterns, b.a);
  out.AddMember("notes", notes(description, b.a), b.a);
  return json_text(out);
}

}  // namespace dynamini::model
