#include "dynamini/api_error.h"
#include "ops/operations.h"
#include "validation/request_members.h"
#include "validation/shape_errors.h"

namespace dynamini {

void delete_table(Engine& engine, const Json& request, JsonWriter& out) {
  ShapeErrors errors;
  auto name = string_member(request, "TableName");
  errors.name(name, "tableName", true);
  errors.throw_if_any();
  std::shared_ptr<const TableDef> def;
  TableStats stats;
  {
    std::lock_guard lock(engine.storage_mutex());
    def = engine.require_named_table(*name);
    if (def->deletion_protection) {
      throw validation_error(
          "Resource cannot be deleted as it is currently protected against deletion. Disable "
          "deletion protection first.");
    }
    stats = engine.store().stats(*def);
    engine.delete_table(*def);
  }
  out.StartObject();
  out.Key("TableDescription");
  write_table_description(out, *def, stats, "DELETING", engine.options().region,
                          engine.options().account_id);
  out.EndObject();
}

}  // namespace dynamini
