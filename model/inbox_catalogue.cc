#include "model/inbox_catalogue.h"

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <string_view>

#include "model/inbox_data.h"
#include "model/inbox_entities.h"
#include "model/inbox_patterns.h"
#include "model/inbox_requests.h"

namespace dynamini::model {
namespace {

using Writer = rapidjson::Writer<rapidjson::StringBuffer>;

void string(Writer& out, std::string_view s) {
  out.String(s.data(), static_cast<rapidjson::SizeType>(s.size()));
}

void string_or_null(Writer& out, std::string_view s) {
  if (s.empty()) {
    out.Null();
  } else {
    string(out, s);
  }
}

void key(Writer& out, std::string_view s) {
  out.Key(s.data(), static_cast<rapidjson::SizeType>(s.size()));
}

void field(Writer& out, std::string_view name, std::string_view value) {
  key(out, name);
  string(out, value);
}

// The member with null for an empty value.
void optional_field(Writer& out, std::string_view name, std::string_view value) {
  key(out, name);
  string_or_null(out, value);
}

// Writes JSON text `json` as a value.
void raw(Writer& out, std::string_view json) {
  rapidjson::Document doc;
  doc.Parse(json.data(), json.size());
  doc.Accept(out);
}

// "a, b.c" -> ["a", "b.c"]
void list(Writer& out, std::string_view comma_separated) {
  out.StartArray();
  while (!comma_separated.empty()) {
    std::string_view item = comma_separated.substr(0, comma_separated.find(','));
    comma_separated.remove_prefix(std::min(comma_separated.size(), item.size() + 1));
    while (item.starts_with(' ')) item.remove_prefix(1);
    if (!item.empty()) string(out, item);
  }
  out.EndArray();
}

void write_parameter(Writer& out, const PatternParameter& p) {
  out.StartObject();
  field(out, "name", p.name);
  field(out, "label", p.label);
  field(out, "type", p.type);
  key(out, "default");
  if (p.default_value.empty()) {
    out.Null();
  } else if (p.type == "number") {
    out.Int(std::stoi(std::string(p.default_value)));
  } else {
    string(out, p.default_value);
  }
  key(out, "required");
  out.Bool(p.required);
  field(out, "description", p.description);
  key(out, "choices");
  if (p.choices_pattern.empty()) {
    out.Null();
  } else {
    out.StartObject();
    field(out, "pattern", p.choices_pattern);
    field(out, "value", p.choices_value);
    field(out, "label", p.choices_label);
    out.EndObject();
  }
  out.EndObject();
}

void write_keys(Writer& out, const KeyTemplate& a, const KeyTemplate& b) {
  if (a.attribute.empty()) {
    out.Null();
    return;
  }
  out.StartObject();
  field(out, a.attribute, a.value);
  if (!b.attribute.empty()) field(out, b.attribute, b.value);
  out.EndObject();
}

void write_entity(Writer& out, const Entity& e) {
  out.StartObject();
  field(out, "name", e.name);
  field(out, "description", e.description);
  key(out, "keys");
  write_keys(out, e.partition_key, e.sort_key);
  key(out, "indexKeys");
  write_keys(out, e.index_partition_key, e.index_sort_key);
  optional_field(out, "indexedWhile", e.indexed_while);
  key(out, "summary");
  list(out, e.summary);
  optional_field(out, "counter", e.counter);
  optional_field(out, "action", e.action);
  out.EndObject();
}

void write_pattern(Writer& out, const AccessPattern& p) {
  out.StartObject();
  field(out, "id", p.id);
  field(out, "name", p.name);
  field(out, "command", "dynamini inbox " + std::string(p.command));
  field(out, "entity", p.entity);
  field(out, "summary", p.request);
  field(out, "why", p.why);
  key(out, "parameters");
  out.StartArray();
  for (std::string_view name : p.parameters) string(out, name);
  out.EndArray();
  optional_field(out, "cursor", p.cursor_parameter);
  key(out, "steps");
  out.StartArray();
  for (const PatternStep& step : p.steps) {
    const RequestTemplate& t = inbox_request(step.request);
    out.StartObject();
    field(out, "template", t.id);
    field(out, "operation", t.operation);
    field(out, "title", step.title);
    optional_field(out, "when", step.when);
    key(out, "request");
    raw(out, t.body);
    out.EndObject();
  }
  out.EndArray();
  out.EndObject();
}

// The name of the CreateTable request's first global secondary index.
std::string index_name(const rapidjson::Document& schema) {
  auto gsis = schema.FindMember("GlobalSecondaryIndexes");
  if (gsis == schema.MemberEnd() || !gsis->value.IsArray() || gsis->value.Empty()) return "";
  return gsis->value[0]["IndexName"].GetString();
}

std::string build() {
  rapidjson::Document schema;
  schema.Parse(inbox_create_table_request().data(), inbox_create_table_request().size());
  rapidjson::StringBuffer buffer;
  Writer out(buffer);
  out.StartObject();
  field(out, "model", "inbox");
  field(out, "title", "Notification inbox");
  field(out, "table", schema["TableName"].GetString());
  optional_field(out, "index", index_name(schema));
  key(out, "schema");
  schema.Accept(out);
  field(out, "focus", inbox_entities()[0].partition_key.value);
  key(out, "notes");
  out.StartArray();
  for (std::string_view note : inbox_design_notes()) string(out, note);
  out.EndArray();
  key(out, "parameters");
  out.StartArray();
  for (const PatternParameter& p : inbox_parameters()) write_parameter(out, p);
  out.EndArray();
  key(out, "entities");
  out.StartArray();
  for (const Entity& e : inbox_entities()) write_entity(out, e);
  out.EndArray();
  key(out, "patterns");
  out.StartArray();
  for (const AccessPattern& p : inbox_access_patterns()) write_pattern(out, p);
  out.EndArray();
  out.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize());
}

}  // namespace

const std::string& inbox_catalogue_json() {
  static const std::string catalogue = build();
  return catalogue;
}

}  // namespace dynamini::model
