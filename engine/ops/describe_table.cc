#include "dynamini/api_error.h"
#include "ops/operations.h"
#include "validation/request_members.h"
#include "validation/shape_errors.h"

namespace dynamini {

void describe_table(Engine& engine, const Json& request, JsonWriter& out) {
  ShapeErrors errors;
  auto name = string_member(request, "TableName");
  errors.name(name, "tableName", true);
  errors.throw_if_any();
  std::shared_ptr<const TableDef> def;
  TableStats stats;
  {
    std::lock_guard lock(engine.storage_mutex());
    def = engine.require_named_table(*name);
    stats = engine.store().stats(*def);
  }
  out.StartObject();
  out.Key("Table");
  write_table_description(out, *def, stats, "ACTIVE", engine.options().region,
                          engine.options().account_id);
  out.EndObject();
}

}  // namespace dynamini
