#include "dynamini/api_error.h"
#include "ops/operations.h"
#include "validation/request_members.h"
#include "validation/shape_errors.h"

namespace dynamini {

// UpdateTimeToLive: enables or disables TTL on one attribute. The change is
// immediate (DynamoDB passes through ENABLING/DISABLING for up to an hour).
void update_time_to_live(Engine& engine, const Json& request, JsonWriter& out) {
  ShapeErrors errors;
  auto table_name = string_member(request, "TableName");
  errors.name(table_name, "tableName", true);
  const Json* spec = object_member(request, "TimeToLiveSpecification");
  errors.require(spec != nullptr, "timeToLiveSpecification");
  std::optional<bool> enabled;
  std::optional<std::string> attribute;
  if (spec) {
    enabled = bool_member(*spec, "Enabled");
    attribute = string_member(*spec, "AttributeName");
    errors.require(enabled.has_value(), "timeToLiveSpecification.enabled");
    errors.require(attribute.has_value(), "timeToLiveSpecification.attributeName");
    if (attribute && attribute->size() > 255) {
      errors.add(*attribute, "timeToLiveSpecification.attributeName",
                 "Member must have length less than or equal to 255");
    }
  }
  errors.throw_if_any();
  // dynalite test/updateTimeToLive.js: an empty name is not a shape error.
  if (attribute->empty()) {
    throw validation_error("TimeToLiveSpecification.AttributeName must be non empty");
  }

  {
    std::lock_guard lock(engine.storage_mutex());
    auto table = engine.require_named_table(*table_name);
    // Messages from DynamoDB's ValidationException catalogue (ack-api-quirks
    // dynamodb DDB-TABLE-442, UpdateTimeToLive).
    if (*enabled && table->ttl.enabled) throw validation_error("TimeToLive is already enabled");
    if (!*enabled && !table->ttl.enabled) throw validation_error("TimeToLive is already disabled");
    if (!*enabled && table->ttl.attribute != *attribute) {
      throw validation_error(
          "TimeToLive is active on a different AttributeName: current AttributeName is " +
          table->ttl.attribute);
    }
    TableDef def = *table;
    def.ttl.enabled = *enabled;
    def.ttl.attribute = *enabled ? *attribute : std::string();
    engine.save_table_definition(std::move(def));
  }
  out.StartObject();
  out.Key("TimeToLiveSpecification");
  out.StartObject();
  out.Key("Enabled");
  out.Bool(*enabled);
  out.Key("AttributeName");
  write_string(out, *attribute);
  out.EndObject();
  out.EndObject();
}

}  // namespace dynamini
