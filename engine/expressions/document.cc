#include "expressions/document.h"

namespace dynamini::expr {
namespace {

template <typename Value>
Value* step_into(Value* value, const PathElement& step) {
  if (step.index >= 0) {
    if (value->type != ValueType::L || static_cast<size_t>(step.index) >= value->list.size())
      return nullptr;
    return &value->list[step.index];
  }
  if (value->type != ValueType::M) return nullptr;
  auto it = value->map.find(step.name);
  return it == value->map.end() ? nullptr : &it->second;
}

template <typename ItemT, typename Value>
Value* walk(ItemT& item, const Path& path, size_t length) {
  if (length == 0 || path[0].index >= 0) return nullptr;
  auto it = item.find(path[0].name);
  if (it == item.end()) return nullptr;
  Value* value = &it->second;
  for (size_t i = 1; i < length && value; ++i) value = step_into(value, path[i]);
  return value;
}

}  // namespace

const AttributeValue* find_path(const Item& item, const Path& path) {
  return walk<const Item, const AttributeValue>(item, path, path.size());
}

const AttributeValue* find_path(const Item* item, const Path& path) {
  return item ? find_path(*item, path) : nullptr;
}

AttributeValue* find_path(Item& item, const Path& path) {
  return walk<Item, AttributeValue>(item, path, path.size());
}

AttributeValue* find_parent(Item& item, const Path& path) {
  if (path.size() < 2) return nullptr;
  return walk<Item, AttributeValue>(item, path, path.size() - 1);
}

}  // namespace dynamini::expr
