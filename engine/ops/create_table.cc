#include "dynamini/api_error.h"
#include "ops/operations.h"

namespace dynamini {

// CreateTable: the table is usable at once; the response says CREATING as
// DynamoDB's does, and DescribeTable says ACTIVE (waiters return at once).
void create_table(Engine& engine, const Json& request, JsonWriter& out) {
  TableDef def = table_def_from_create_request(request);
  std::shared_ptr<const TableDef> created;
  {
    std::lock_guard lock(engine.storage_mutex());
    created = engine.create_table(std::move(def));
  }
  out.StartObject();
  out.Key("TableDescription");
  write_table_description(out, *created, TableStats{{}, {}, std::vector<std::pair<int64_t, int64_t>>(
                                                               created->indexes.size())},
                          "CREATING", engine.options().region, engine.options().account_id);
  out.EndObject();
}

}  // namespace dynamini
