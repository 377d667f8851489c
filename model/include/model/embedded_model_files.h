#pragma once

// The files of model/models/ (the shipped models, the price tables and the
// reviewer's notes), built into the library by tools/cmake/embed_files.cmake.

#include <span>
#include <string_view>

namespace dynamini::model {

struct EmbeddedModelFile {
  std::string_view name;  // "inbox.json"
  std::string_view text;
};

// Every file, sorted by name.
std::span<const EmbeddedModelFile> embedded_model_files();

}  // namespace dynamini::model
