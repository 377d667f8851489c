// ProjectionExpression and extracting document paths from items.

#include <map>
#include <optional>

#include "expressions/resolved.h"
#include "expressions/syntax_cache.h"

namespace dynamini::expr {
namespace {

// The union of the selected paths as a tree.
struct Selection {
  bool whole = false;
  std::map<std::string, Selection> members;
  std::map<int, Selection> elements;  // ordered by index: lists stay in order
};

void select(Selection& s, const Path& path, size_t i) {
  if (s.whole) return;
  if (i == path.size()) {
    s.whole = true;
    s.members.clear();
    s.elements.clear();
    return;
  }
  Selection& child = path[i].index >= 0 ? s.elements[path[i].index] : s.members[path[i].name];
  select(child, path, i + 1);
}

std::optional<AttributeValue> project(const AttributeValue& value, const Selection& s) {
  if (s.whole) return value;
  if (value.type == ValueType::M && !s.members.empty()) {
    AttributeValue out;
    out.type = ValueType::M;
    for (const auto& [name, child] : s.members) {
      auto it = value.map.find(name);
      if (it == value.map.end()) continue;
      if (auto projected = project(it->second, child)) out.map.emplace(name, std::move(*projected));
    }
    if (out.map.empty()) return std::nullopt;
    return out;
  }
  if (value.type == ValueType::L && !s.elements.empty()) {
    // Selected elements are compacted into a new list, in index order.
    AttributeValue out;
    out.type = ValueType::L;
    for (const auto& [index, child] : s.elements) {
      if (static_cast<size_t>(index) >= value.list.size()) continue;
      if (auto projected = project(value.list[index], child))
        out.list.push_back(std::move(*projected));
    }
    if (out.list.empty()) return std::nullopt;
    return out;
  }
  return std::nullopt;
}

}  // namespace

Item extract_paths(const Item& item, const std::vector<Path>& paths) {
  Selection root;
  for (const auto& path : paths) {
    if (!path.empty() && path[0].index < 0) select(root, path, 0);
  }
  Item out;
  for (const auto& [name, child] : root.members) {
    auto it = item.find(name);
    if (it == item.end()) continue;
    if (auto projected = project(it->second, child)) out.emplace(name, std::move(*projected));
  }
  return out;
}

Projection Projection::parse(std::string_view text, ExpressionAttributes& attributes) {
  const std::string prefix = "Invalid ProjectionExpression: ";
  check_expression_text(text, prefix, false);
  const std::vector<parsed::Path>& parsed_paths = *parsed::cached_projection_syntax(text, prefix);
  Resolver resolver(attributes);
  Projection projection;
  for (const auto& p : parsed_paths) projection.paths_.push_back(resolver.path(p));
  std::string overlap, conflict;
  if (resolver.undefined_name.empty()) check_path_overlaps(projection.paths_, &overlap, &conflict);
  // Order from dynalite db/projectionParser.pegjs.
  throw_first(prefix, {&resolver.reserved, &resolver.too_deep, &resolver.undefined_name, &overlap,
                       &conflict});
  return projection;
}

Projection Projection::of_names(const std::vector<std::string>& names) {
  Projection projection;
  for (const auto& name : names) projection.paths_.push_back(Path{PathElement{name, -1}});
  return projection;
}

Item Projection::apply(const Item& item) const { return extract_paths(item, paths_); }

}  // namespace dynamini::expr
