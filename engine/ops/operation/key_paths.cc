#include "operation/key_paths.h"

#include <string>

#include "dynamini/api_error.h"

namespace dynamini {

void check_key_paths(const std::vector<expr::Path>& paths, const TableDef& table) {
  const std::string message =
      "Key attributes must be scalars; list random access '[]' and map lookup '.' are not "
      "allowed: ";
  for (const auto& path : paths) {
    if (path.size() < 2 || path.front().index >= 0) continue;
    const std::string& name = path.front().name;
    if (table.keys.find(name)) throw validation_error(message + "Key: " + name);
    for (const auto& index : table.indexes) {
      if (index.keys.find(name)) throw validation_error(message + "IndexKey: " + name);
    }
  }
}

}  // namespace dynamini
