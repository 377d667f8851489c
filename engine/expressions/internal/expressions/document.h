#pragma once

// Walking document paths inside items.

#include "expressions/expressions.h"

namespace dynamini::expr {

// The value at `path`, or nullptr when any step is missing or of the wrong
// type (a name step needs a map, an index step a list).
const AttributeValue* find_path(const Item& item, const Path& path);
const AttributeValue* find_path(const Item* item, const Path& path);
AttributeValue* find_path(Item& item, const Path& path);

// The container holding the last step of `path` (nullptr for a top-level
// path or when the parent is missing).
AttributeValue* find_parent(Item& item, const Path& path);

}  // namespace dynamini::expr
