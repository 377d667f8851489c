#pragma once

// The teaching console's files (server/console/*), built into the binary by
// tools/cmake/embed_files.cmake.

#include <span>
#include <string>
#include <string_view>

namespace dynamini::server {

struct ConsoleAsset {
  std::string_view name;          // file name, e.g. "index.html"
  std::string_view content_type;  // e.g. "text/html; charset=utf-8"
  std::string_view body;          // the file's bytes
  std::string etag;               // strong ETag: quoted CRC32 of the body
};

// Every embedded file, in no particular order.
std::span<const ConsoleAsset> console_assets();

// The file named `name` ("console.css"), or nullptr.
const ConsoleAsset* find_console_asset(std::string_view name);

}  // namespace dynamini::server
