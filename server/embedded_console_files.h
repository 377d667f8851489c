#pragma once

// The console's files (server/console/*), built into the library as byte
// arrays by tools/cmake/embed_files.cmake.

#include <span>
#include <string_view>

namespace dynamini::server {

struct EmbeddedConsoleFile {
  std::string_view name;  // "index.html"
  std::string_view text;
};

// Every file, in the order the build listed them.
std::span<const EmbeddedConsoleFile> embedded_console_files();

}  // namespace dynamini::server
