#include "model/model_file.h"

#include <algorithm>

#include "json/json_text.h"
#include "model/request_template.h"
#include "model/workbench_import.h"
#include "model_json.h"

namespace dynamini::model {
namespace {

using rapidjson::Value;
using namespace json;

constexpr std::string_view kFormat = "dynamini-model/1";

void read_tables(const Value& doc, ModelDefinition& m) {
  const Value& tables = array(doc, "tables", "", /*required=*/true);
  if (tables.Empty()) fail("tables", "a model needs at least one table");
  for (rapidjson::SizeType i = 0; i < tables.Size(); ++i) {
    text(tables[i], "TableName", at("tables", i), /*required=*/true);
    m.tables.push_back(json_text(tables[i]));
  }
}

void read_items(const Value& doc, ModelDefinition& m, const std::vector<std::string>& names) {
  const Value* items = find(doc, "items");
  if (items == nullptr) return;
  if (!items->IsObject()) fail("items", "expected an object of table name -> items");
  for (const auto& table : items->GetObject()) {
    const std::string name = table.name.GetString();
    const std::string where = at("items", name);
    if (std::find(names.begin(), names.end(), name) == names.end()) fail(where, "no such table");
    if (!table.value.IsArray()) fail(where, "expected an array of items");
    for (rapidjson::SizeType i = 0; i < table.value.Size(); ++i) {
      if (!table.value[i].IsObject()) fail(at(where, i), "expected an item (DynamoDB JSON)");
      m.items.emplace_back(name, json_text(table.value[i]));
    }
  }
}

void read_generated(const Value& doc, ModelDefinition& m, const std::vector<std::string>& names) {
  const Value& list = array(doc, "generate", "");
  for (rapidjson::SizeType i = 0; i < list.Size(); ++i) {
    const std::string where = at("generate", i);
    GeneratedItems g;
    g.table = text(list[i], "table", where, true);
    if (std::find(names.begin(), names.end(), g.table) == names.end()) {
      fail(at(where, "table"), "no such table");
    }
    g.count = integer(list[i], "count", where, 0);
    g.start = integer(list[i], "start", where, 0);
    g.step = integer(list[i], "step", where, 1);
    const Value& cycle = array(list[i], "cycle", where, true);
    if (cycle.Empty() || g.count < 0 || g.count > 100000) {
      fail(where, "needs a non-empty cycle and a count from 0 to 100000");
    }
    for (const auto& item : cycle.GetArray()) g.cycle.push_back(json_text(item));
    m.generated.push_back(std::move(g));
  }
}

ModelParameter read_parameter(const Value& p, const std::string& where) {
  ModelParameter out;
  out.name = text(p, "name", where, true);
  out.label = text(p, "label", where, false, out.name);
  out.type = text(p, "type", where, false, "string");
  if (out.type != "string" && out.type != "number" && out.type != "key") {
    fail(at(where, "type"), "expected string, number or key");
  }
  if (const Value* d = find(p, "default")) out.default_json = json_text(*d);
  out.required = boolean(p, "required", where, false);
  out.description = text(p, "description", where);
  if (const Value* c = find(p, "choices")) {
    out.choices_pattern = text(*c, "pattern", at(where, "choices"), true);
    out.choices_value = text(*c, "value", at(where, "choices"), true);
    out.choices_label = text(*c, "label", at(where, "choices"));
  }
  return out;
}

ModelEntity read_entity(const Value& e, const std::string& where, const std::string& table) {
  ModelEntity out;
  out.name = text(e, "name", where, true);
  out.description = text(e, "description", where);
  out.table = text(e, "table", where, false, table);
  out.keys = string_map(e, "keys", where);
  if (out.keys.empty()) fail(at(where, "keys"), "an entity needs its key templates");
  out.index_keys = string_map(e, "indexKeys", where);
  out.index = text(e, "index", where);
  out.indexed_while = text(e, "indexedWhile", where);
  out.summary = texts(e, "summary", where);
  out.counter = text(e, "counter", where);
  out.action = text(e, "action", where);
  return out;
}

void read_templates(const Value& doc, ModelDefinition& m) {
  const Value* templates = find(doc, "templates");
  if (templates == nullptr) return;
  if (!templates->IsObject()) fail("templates", "expected an object of id -> template");
  for (const auto& t : templates->GetObject()) {
    const std::string where = at("templates", t.name.GetString());
    ModelTemplate out;
    out.id = t.name.GetString();
    out.operation = text(t.value, "operation", where, true);
    out.body = json_text(need(t.value, "request", where));
    if (!need(t.value, "request", where).IsObject())
      fail(at(where, "request"), "expected an object");
    m.templates.push_back(std::move(out));
  }
}

ModelStep read_step(const Value& s, const std::string& where) {
  ModelStep out;
  out.template_id = text(s, "template", where, true);
  out.title = text(s, "title", where);
  out.when = text(s, "when", where);
  out.pages = static_cast<int>(integer(s, "pages", where, 1));
  if (out.pages < 1 || out.pages > 1000) fail(at(where, "pages"), "expected 1 to 1000");
  out.capture = string_map(s, "capture", where);
  out.expect = texts(s, "expect", where);
  return out;
}

ModelPattern read_pattern(const Value& p, const std::string& where) {
  ModelPattern out;
  out.id = text(p, "id", where, true);
  out.command = text(p, "command", where);
  out.name = text(p, "name", where, true);
  out.entity = text(p, "entity", where);
  out.summary = text(p, "summary", where);
  out.why = text(p, "why", where);
  out.note = text(p, "note", where);
  out.parameters = texts(p, "parameters", where);
  out.cursor = text(p, "cursor", where);
  const Value& steps = array(p, "steps", where, true);
  if (steps.Empty()) fail(at(where, "steps"), "a pattern needs at least one step");
  for (rapidjson::SizeType i = 0; i < steps.Size(); ++i) {
    out.steps.push_back(read_step(steps[i], at(at(where, "steps"), i)));
  }
  return out;
}

void read_lists(const Value& doc, ModelDefinition& m) {
  const std::string first_table = m.table_names().front();
  const Value& parameters = array(doc, "parameters", "");
  for (rapidjson::SizeType i = 0; i < parameters.Size(); ++i) {
    m.parameters.push_back(read_parameter(parameters[i], at("parameters", i)));
  }
  const Value& entities = array(doc, "entities", "");
  for (rapidjson::SizeType i = 0; i < entities.Size(); ++i) {
    m.entities.push_back(read_entity(entities[i], at("entities", i), first_table));
  }
  read_templates(doc, m);
  const Value& patterns = array(doc, "patterns", "", true);
  for (rapidjson::SizeType i = 0; i < patterns.Size(); ++i) {
    m.patterns.push_back(read_pattern(patterns[i], at("patterns", i)));
  }
  const Value& notes = array(doc, "notes", "");
  for (rapidjson::SizeType i = 0; i < notes.Size(); ++i) {
    const std::string where = at("notes", i);
    m.notes.push_back({text(notes[i], "id", where, true), text(notes[i], "title", where),
                       text(notes[i], "text", where, true)});
  }
}

bool has_note(const ModelDefinition& m, const std::string& id) {
  return std::any_of(m.notes.begin(), m.notes.end(),
                     [&](const ModelNote& n) { return n.id == id; });
}

// Every name a pattern uses is defined, and its templates are templates.
void check_pattern(const ModelDefinition& m, const ModelPattern& p, const std::string& where) {
  for (const std::string& name : p.parameters) {
    if (m.find_parameter(name) == nullptr) fail(at(where, "parameters"), "no parameter " + name);
  }
  if (!p.cursor.empty() && m.find_parameter(p.cursor) == nullptr) {
    fail(at(where, "cursor"), "no parameter " + p.cursor);
  }
  if (!p.note.empty() && !has_note(m, p.note)) fail(at(where, "note"), "no note " + p.note);
  for (size_t i = 0; i < p.steps.size(); ++i) {
    const ModelTemplate* t = m.find_template(p.steps[i].template_id);
    if (t == nullptr) fail(at(at(where, "steps"), i), "no template " + p.steps[i].template_id);
    try {
      template_parameters(t->body);
    } catch (const TemplateError& e) {
      fail(at("templates", t->id), e.what());
    }
  }
}

void check_references(const ModelDefinition& m) {
  const std::vector<std::string> tables = m.table_names();
  for (size_t i = 0; i < m.patterns.size(); ++i) check_pattern(m, m.patterns[i], at("patterns", i));
  for (size_t i = 0; i < m.entities.size(); ++i) {
    const ModelEntity& e = m.entities[i];
    if (!e.action.empty() && m.find_pattern(e.action) == nullptr) {
      fail(at(at("entities", i), "action"), "no pattern " + e.action);
    }
    if (std::find(tables.begin(), tables.end(), e.table) == tables.end()) {
      fail(at(at("entities", i), "table"), "no table " + e.table);
    }
  }
  for (size_t i = 0; i < m.parameters.size(); ++i) {
    const ModelParameter& p = m.parameters[i];
    if (!p.choices_pattern.empty() && m.find_pattern(p.choices_pattern) == nullptr) {
      fail(at(at("parameters", i), "choices"), "no pattern " + p.choices_pattern);
    }
  }
  if (std::find(tables.begin(), tables.end(), m.focus_table) == tables.end()) {
    fail("focus.table", "no table " + m.focus_table);
  }
}

// Lessons run patterns of this model and link to its notes.
void check_lessons(const Value& doc, const ModelDefinition& m) {
  const Value& lessons = array(doc, "lessons", "");
  for (rapidjson::SizeType i = 0; i < lessons.Size(); ++i) {
    const std::string where = at("lessons", i);
    text(lessons[i], "id", where, true);
    text(lessons[i], "title", where, true);
    const std::string note = text(lessons[i], "note", where);
    if (!note.empty() && !has_note(m, note)) fail(at(where, "note"), "no note " + note);
    const Value& steps = array(lessons[i], "steps", where, true);
    for (rapidjson::SizeType j = 0; j < steps.Size(); ++j) {
      const std::string step = at(at(where, "steps"), j);
      const std::string pattern =
          text(need(steps[j], "run", step), "pattern", at(step, "run"), true);
      if (m.find_pattern(pattern) == nullptr) fail(at(step, "run"), "no pattern " + pattern);
      text(steps[j], "question", step, true);
      need(steps[j], "answer", step);
    }
  }
}

ModelDefinition read_model(const Value& doc, std::string origin) {
  const std::string format = text(doc, "format", "", true);
  if (format != kFormat) fail("format", "expected \"" + std::string(kFormat) + "\"");
  ModelDefinition m;
  m.origin = std::move(origin);
  m.name = text(doc, "name", "", true);
  m.title = text(doc, "title", "", false, m.name);
  m.description = text(doc, "description", "");
  m.runner = text(doc, "runner", "");
  if (!m.runner.empty() && m.runner != "inbox") fail("runner", "unknown runner " + m.runner);
  read_tables(doc, m);
  const std::vector<std::string> names = m.table_names();
  const Value* focus = find(doc, "focus");
  m.focus_table = focus ? text(*focus, "table", "focus", false, names.front()) : names.front();
  m.focus_partition = focus ? text(*focus, "partition", "focus") : "";
  read_items(doc, m, names);
  read_generated(doc, m, names);
  read_lists(doc, m);
  m.prices = text(doc, "prices", "");
  check_references(m);
  check_lessons(doc, m);
  m.lessons_json = json_text(array(doc, "lessons", ""));
  return m;
}

}  // namespace

ModelDefinition parse_model(std::string_view text_json, std::string origin) {
  rapidjson::Document doc;
  doc.Parse(text_json.data(), text_json.size());
  if (doc.HasParseError() || !doc.IsObject()) {
    throw ModelFileError(origin + ": not a JSON object");
  }
  try {
    if (is_workbench_export(doc)) {
      rapidjson::Document converted;
      const std::string model = workbench_to_model(doc);
      converted.Parse(model.data(), model.size());
      return read_model(converted, origin);
    }
    return read_model(doc, origin);
  } catch (const ModelFileError& e) {
    throw ModelFileError(origin + ": " + e.what());
  }
}

}  // namespace dynamini::model
