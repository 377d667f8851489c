#include "model/model_catalogue.h"

#include <rapidjson/document.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include <string_view>

#include "model/pricing.h"
#include "model/shell_word.h"

namespace dynamini::model {
namespace {

using Writer = rapidjson::Writer<rapidjson::StringBuffer>;

void string(Writer& out, std::string_view s) {
  out.String(s.data(), static_cast<rapidjson::SizeType>(s.size()));
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
  if (value.empty()) {
    out.Null();
  } else {
    string(out, value);
  }
}

// JSON text `json` as a value.
void raw(Writer& out, std::string_view json) {
  rapidjson::Document doc;
  doc.Parse(json.data(), json.size());
  doc.Accept(out);
}

void strings(Writer& out, const std::vector<std::string>& list) {
  out.StartArray();
  for (const std::string& s : list) string(out, s);
  out.EndArray();
}

void pairs(Writer& out, const std::vector<std::pair<std::string, std::string>>& map) {
  if (map.empty()) {
    out.Null();
    return;
  }
  out.StartObject();
  for (const auto& [k, v] : map) field(out, k, v);
  out.EndObject();
}

void write_parameter(Writer& out, const ModelParameter& p) {
  out.StartObject();
  field(out, "name", p.name);
  field(out, "label", p.label);
  field(out, "type", p.type);
  key(out, "default");
  if (p.default_json.empty()) {
    out.Null();
  } else {
    raw(out, p.default_json);
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

void write_entity(Writer& out, const ModelEntity& e) {
  out.StartObject();
  field(out, "name", e.name);
  field(out, "description", e.description);
  field(out, "table", e.table);
  key(out, "keys");
  pairs(out, e.keys);
  key(out, "indexKeys");
  pairs(out, e.index_keys);
  optional_field(out, "index", e.index);
  optional_field(out, "indexedWhile", e.indexed_while);
  key(out, "summary");
  strings(out, e.summary);
  optional_field(out, "counter", e.counter);
  optional_field(out, "action", e.action);
  out.EndObject();
}

void write_step(Writer& out, const ModelDefinition& m, const ModelStep& step) {
  const ModelTemplate& t = *m.find_template(step.template_id);
  out.StartObject();
  field(out, "template", t.id);
  field(out, "operation", t.operation);
  field(out, "title", step.title);
  optional_field(out, "when", step.when);
  key(out, "pages");
  out.Int(step.pages);
  key(out, "expect");
  strings(out, step.expect);
  key(out, "capture");
  pairs(out, step.capture);
  key(out, "request");
  raw(out, t.body);
  out.EndObject();
}

// "dynamini model run AP1 --model inbox user=VALUE limit=VALUE"
// The command that runs `p` from a shell; FILE stands for a model uploaded
// in the console, whose path the browser does not give.
std::string command_line(const ModelDefinition& m, const ModelPattern& p) {
  std::string out = "dynamini model run " + p.id + " --model " +
                    (m.argument.empty() ? std::string("FILE") : shell_word(m.argument));
  for (const std::string& name : p.parameters) out += " " + name + "=VALUE";
  return out;
}

void write_pattern(Writer& out, const ModelDefinition& m, const ModelPattern& p) {
  out.StartObject();
  field(out, "id", p.id);
  field(out, "name", p.name);
  field(out, "command", command_line(m, p));
  field(out, "entity", p.entity);
  field(out, "summary", p.summary);
  field(out, "why", p.why);
  optional_field(out, "note", p.note);
  key(out, "parameters");
  strings(out, p.parameters);
  optional_field(out, "cursor", p.cursor);
  key(out, "steps");
  out.StartArray();
  for (const ModelStep& step : p.steps) write_step(out, m, step);
  out.EndArray();
  out.EndObject();
}

// The focus table's CreateTable request, parsed.
rapidjson::Document focus_schema(const ModelDefinition& m) {
  const std::vector<std::string> names = m.table_names();
  rapidjson::Document schema;
  for (size_t i = 0; i < names.size(); ++i) {
    if (names[i] == m.focus_table) schema.Parse(m.tables[i].data(), m.tables[i].size());
  }
  return schema;
}

std::string first_index(const rapidjson::Document& schema) {
  auto gsis = schema.FindMember("GlobalSecondaryIndexes");
  if (gsis == schema.MemberEnd() || !gsis->value.IsArray() || gsis->value.Empty()) return "";
  return gsis->value[0]["IndexName"].GetString();
}

void write_tables(Writer& out, const ModelDefinition& m) {
  const std::vector<std::string> names = m.table_names();
  key(out, "tables");
  out.StartArray();
  for (size_t i = 0; i < names.size(); ++i) {
    out.StartObject();
    field(out, "name", names[i]);
    key(out, "schema");
    raw(out, m.tables[i]);
    out.EndObject();
  }
  out.EndArray();
}

void write_lists(Writer& out, const ModelDefinition& m) {
  key(out, "notes");
  out.StartArray();
  for (const ModelNote& n : m.notes) {
    out.StartObject();
    field(out, "id", n.id);
    field(out, "title", n.title);
    field(out, "text", n.text);
    out.EndObject();
  }
  out.EndArray();
  key(out, "parameters");
  out.StartArray();
  for (const ModelParameter& p : m.parameters) write_parameter(out, p);
  out.EndArray();
  key(out, "entities");
  out.StartArray();
  for (const ModelEntity& e : m.entities) write_entity(out, e);
  out.EndArray();
  key(out, "patterns");
  out.StartArray();
  for (const ModelPattern& p : m.patterns) write_pattern(out, m, p);
  out.EndArray();
}

}  // namespace

std::string model_catalogue_json(const ModelDefinition& m) {
  const rapidjson::Document schema = focus_schema(m);
  rapidjson::StringBuffer buffer;
  Writer out(buffer);
  out.StartObject();
  field(out, "model", m.name);
  field(out, "title", m.title);
  field(out, "description", m.description);
  field(out, "origin", m.origin);
  optional_field(out, "runner", m.runner);
  field(out, "table", m.focus_table);
  optional_field(out, "index", first_index(schema));
  key(out, "schema");
  schema.Accept(out);
  write_tables(out, m);
  optional_field(out, "focus", m.focus_partition);
  write_lists(out, m);
  key(out, "lessons");
  raw(out, m.lessons_json.empty() ? "[]" : m.lessons_json);
  key(out, "prices");
  raw(out, price_table_json(price_table(m.prices)));
  out.EndObject();
  return std::string(buffer.GetString(), buffer.GetSize());
}

}  // namespace dynamini::model
