#include "model/model_definition.h"

#include <rapidjson/document.h>

namespace dynamini::model {

std::string ModelPattern::command_word() const { return command.substr(0, command.find(' ')); }

const ModelPattern* ModelDefinition::find_pattern(std::string_view id_or_command) const {
  for (const ModelPattern& p : patterns) {
    if (p.id == id_or_command) return &p;
  }
  for (const ModelPattern& p : patterns) {
    if (!p.command.empty() && p.command_word() == id_or_command) return &p;
  }
  return nullptr;
}

const ModelParameter* ModelDefinition::find_parameter(std::string_view name) const {
  for (const ModelParameter& p : parameters) {
    if (p.name == name) return &p;
  }
  return nullptr;
}

const ModelTemplate* ModelDefinition::find_template(std::string_view id) const {
  for (const ModelTemplate& t : templates) {
    if (t.id == id) return &t;
  }
  return nullptr;
}

std::vector<std::string> ModelDefinition::table_names() const {
  std::vector<std::string> names;
  for (const std::string& request : tables) {
    rapidjson::Document doc;
    doc.Parse(request.data(), request.size());
    if (doc.IsObject() && doc.HasMember("TableName") && doc["TableName"].IsString()) {
      names.emplace_back(doc["TableName"].GetString());
    }
  }
  return names;
}

}  // namespace dynamini::model
