#include <algorithm>

#include "ops/operations.h"
#include "validation/request_members.h"
#include "validation/shape_errors.h"

namespace dynamini {

// ListTables: names in ascending order, at most Limit (1..100, default 100),
// starting after ExclusiveStartTableName; LastEvaluatedTableName when more
// remain.
void list_tables(Engine& engine, const Json& request, JsonWriter& out) {
  ShapeErrors errors;
  auto limit = integer_member(request, "Limit");
  auto start = string_member(request, "ExclusiveStartTableName");
  // DynamoDB reports limit first (dynalite test/listTables.js).
  errors.range(limit, "limit", 1, 100);
  errors.name(start, "exclusiveStartTableName", false);
  errors.throw_if_any();
  std::vector<std::string> names;
  {
    std::lock_guard lock(engine.storage_mutex());
    names = engine.table_names();
  }
  auto begin = start ? std::upper_bound(names.begin(), names.end(), *start) : names.begin();
  const size_t max = static_cast<size_t>(limit.value_or(100));
  out.StartObject();
  out.Key("TableNames");
  out.StartArray();
  size_t count = 0;
  auto it = begin;
  for (; it != names.end() && count < max; ++it, ++count) write_string(out, *it);
  out.EndArray();
  if (it != names.end() && count > 0) {
    out.Key("LastEvaluatedTableName");
    write_string(out, *(it - 1));
  }
  out.EndObject();
}

}  // namespace dynamini
