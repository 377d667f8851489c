#include "queries/index_projection.h"

#include <algorithm>

#include "dynamini/api_error.h"

namespace dynamini {

bool index_projects(const TableDef& table, const IndexDef& index, const std::string& name) {
  if (index.projection.type == IndexProjection::Type::kAll) return true;
  // Every key attribute of the index, all of a multi-attribute key's.
  if (table.is_key_attribute(name) || index.keys.find(name)) return true;
  const auto& extra = index.projection.non_key_attributes;
  return index.projection.type == IndexProjection::Type::kInclude &&
         std::find(extra.begin(), extra.end(), name) != extra.end();
}

bool index_read_needs_table(const TableDef& table, const IndexDef* index,
                            const expr::Projection* projection) {
  if (!index || !projection || index->projection.type == IndexProjection::Type::kAll) return false;
  auto projected = [&](const std::string& name) { return index_projects(table, *index, name); };
  std::vector<std::string> missing;
  for (const auto& path : projection->paths()) {
    if (path.empty()) continue;
    const std::string& name = path.front().name;
    if (!projected(name) && std::find(missing.begin(), missing.end(), name) == missing.end()) {
      missing.push_back(name);
    }
  }
  if (missing.empty()) return false;
  if (!index->global) return true;
  std::string list;
  for (size_t i = 0; i < missing.size(); ++i) list += (i ? ", " : "") + missing[i];
  throw validation_error("One or more parameter values were invalid: Global secondary index " +
                         index->name + " does not project [" + list + "]");
}

}  // namespace dynamini
