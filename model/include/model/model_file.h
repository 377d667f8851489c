#pragma once

// Reading a model file (model/model_definition.h describes the format) or a
// NoSQL Workbench model export (model/workbench_import.h): every member is
// checked, and every name a member refers to (a pattern's templates,
// parameters and note, an entity's action, a lesson's patterns) must exist,
// so a model that loads can run.

#include <stdexcept>
#include <string>
#include <string_view>

#include "model/model_definition.h"

namespace dynamini::model {

// What is wrong with a model file, starting with where ("patterns[2].steps[0]:
// no template 'x'").
class ModelFileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// `json` is a model file, or a Workbench export (it has "ModelName" and
// "DataModel"). `origin` says where it came from, for messages. Throws
// ModelFileError.
ModelDefinition parse_model(std::string_view json, std::string origin);

}  // namespace dynamini::model
