#include "console_assets.h"

#include <cstddef>
#include <cstdio>
#include <vector>

#include "crc32.h"
#include "embedded_console_files.h"

namespace dynamini::server {

namespace {

std::string_view content_type_for(std::string_view name) {
  struct Type {
    std::string_view suffix;
    std::string_view type;
  };
  static constexpr Type kTypes[] = {
      {".html", "text/html; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},
      {".js", "text/javascript; charset=utf-8"},
      {".svg", "image/svg+xml"},
  };
  for (const Type& t : kTypes) {
    if (name.ends_with(t.suffix)) return t.type;
  }
  return "application/octet-stream";
}

std::vector<ConsoleAsset> load() {
  std::vector<ConsoleAsset> assets;
  for (const EmbeddedConsoleFile& file : embedded_console_files()) {
    ConsoleAsset asset;
    asset.name = file.name;
    asset.content_type = content_type_for(asset.name);
    asset.body = file.text;
    char etag[16];
    std::snprintf(etag, sizeof etag, "\"%08x\"", static_cast<unsigned>(crc32(asset.body)));
    asset.etag = etag;
    assets.push_back(std::move(asset));
  }
  return assets;
}

}  // namespace

std::span<const ConsoleAsset> console_assets() {
  static const std::vector<ConsoleAsset> assets = load();
  return assets;
}

const ConsoleAsset* find_console_asset(std::string_view name) {
  for (const ConsoleAsset& asset : console_assets()) {
    if (asset.name == name) return &asset;
  }
  return nullptr;
}

}  // namespace dynamini::server
