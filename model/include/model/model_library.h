#pragma once

// The models dynamini ships (model/models/*.json, built into the binary) and
// loading a model by name or from a file.

#include <string>
#include <string_view>
#include <vector>

#include "model/model_definition.h"

namespace dynamini::model {

// "inbox", "notifications", "shop": the shipped models, sorted.
std::vector<std::string> shipped_model_names();

// The shipped model `name`, read once; null when there is none.
const ModelDefinition* shipped_model(std::string_view name);

// The inbox model, whose templates the C++ Inbox sends (model/inbox.h).
const ModelDefinition& inbox_model();

// A shipped model's name, or the path of a model file or a NoSQL Workbench
// export (model/model_file.h). Throws ModelFileError (an unreadable file
// too).
ModelDefinition load_model(const std::string& name_or_path);

}  // namespace dynamini::model
