#include "dynamini/api_error.h"
#include "expressions/legacy.h"
#include "ops/consumed_capacity.h"
#include "ops/index_projection.h"
#include "ops/expression_inputs.h"
#include "ops/operations.h"
#include "ops/pagination.h"
#include "validation/request_members.h"

namespace dynamini {

void scan(Engine& engine, const Json& request, JsonWriter& out) {
  ShapeErrors errors;
  auto table_name = string_member(request, "TableName");
  errors.name(table_name, "tableName", true);
  auto index_name = string_member(request, "IndexName");
  errors.name(index_name, "indexName", false);
  auto limit = integer_member(request, "Limit");
  errors.range(limit, "limit", 1);
  auto segment = integer_member(request, "Segment");
  auto total_segments = integer_member(request, "TotalSegments");
  errors.range(segment, "segment", 0, 999999);
  errors.range(total_segments, "totalSegments", 1, 1000000);
  auto select = read_select(request, errors);
  CapacityDetail capacity = read_capacity_detail(request, errors);
  expr::legacy_shape_errors(request, errors);
  errors.throw_if_any();
  // Orders from the DAX client's RequestValidator (mirrors DynamoDB's).
  expr::check_expression_mixing(request, {"ProjectionExpression", "FilterExpression"},
                                {"AttributesToGet", "ScanFilter", "ConditionalOperator"});
  check_select(select, request, index_name.has_value());
  // ExclusiveStartKey values are checked before the segments (dynalite
  // validations/scan.js).
  std::optional<Item> start = read_exclusive_start_key(request);
  if (segment && !total_segments) {
    throw validation_error(
        "The TotalSegments parameter is required but was not present in the request when "
        "Segment parameter is present");
  }
  if (total_segments && !segment) {
    throw validation_error(
        "The Segment parameter is required but was not present in the request when parameter "
        "TotalSegments is present");
  }
  if (segment && *segment >= *total_segments) {
    throw validation_error(
        "The Segment parameter is zero-based and must be less than parameter TotalSegments: "
        "Segment: " + std::to_string(*segment) + " is not less than TotalSegments: " +
        std::to_string(*total_segments));
  }
  bool consistent = bool_member(request, "ConsistentRead").value_or(false);
  auto attributes =
      read_expression_attributes(request, {"FilterExpression", "ProjectionExpression"});
  auto filter = read_condition(request, "FilterExpression", attributes);
  if (!filter) filter = expr::legacy_filter(request, "ScanFilter");
  auto projection = read_projection(request, attributes);
  expr::check_all_used(attributes);

  Page page;
  Select resolved;
  Consumption consumed;
  {
    std::lock_guard lock(engine.storage_mutex());
    auto table = engine.require_table(*table_name);
    // An unknown index with a start key is reported as a bad start key
    // (dynalite actions/scan.js, recorded against DynamoDB).
    if (start && index_name && !table->find_index(*index_name)) {
      throw validation_error("The provided starting key is invalid");
    }
    const IndexDef* index = find_read_index(*table, index_name, consistent);
    PageRequest pr;
    pr.table = table.get();
    pr.index = index;
    if (start) {
      validate_start_key(*start, *table, index);
      if (segment) check_start_key_segment(*start, *table, *segment, *total_segments);
      pr.exclusive_start_key = start;
    }
    resolved = resolve_select(select, projection.has_value(), index);
    pr.limit = limit;
    pr.filter = filter ? &*filter : nullptr;
    pr.projection = projection ? &*projection : nullptr;
    pr.select = resolved;
    pr.fetch_from_table =
        index_read_needs_table(*table, index, projection ? &*projection : nullptr);
    pr.consistent = consistent;
    pr.segment = segment;
    pr.total_segments = total_segments.value_or(1);
    page = read_page(engine, std::move(pr));
    consumed = read_consumption(index, page.bytes_read, consistent);
  }
  out.StartObject();
  write_page(out, page, resolved);
  write_consumed_capacity(out, *table_name, capacity, consumed);
  out.EndObject();
}

}  // namespace dynamini
