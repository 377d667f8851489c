#include "model/model_library.h"

#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>

#include "model/embedded_model_files.h"
#include "model/model_file.h"

namespace dynamini::model {
namespace {

constexpr std::string_view kSuffix = ".json";

// Model files are the embedded files other than price tables and the
// reviewer's notes.
bool is_model_file(std::string_view file) {
  return file.ends_with(kSuffix) && !file.starts_with("prices-") && file != "review-notes.json";
}

const std::map<std::string, ModelDefinition, std::less<>>& shipped() {
  static const auto models = [] {
    std::map<std::string, ModelDefinition, std::less<>> out;
    for (const EmbeddedModelFile& f : embedded_model_files()) {
      if (!is_model_file(f.name)) continue;
      ModelDefinition m = parse_model(f.text, "built-in " + std::string(f.name));
      std::string name = m.name;
      out.emplace(std::move(name), std::move(m));
    }
    return out;
  }();
  return models;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ModelFileError(path + ": cannot read the file");
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

std::vector<std::string> shipped_model_names() {
  std::vector<std::string> names;
  for (const auto& [name, model] : shipped()) names.push_back(name);
  return names;
}

const ModelDefinition* shipped_model(std::string_view name) {
  auto it = shipped().find(name);
  return it == shipped().end() ? nullptr : &it->second;
}

const ModelDefinition& inbox_model() {
  const ModelDefinition* inbox = shipped_model("inbox");
  if (inbox == nullptr) throw ModelFileError("the built-in inbox model is missing");
  return *inbox;
}

ModelDefinition load_model(const std::string& name_or_path) {
  if (const ModelDefinition* m = shipped_model(name_or_path)) return *m;
  if (name_or_path.find('/') == std::string::npos && !name_or_path.ends_with(kSuffix)) {
    std::string known;
    for (const std::string& name : shipped_model_names())
      known += (known.empty() ? "" : ", ") + name;
    throw ModelFileError("no model named '" + name_or_path + "' (built in: " + known +
                         "; or give a model file's path)");
  }
  return parse_model(read_file(name_or_path), name_or_path);
}

}  // namespace dynamini::model
