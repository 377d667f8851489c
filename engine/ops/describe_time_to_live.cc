#include "dynamini/api_error.h"
#include "ops/operations.h"
#include "validation/request_members.h"
#include "validation/shape_errors.h"

namespace dynamini {

// DescribeTimeToLive: ENABLED with the attribute, or DISABLED.
void describe_time_to_live(Engine& engine, const Json& request, JsonWriter& out) {
  ShapeErrors errors;
  auto table_name = string_member(request, "TableName");
  errors.name(table_name, "tableName", true);
  errors.throw_if_any();
  TimeToLiveSettings ttl;
  {
    std::lock_guard lock(engine.storage_mutex());
    auto table = engine.require_named_table(*table_name);
    ttl = table->ttl;
  }
  out.StartObject();
  out.Key("TimeToLiveDescription");
  out.StartObject();
  out.Key("TimeToLiveStatus");
  out.String(ttl.enabled ? "ENABLED" : "DISABLED");
  if (ttl.enabled) {
    out.Key("AttributeName");
    write_string(out, ttl.attribute);
  }
  out.EndObject();
  out.EndObject();
}

}  // namespace dynamini
