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

// "inbox.json" -> "inbox". A shipped model's name is its file's name without
// ".json" (parse_shipped checks it), so finding a model parses no other.
std::string_view stem(std::string_view file) {
  return file.substr(0, file.size() - kSuffix.size());
}

const EmbeddedModelFile* shipped_file(std::string_view name) {
  for (const EmbeddedModelFile& f : embedded_model_files()) {
    if (is_model_file(f.name) && stem(f.name) == name) return &f;
  }
  return nullptr;
}

ModelDefinition parse_shipped(const EmbeddedModelFile& f) {
  const std::string origin = "built-in " + std::string(f.name);
  ModelDefinition m = parse_model(f.text, origin);
  if (m.name != stem(f.name)) {
    throw ModelFileError(origin + ": the model's name '" + m.name + "' is not its file's name");
  }
  m.argument = m.name;
  return m;
}

// Each shipped model is parsed on first use, once; the definitions stay at
// their address for the life of the process. Start-up with --model inbox
// parses the inbox alone (issue 20: parsing all three was a quarter of the
// instructions to the first answer).
class ShippedModels {
 public:
  const ModelDefinition* find(std::string_view name) {
    const EmbeddedModelFile* file = shipped_file(name);
    if (file == nullptr) return nullptr;
    std::lock_guard lock(mu_);
    auto it = parsed_.find(name);
    if (it == parsed_.end()) {
      auto parsed = std::make_unique<const ModelDefinition>(parse_shipped(*file));
      it = parsed_.emplace(std::string(name), std::move(parsed)).first;
    }
    return it->second.get();
  }

 private:
  std::mutex mu_;
  std::map<std::string, std::unique_ptr<const ModelDefinition>, std::less<>> parsed_;
};

ShippedModels& shipped() {
  static ShippedModels models;
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
  for (const EmbeddedModelFile& f : embedded_model_files()) {
    if (is_model_file(f.name)) names.emplace_back(stem(f.name));
  }
  return names;  // sorted: embedded_model_files() is sorted by file name
}

const ModelDefinition* shipped_model(std::string_view name) { return shipped().find(name); }

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
  ModelDefinition m = parse_model(read_file(name_or_path), name_or_path);
  m.argument = name_or_path;
  return m;
}

}  // namespace dynamini::model
