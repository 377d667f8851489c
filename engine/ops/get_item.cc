#include "dynamini/api_error.h"
#include "ops/consumed_capacity.h"
#include "ops/expression_inputs.h"
#include "ops/operations.h"
#include "validation/request_members.h"

namespace dynamini {

void get_item(Engine& engine, const Json& request, JsonWriter& out) {
  ShapeErrors errors;
  auto table_name = string_member(request, "TableName");
  errors.name(table_name, "tableName", true);
  const Json* key_json = object_member(request, "Key");
  errors.require(key_json != nullptr, "key");
  CapacityDetail capacity = read_capacity_detail(request, errors);
  bool consistent = bool_member(request, "ConsistentRead").value_or(false);
  // dynalite test/getItem.js: "Value '[]' at 'attributesToGet' failed to
  // satisfy constraint: Member must have length greater than or equal to 1".
  if (const Json* names = array_member(request, "AttributesToGet"); names && names->Empty()) {
    errors.add("[]", "attributesToGet", "Member must have length greater than or equal to 1");
  }
  errors.throw_if_any();
  Item key = parse_item(*key_json);
  bool has_expression = find_member(request, "ProjectionExpression") != nullptr;
  if (has_expression && find_member(request, "AttributesToGet")) {
    throw validation_error(
        "Can not use both expression and non-expression parameters in the same request: "
        "Non-expression parameters: {AttributesToGet} Expression parameters: "
        "{ProjectionExpression}");
  }
  auto attributes = read_projection_attributes(request);
  auto projection = read_projection(request, attributes);
  expr::check_all_used(attributes);

  std::optional<Store::StoredItem> stored;
  {
    std::lock_guard lock(engine.storage_mutex());
    auto table = engine.require_table(*table_name);
    validate_key(key, *table);
    stored = engine.store().get_stored(*table, encode_primary_key(key, table->keys));
  }
  out.StartObject();
  int64_t size = 0;
  if (stored) {
    size = stored->size;
    out.Key("Item");
    if (projection) {
      write_item(out, projection->apply(item_from_json(stored->json)));
    } else {
      // The stored text is already the wire form: spliced, not re-parsed.
      out.RawValue(stored->json.data(), stored->json.size(), rapidjson::kObjectType);
    }
  }
  Consumption consumed;
  consumed.table = read_units(size, consistent);
  write_consumed_capacity(out, *table_name, capacity, consumed);
  out.EndObject();
}

}  // namespace dynamini
