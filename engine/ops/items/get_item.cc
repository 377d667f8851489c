// GetItem: one item by its key, whole or projected.

#include <mutex>

#include "operation/consumed_capacity.h"
#include "operation/expression_inputs.h"
#include "operation/key_paths.h"
#include "operation/operations.h"

namespace dynamini {

void GetItemOperation::check_before_values(const Request& request) {
  expr::check_expression_mixing(
      {{"ProjectionExpression", request.projection_expression.has_value()}},
      {{"AttributesToGet", request.attributes_to_get.has_value()}});
}

GetItemResponse GetItemOperation::run(Context& context, const Request& request,
                                      const ExecuteOptions& options) {
  const bool has_expression = request.projection_expression.has_value();
  auto attributes = read_projection_attributes(request.expression_attribute_names, has_expression);
  auto projection =
      read_projection(request.projection_expression, request.attributes_to_get, attributes);
  expr::check_all_used(attributes);
  const CapacityDetail capacity = capacity_detail(request.return_consumed_capacity, options);
  const bool consistent = request.consistent_read.value_or(false);

  std::optional<Store::StoredItem> stored;
  {
    std::lock_guard lock(context.storage_mutex());
    auto table = context.require_table(*request.table_name, "GetItem");
    validate_key(*request.key, *table);
    if (projection) check_key_paths(projection->paths(), *table);
    stored = context.store().get_stored(*table, encode_primary_key(*request.key, table->keys));
  }
  GetItemResponse response;
  if (stored) {
    // The stored text is already the wire form: spliced, not re-parsed,
    // unless a projection must look inside.
    response.item.emplace().json =
        projection ? item_to_json(projection->apply(item_from_json(stored->json)))
                   : std::move(stored->json);
  }
  if (capacity != CapacityDetail::kNone) {
    Consumption consumed;
    consumed.table = read_units(stored ? stored->size : 0, consistent);
    response.consumed_capacity = consumed_capacity(*request.table_name, capacity, consumed);
  }
  return response;
}

}  // namespace dynamini
