#include <rapidjson/document.h>

#include "model/model_catalogue.h"

namespace dynamini::model {
namespace {

// "USER#{{user}}" -> "USER#<user>".
std::string shown(std::string_view key_template) {
  std::string out;
  for (size_t i = 0; i < key_template.size();) {
    if (key_template.compare(i, 2, "{{") == 0) {
      out += '<';
      i += 2;
    } else if (key_template.compare(i, 2, "}}") == 0) {
      out += '>';
      i += 2;
    } else {
      out += key_template[i++];
    }
  }
  return out;
}

std::string key_schema(const rapidjson::Value& keys, const rapidjson::Value* types) {
  std::string out;
  for (const auto& k : keys.GetArray()) {
    if (!out.empty()) out += ", ";
    const std::string name = k["AttributeName"].GetString();
    std::string type;
    if (types != nullptr) {
      for (const auto& d : types->GetArray()) {
        if (name == d["AttributeName"].GetString()) {
          type = std::string(d["AttributeType"].GetString()) + ", ";
        }
      }
    }
    out += name + " (" + type + k["KeyType"].GetString() + ")";
  }
  return out;
}

std::string table_lines(const std::string& request) {
  rapidjson::Document t;
  t.Parse(request.data(), request.size());
  const rapidjson::Value* types =
      t.HasMember("AttributeDefinitions") ? &t["AttributeDefinitions"] : nullptr;
  std::string out =
      "table " + std::string(t["TableName"].GetString()) + ": " + key_schema(t["KeySchema"], types);
  if (t.HasMember("StreamSpecification") && t["StreamSpecification"].HasMember("StreamViewType")) {
    out += "; stream " + std::string(t["StreamSpecification"]["StreamViewType"].GetString());
  }
  out += "\n";
  for (const char* kind : {"GlobalSecondaryIndexes", "LocalSecondaryIndexes"}) {
    if (!t.HasMember(kind)) continue;
    for (const auto& index : t[kind].GetArray()) {
      out += "  " + std::string(index["IndexName"].GetString()) + ": " +
             key_schema(index["KeySchema"], nullptr) + ", projection " +
             index["Projection"]["ProjectionType"].GetString() + "\n";
    }
  }
  return out;
}

std::string keys_text(const std::vector<std::pair<std::string, std::string>>& keys) {
  std::string out;
  for (const auto& [attribute, value] : keys) out += "  " + attribute + "=" + shown(value);
  return out;
}

}  // namespace

std::string model_key_design(const ModelDefinition& m) {
  std::string out;
  for (const std::string& table : m.tables) out += table_lines(table);
  out += "\n";
  for (const ModelEntity& e : m.entities) {
    std::string name = e.name;
    if (name.size() < 16) name.resize(16, ' ');
    out += name + keys_text(e.keys) + "\n";
    if (!e.index_keys.empty()) {
      out += std::string(16, ' ') + "  in " + (e.index.empty() ? "the index" : e.index) + ":" +
             keys_text(e.index_keys) +
             (e.indexed_while.empty() ? "" : "  (only while " + e.indexed_while + ")") + "\n";
    }
  }
  if (!m.notes.empty()) out += "\n";
  for (const ModelNote& n : m.notes) out += n.title + ": " + n.text + "\n";
  return out;
}

}  // namespace dynamini::model
