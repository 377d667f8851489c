#include "expressions/syntax_cache.h"

#include <unordered_map>

namespace dynamini::expr::parsed {
namespace {

template <typename Tree, typename Parse>
std::shared_ptr<const Tree> cached(std::string_view text, const std::string& prefix, Parse parse) {
  thread_local std::unordered_map<std::string, std::shared_ptr<const Tree>> trees;
  std::string key;
  key.reserve(prefix.size() + 1 + text.size());
  key.append(prefix).push_back('\0');
  key.append(text);
  if (auto it = trees.find(key); it != trees.end()) return it->second;
  auto tree = std::make_shared<const Tree>(parse(text, prefix));  // throws on syntax errors
  if (trees.size() >= kMaxCachedExpressions) trees.clear();
  trees.emplace(std::move(key), tree);
  return tree;
}

}  // namespace

std::shared_ptr<const ConditionTree> cached_condition_syntax(std::string_view text,
                                                             const std::string& prefix) {
  return cached<ConditionTree>(text, prefix, parse_condition_syntax);
}

std::shared_ptr<const UpdateTree> cached_update_syntax(std::string_view text,
                                                       const std::string& prefix) {
  return cached<UpdateTree>(text, prefix, parse_update_syntax);
}

std::shared_ptr<const std::vector<Path>> cached_projection_syntax(std::string_view text,
                                                                  const std::string& prefix) {
  return cached<std::vector<Path>>(text, prefix, parse_projection_syntax);
}

}  // namespace dynamini::expr::parsed
